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

/** Verified bytes, and the headers they came with. */
interface FetchedAsset {
  bytes: Uint8Array;
  headers: Headers;
}

/**
 * Fetches an asset from the host's origin, reporting bytes as they arrive, verifying them and keeping
 * a copy in Cache Storage, so the next visit starts without downloading the models again. The cache
 * key is the URL; model URLs carry their sha256 (see the worker) so new weights never come from a
 * stale entry, and a cached copy that fails verification is dropped and fetched again.
 *
 * A copy that fails the sha256 check is fetched once more past the browser's HTTP cache (which a
 * file named by its sha256 may be kept in for good: a wrong copy it kept, from a host that once
 * served another version, is replaced there too). `cached` in progress events means Cache Storage;
 * an HTTP-cache hit reports as a download that completes at once.
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
  const fetched = (mode: RequestCache) => fetchVerified({ url, asset, expected, mode, doFetch, onProgress });
  let result: FetchedAsset;
  try {
    result = await fetched('default');
  } catch (error) {
    if (!(error instanceof IdlensError && error.code === 'ASSET_INTEGRITY')) throw error;
    result = await fetched('reload');
  }
  if (cache) {
    const contentType = result.headers.get('content-type') || 'application/octet-stream';
    // Best effort: a full quota or a private window must not fail the load.
    await cache.put(url, new Response(result.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } })).catch(() => {});
  }
  return result.bytes;
}

/** The URL of a file named by its content: `?sha256=` and the first 16 hex digits, the browser's cache key. */
export function versionedAssetUrl(file: string, sha256: string, baseUrl: string | URL): string {
  return `${new URL(file, String(baseUrl).replace(/\/?$/, '/')).href}?sha256=${sha256.slice(0, 16).toLowerCase()}`;
}

interface VerifiedFetch {
  url: string;
  asset: string;
  expected: ExpectedAsset;
  /** `reload`: past the HTTP cache. */
  mode: RequestCache;
  doFetch: typeof fetch;
  onProgress?: (progress: AssetProgress) => void;
}

async function fetchVerified({ url, asset, expected, mode, doFetch, onProgress }: VerifiedFetch): Promise<FetchedAsset> {
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
  return { bytes, headers: res.headers };
}

/** A Cache Storage bucket, or null where there is none (insecure contexts) or it cannot be opened. */
export async function openCache(name: string): Promise<Cache | null> {
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
