/**
 * Whether a response's headers let the browser answer the next request for the URL from its HTTP
 * cache without asking the host again: fresh for a while yet (`max-age` above the response's
 * `Age`), neither `no-cache` nor `no-store`. `immutable` only matters while a response is fresh, so
 * it does not count on its own; nor does `Expires`. Only then does Chromium reuse the compiled code
 * of a streamed wasm module (a revalidation, even a 304, discards it).
 */
export function keptByHttpCache(headers: Headers): boolean {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(cacheControl)) return false;
  const maxAge = /(^|[\s,])max-age\s*=\s*"?(\d+)/.exec(cacheControl);
  const age = Number(headers.get('age') ?? 0) || 0;
  return maxAge !== null && Number(maxAge[2]) > age;
}
