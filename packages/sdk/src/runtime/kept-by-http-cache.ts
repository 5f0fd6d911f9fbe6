/**
 * Whether a response's headers let the browser keep it and answer the next request for the URL
 * from its HTTP cache without asking the host again: a positive `max-age` (or `immutable`), and
 * neither `no-cache` nor `no-store`. Only then is a second fetch of the URL sure to return the
 * bytes the first one checked, and only then does Chromium reuse the compiled code of a streamed
 * wasm module (a revalidation, even a 304, discards it). `Expires` alone does not count.
 */
export function keptByHttpCache(headers: Headers): boolean {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(cacheControl)) return false;
  const maxAge = /(^|[\s,])max-age\s*=\s*"?(\d+)/.exec(cacheControl);
  return /(^|[\s,])immutable\b/.test(cacheControl) || (maxAge !== null && Number(maxAge[2]) > 0);
}
