import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodePng } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';

/** A local image host: the only kind of server a test here may talk to. */
function startImageHost(png: Buffer) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/qr.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.pathname === '/empty.png') return res.writeHead(200, { 'content-type': 'image/png' }).end();
    if (url.pathname === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(50_000, 1));
    if (url.pathname === '/redirect') return res.writeHead(302, { location: url.searchParams.get('to') ?? '/qr.png' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/slow') return setTimeout(() => res.writeHead(200).end(png), 3000);
    res.writeHead(404).end();
  });
  return new Promise<{ base: string; close(): void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

describe('imageUrl', () => {
  let host: Awaited<ReturnType<typeof startImageHost>>;
  beforeAll(async () => {
    host = await startImageHost(await barcodePng('from a URL', { format: 'QRCode' }));
  });
  afterAll(() => host.close());

  const read = (t: Awaited<ReturnType<typeof createTestApp>>, imageUrl: string) => t.post('/barcode', { image: { imageUrl }, scanQrCode: true });

  it('refuses private, loopback, link-local, metadata and mapped addresses by default', async () => {
    const t = await createTestApp();
    for (const url of [
      `${host.base}/qr.png`,
      'http://localhost:9/x.png',
      'http://10.0.0.1/x.png',
      'http://192.168.1.1/x.png',
      'http://172.16.0.1/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/x.png',
      'http://0.0.0.0/x.png',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://[::ffff:a9fe:a9fe]/x.png',
      'http://[fd00:ec2::254]/x.png',
      'http://[fe80::1]/x.png',
      // Deprecated site-local: outside global unicast, though no special-purpose entry names it (issue #56).
      'http://[fec0::1]/x.png',
      'http://[fec0::7f00:1]:9/x.png',
      'http://2130706433/x.png',
      'http://0x7f.1/x.png',
    ]) {
      const res = await read(t, url);
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe('IMAGE_URL_NOT_ALLOWED');
    }
  });

  it('refuses schemes other than http(s)', async () => {
    const t = await createTestApp();
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://x/', 'data:image/png;base64,AAAA']) {
      expect((await read(t, url)).json.code, url).toBe('IMAGE_URL_NOT_ALLOWED');
    }
  });

  it('fetches from an allow-listed address and reads the image', async () => {
    const t = await createTestApp({ IMAGE_URL_ALLOW: '127.0.0.1/32' });
    const res = await read(t, `${host.base}/qr.png`);
    expect(res.status).toBe(200);
    expect(res.json.data.stringData).toBe('from a URL');
  });

  it('re-checks every redirect and caps their number', async () => {
    const t = await createTestApp({ IMAGE_URL_ALLOW: '127.0.0.1/32' });
    expect((await read(t, `${host.base}/redirect?to=/qr.png`)).status).toBe(200);
    const toMetadata = await read(t, `${host.base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`);
    expect(toMetadata.json.code).toBe('IMAGE_URL_NOT_ALLOWED');
    const loop = await read(t, `${host.base}/loop`);
    expect(loop.json.code).toBe('IMAGE_URL_FETCH_FAILED');
  });

  it('reports failed, empty, oversized and slow downloads with their codes', async () => {
    const t = await createTestApp({ IMAGE_URL_ALLOW: '127.0.0.1', IMAGE_MAX_BYTES: '20000', IMAGE_URL_TIMEOUT_MS: '500' });
    expect((await read(t, `${host.base}/missing.png`)).json.code).toBe('IMAGE_URL_FETCH_FAILED');
    expect((await read(t, `${host.base}/empty.png`)).json.code).toBe('IMAGE_DECODE_FAILED');
    expect((await read(t, `${host.base}/big.png`)).json.code).toBe('IMAGE_TOO_LARGE');
    const slow = await read(t, `${host.base}/slow`);
    expect(slow.json.code).toBe('IMAGE_URL_FETCH_FAILED');
    expect(slow.json.message).toMatch(/timed out/);
  });

  it('can be turned off for offline deployments', async () => {
    const t = await createTestApp({ IMAGE_URL_FETCH: 'disabled', IMAGE_URL_ALLOW: '127.0.0.1' });
    const res = await read(t, `${host.base}/qr.png`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('IMAGE_URL_FETCH_DISABLED');
  });
});
