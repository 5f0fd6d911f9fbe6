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

describe('fetchAsset tee', () => {
  it('gives a copy of the fetched response before it is read, with the very bytes that are checked and returned', async () => {
    const { doFetch } = host([good]);
    const copies: Promise<Uint8Array>[] = [];
    const bytes = await fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, {
      fetch: doFetch,
      tee: (copy) => copies.push(copy.arrayBuffer().then((b) => new Uint8Array(b))),
    });
    expect(bytes).toEqual(good);
    expect(await Promise.all(copies)).toEqual([good]);
  });

  it('gives a copy of each fetch when the first fails its sha256 and is fetched again past the HTTP cache: the last one is the checked copy', async () => {
    const { doFetch, modes } = host([tampered, good]);
    const copies: Promise<Uint8Array>[] = [];
    const bytes = await fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, {
      fetch: doFetch,
      tee: (copy) => copies.push(copy.arrayBuffer().then((b) => new Uint8Array(b))),
    });
    expect(modes).toEqual(['default', 'reload']);
    expect(bytes).toEqual(good);
    expect(await Promise.all(copies)).toEqual([tampered, good]);
  });

  it('gives no copy of an HTML page answered for the file, and fails with ASSET_CONTENT_TYPE', async () => {
    const { doFetch } = host([good], 'text/html; charset=utf-8');
    let copies = 0;
    await expect(fetchAsset('https://app.example/a.wasm', 'a.wasm', expected, { fetch: doFetch, tee: () => copies++ })).rejects.toMatchObject({
      code: 'ASSET_CONTENT_TYPE',
    });
    expect(copies).toBe(0);
  });
});
