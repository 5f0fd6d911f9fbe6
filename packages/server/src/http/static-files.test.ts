import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachePolicies, staticFiles } from './static-files.ts';

describe('staticFiles', () => {
  let dir: string;
  const script = Buffer.from('export const answer = 42;\n'.repeat(400));
  const app = new Hono();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-static-'));
    await writeFile(path.join(dir, 'idlens-worker.js'), script);
    await writeFile(path.join(dir, 'idlens-worker.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dir, 'idlens-worker.js.gz'), gzipSync(script));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'main-3f9a1c2b.js'), script);
    app.use('/*', staticFiles(dir));
    app.notFound((c) => c.text('nothing here', 404));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sends the brotli file to a browser that accepts it, with a tag per encoding and a revalidate policy', async () => {
    const br = await app.request('/idlens-worker.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe(cachePolicies.revalidate);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(script)).toBe(true);

    const gz = await app.request('/idlens-worker.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/idlens-worker.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(script)).toBe(true);
    await gz.body?.cancel();

    const tags = new Set([br, gz, plain].map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(3);
  });

  it('answers a conditional request with 304 and no body, and a changed file with 200', async () => {
    const first = await app.request('/idlens-worker.js', { headers: { 'accept-encoding': 'br' } });
    await first.body?.cancel();
    const etag = first.headers.get('etag')!;
    const again = await app.request('/idlens-worker.js', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const other = await app.request('/idlens-worker.js', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    await other.body?.cancel();

    const since = await app.request('/idlens-worker.js', { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(since.status).toBe(304);
  });

  it("keeps Vite's content-hashed files for a year, and leaves unknown paths to the next handler", async () => {
    const hashed = await app.request('/assets/main-3f9a1c2b.js');
    expect(hashed.headers.get('cache-control')).toBe(cachePolicies.hashed);
    await hashed.body?.cancel();
    const missing = await app.request('/nope.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nothing here');
    const escaping = await app.request('/assets/../../etc/passwd');
    expect(escaping.status).toBe(404);
  });

  it("keeps a file asked for by its own sha256 (the SDK's models and wasm) for a year, and never stores one asked for by another", async () => {
    const own = createHash('sha256').update(script).digest('hex').slice(0, 16);
    const named = await app.request(`/idlens-worker.js?sha256=${own}`, { headers: { 'accept-encoding': 'br' } });
    expect(named.status).toBe(200);
    expect(named.headers.get('content-encoding')).toBe('br'); // the hash is the original file's, whatever the encoding
    expect(named.headers.get('cache-control')).toBe(cachePolicies.hashed);
    await named.body?.cancel();
    const other = await app.request('/idlens-worker.js?sha256=3398c10d07d229bd');
    expect(other.headers.get('cache-control')).toBe(cachePolicies.mismatch);
    await other.body?.cancel();
    for (const query of ['', `?sha256=${own.slice(0, 8)}`, `?sha256=${own.toUpperCase()}`, `?v=${own}`, `?sha256=${own}0`]) {
      const res = await app.request(`/idlens-worker.js${query}`);
      expect(res.headers.get('cache-control'), query).toBe(cachePolicies.revalidate);
      await res.body?.cancel();
    }
  });

  it('does not pin a compressed copy older than the file it stands for, nor a file changed in place', async () => {
    const fresh = Buffer.from('export const version = 2;\n'.repeat(300));
    await writeFile(path.join(dir, 'model.bin'), fresh);
    const own = createHash('sha256').update(fresh).digest('hex').slice(0, 16);
    // A .br left from an earlier copy: older than the file.
    await writeFile(path.join(dir, 'model.bin.br'), brotliCompressSync(Buffer.from('old')));
    const past = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, 'model.bin.br'), past, past);
    const br = await app.request(`/model.bin?sha256=${own}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe(cachePolicies.revalidate);
    await br.body?.cancel();
    const plain = await app.request(`/model.bin?sha256=${own}`);
    expect(plain.headers.get('cache-control')).toBe(cachePolicies.hashed);
    await plain.body?.cancel();

    // Replaced in place by another version of the same size: the remembered hash is not reused.
    await writeFile(path.join(dir, 'model.bin'), Buffer.from('export const version = 3;\n'.repeat(300)));
    const replaced = await app.request(`/model.bin?sha256=${own}`);
    expect(replaced.headers.get('cache-control')).toBe(cachePolicies.mismatch);
    await replaced.body?.cancel();
  });
});
