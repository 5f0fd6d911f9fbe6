import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fetchAsset } from './fetch-asset.ts';

const good = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const tampered = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 9]);
const expected = { bytes: good.byteLength, sha256: createHash('sha256').update(good).digest('hex') };

/** A host answering each request with the next body, recording the cache mode asked for. */
function host(bodies: Uint8Array[], contentType = 'application/wasm') {
  const modes: string[] = [];
  const doFetch = (async (_url: string, init?: RequestInit) => {
    modes.push(init?.cache ?? 'default');
    const body = bodies[Math.min(modes.length - 1, bodies.length - 1)]!;
    return new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } });
  }) as typeof fetch;
  return { doFetch, modes };
}

describe('fetchAsset', () => {
  it('returns the fetched bytes once their sha256 is checked', async () => {
    const { doFetch, modes } = host([good]);
    expect(await fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, { fetch: doFetch })).toEqual(good);
    expect(modes).toEqual(['default']);
  });

  it('fetches a copy that fails its sha256 again past the HTTP cache, and returns the second when it is right', async () => {
    const { doFetch, modes } = host([tampered, good]);
    expect(await fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, { fetch: doFetch })).toEqual(good);
    expect(modes).toEqual(['default', 'reload']);
  });

  it('fails with ASSET_INTEGRITY when the copy past the HTTP cache is wrong too', async () => {
    const { doFetch, modes } = host([tampered, tampered]);
    await expect(fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, { fetch: doFetch })).rejects.toMatchObject({ code: 'ASSET_INTEGRITY' });
    expect(modes).toEqual(['default', 'reload']);
  });

  it('fails with ASSET_CONTENT_TYPE when an HTML page is answered for the file', async () => {
    const { doFetch } = host([good], 'text/html; charset=utf-8');
    await expect(fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, { fetch: doFetch })).rejects.toMatchObject({
      code: 'ASSET_CONTENT_TYPE',
    });
  });
});
