import { IdlensError } from '../engine/errors.ts';

/** Bytes of one asset arriving, for progress bars (`total` is null when the server sends no length). */
export interface AssetProgress {
  asset: string;
  loaded: number;
  total: number | null;
  /** True when the bytes came from Cache Storage (no network). */
  cached: boolean;
}

export interface FetchAssetOptions {
  /** Cache Storage bucket; null = no caching (the browser's HTTP cache still applies). */
  cacheName?: string | null;
  onProgress?: (progress: AssetProgress) => void;
  fetch?: typeof fetch;
}

/**
 * Fetches an asset from the host's origin, reporting bytes as they arrive and keeping a copy in
 * Cache Storage, so the next visit starts without downloading the models again. The cache key is
 * the URL; model URLs carry the sha256 query (see `assetCacheKey`) so a new weight file is never
 * answered from a stale cache entry, and the bytes are verified against the manifest anyway.
 */
export async function fetchAsset(url: string, asset: string, { cacheName = null, onProgress, fetch: doFetch = globalThis.fetch }: FetchAssetOptions = {}): Promise<Uint8Array | null> {
  const cache = cacheName ? await openCache(cacheName) : null;
  const hit = cache ? await cache.match(url).catch(() => undefined) : undefined;
  if (hit) {
    const bytes = new Uint8Array(await hit.arrayBuffer());
    onProgress?.({ asset, loaded: bytes.byteLength, total: bytes.byteLength, cached: true });
    return bytes;
  }
  let res: Response;
  try {
    res = await doFetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new IdlensError('NETWORK_ERROR', `${asset}: cannot fetch ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (res.status === 404) return null;
  if (!res.ok) throw new IdlensError('NETWORK_ERROR', `${asset}: HTTP ${res.status} for ${url}`);
  const bytes = await readWithProgress(res, asset, onProgress);
  if (cache) {
    // Best effort: a full quota or a private window must not fail the load.
    await cache.put(url, new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' } })).catch(() => {});
  }
  return bytes;
}

async function openCache(name: string): Promise<Cache | null> {
  // Cache Storage exists only in secure contexts (https, localhost).
  if (typeof caches === 'undefined') return null;
  return caches.open(name).catch(() => null);
}

async function readWithProgress(res: Response, asset: string, onProgress?: (p: AssetProgress) => void): Promise<Uint8Array> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body || !onProgress) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    onProgress?.({ asset, loaded: bytes.byteLength, total: bytes.byteLength, cached: false });
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
