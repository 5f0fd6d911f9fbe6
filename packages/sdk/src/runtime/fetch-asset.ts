import { IdlensError } from '../core/errors.ts';
import { sha256Hex } from './sha256.ts';

/** Bytes of one asset arriving, for progress bars. */
export interface AssetProgress {
  asset: string;
  loaded: number;
  /** The asset's size: from the manifest (models) or the runtime-files table (wasm), so known before the first byte. */
  total: number;
  /** True when the bytes came from Cache Storage (no network). */
  cached: boolean;
}

/** What the bytes must be: the size (for progress) and the sha256 (checked before use and before caching). */
export interface ExpectedAsset {
  bytes: number;
  sha256: string;
}

export interface FetchAssetOptions {
  /** Cache Storage bucket; null = no caching (the browser's HTTP cache still applies). */
  cacheName?: string | null;
  onProgress?: (progress: AssetProgress) => void;
  fetch?: typeof fetch;
}

/**
 * Fetches an asset from the host's origin, reporting bytes as they arrive, verifying them and keeping
 * a copy in Cache Storage, so the next visit starts without downloading the models again. The cache
 * key is the URL; model URLs carry their sha256 (see the worker) so new weights never come from a
 * stale entry, and a cached copy that fails verification is dropped and fetched again.
 *
 * Failures have distinct codes: `ASSET_NOT_FOUND` (404/410, with the URL), `ASSET_CONTENT_TYPE` (an
 * HTML page instead of the file — what a single-page app's fallback route serves for a missing
 * file), `ASSET_INTEGRITY` (sha256 mismatch), `NETWORK_ERROR` (unreachable, other HTTP errors).
 */
export async function fetchAsset(
  url: string,
  asset: string,
  expected: ExpectedAsset,
  { cacheName = null, onProgress, fetch: doFetch = globalThis.fetch }: FetchAssetOptions = {},
): Promise<Uint8Array> {
  const cache = cacheName ? await openCache(cacheName) : null;
  const hit = cache ? await cache.match(url).catch(() => undefined) : undefined;
  if (hit && cache) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256Hex(bytes)) === expected.sha256) {
      onProgress?.({ asset, loaded: bytes.byteLength, total: expected.bytes, cached: true });
      return bytes;
    }
    await cache.delete(url).catch(() => false);
  }
  try {
    return await fetchVerified(url, asset, expected, cache, doFetch, 'default', onProgress);
  } catch (error) {
    // A file named by its sha256 may be cached by the browser for good: a wrong copy it kept (the
    // host served another version once) is fetched past the HTTP cache, which also replaces it there.
    if (!(error instanceof IdlensError && error.code === 'ASSET_INTEGRITY')) throw error;
    return fetchVerified(url, asset, expected, cache, doFetch, 'reload', onProgress);
  }
}

/** The URL of a file named by its content: `?sha256=` and the first 16 hex digits, the browser's cache key. */
export function versionedAssetUrl(file: string, sha256: string, baseUrl: string | URL): string {
  return `${new URL(file, String(baseUrl).replace(/\/?$/, '/')).href}?sha256=${sha256.slice(0, 16).toLowerCase()}`;
}

async function fetchVerified(
  url: string,
  asset: string,
  expected: ExpectedAsset,
  cache: Cache | null,
  doFetch: typeof fetch,
  mode: RequestCache,
  onProgress?: (progress: AssetProgress) => void,
): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await doFetch(url, { credentials: 'same-origin', ...(mode === 'default' ? {} : { cache: mode }) });
  } catch (error) {
    throw new IdlensError('NETWORK_ERROR', `${asset}: cannot fetch ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (res.status === 404 || res.status === 410) {
    throw new IdlensError('ASSET_NOT_FOUND', `${asset} not found at ${url} (HTTP ${res.status}); copy the SDK's assets there (docs/sdk.md, "Assets")`, {
      status: res.status,
    });
  }
  if (!res.ok) throw new IdlensError('NETWORK_ERROR', `${asset}: HTTP ${res.status} for ${url}`, { status: res.status });
  const contentType = res.headers.get('content-type') ?? '';
  if (/^\s*text\/html\b/i.test(contentType)) {
    await res.body?.cancel().catch(() => {});
    throw new IdlensError(
      'ASSET_CONTENT_TYPE',
      `${asset}: ${url} answered an HTML page (content-type ${contentType}), not the file — usually the app's fallback page for a file that is not there`,
    );
  }
  const bytes = await readWithProgress(res, asset, expected.bytes, onProgress);
  const actual = await sha256Hex(bytes);
  if (actual !== expected.sha256) {
    throw new IdlensError(
      'ASSET_INTEGRITY',
      `${asset}: ${url} has sha256 ${actual} (${bytes.byteLength} bytes), expected ${expected.sha256} (${expected.bytes} bytes) — another version of the file?`,
    );
  }
  if (cache) {
    // Best effort: a full quota or a private window must not fail the load.
    await cache
      .put(url, new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType || 'application/octet-stream' } }))
      .catch(() => {});
  }
  return bytes;
}

async function openCache(name: string): Promise<Cache | null> {
  // Cache Storage exists only in secure contexts (https, localhost).
  if (typeof caches === 'undefined') return null;
  return caches.open(name).catch(() => null);
}

async function readWithProgress(res: Response, asset: string, total: number, onProgress?: (p: AssetProgress) => void): Promise<Uint8Array> {
  if (!res.body || !onProgress) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    onProgress?.({ asset, loaded: bytes.byteLength, total, cached: false });
    return bytes;
  }
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ asset, loaded, total, cached: false });
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
