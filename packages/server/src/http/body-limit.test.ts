import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { limitBody } from './body-limit.ts';

/** One raw HTTP/1.1 request (fetch cannot send a chunked body of a known size, nor lie about Content-Length). */
function send(url: string, headers: Record<string, string>, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may answer and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('limitBody', () => {
  const app = new Hono();
  let bodiesRead = 0;
  app.use(
    '*',
    limitBody(100, () => new ApiError('PAYLOAD_TOO_LARGE', 'too large')),
  );
  app.post('/echo', async (c) => {
    bodiesRead++;
    return c.json(await c.req.json());
  });
  app.get('/echo', (c) => c.text('get'));
  app.onError((error, c) => c.json({ code: error instanceof ApiError ? error.code : 'INTERNAL_ERROR' }, error instanceof ApiError ? error.status : 500));

  let server: ReturnType<typeof serve>;
  let url = '';
  beforeAll(async () => {
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes a body within the limit, declared by Content-Length, and the handler reads it', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(50) });
    const res = await send(url, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, [body]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ a: 'x'.repeat(50) });
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const before = bodiesRead;
    const body = JSON.stringify({ a: 'x'.repeat(200) });
    const res = await send(url, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, [body]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE' });
    expect(bodiesRead).toBe(before);
  });

  it('counts a chunked body while it streams: within the limit it passes, over it is refused', async () => {
    const small = await send(url, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":', '"b"}']);
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body)).toEqual({ a: 'b' });
    const big = await send(url, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":"', 'x'.repeat(80), 'x'.repeat(80), '"}']);
    expect(big.status).toBe(413);
  });

  it('lets GET through and applies in-process requests (no Content-Length) by counting', async () => {
    expect((await app.request('/echo')).status).toBe(200);
    const within = await app.request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await within.json()).toEqual({ a: 1 });
    const over = await app.request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(200) }) });
    expect(over.status).toBe(413);
  });
});
