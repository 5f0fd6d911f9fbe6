import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { corsHeaders, type CorsOptions } from './cors.ts';

const options: CorsOptions = {
  origin: (origin) => (origin === 'https://shop.example' ? origin : null),
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type'],
  exposeHeaders: ['x-execution-id'],
  maxAge: 600,
};

function appWith(middleware: MiddlewareHandler) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.header('x-execution-id', 'e1');
    await next();
  });
  app.use('/api/*', middleware);
  app.post('/api/ok', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }));
  app.post('/api/fails', () => {
    throw new HTTPException(401, { message: 'no' });
  });
  app.onError((error, c) => c.json({ error: error.message }, error instanceof HTTPException ? error.status : 500));
  return app;
}

const ours = appWith(corsHeaders(options));
const hono = appWith(cors(options));

async function answer(app: Hono, method: string, path: string, headers: Record<string, string>) {
  const res = await app.request(path, { method, headers });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

describe('corsHeaders', () => {
  const cases: Array<[string, string, string, Record<string, string>]> = [
    ['an answer to a configured origin', 'POST', '/api/ok', { origin: 'https://shop.example' }],
    ['an answer to another origin', 'POST', '/api/ok', { origin: 'https://evil.example' }],
    ['an answer without Origin', 'POST', '/api/ok', {}],
    ['an error answer', 'POST', '/api/fails', { origin: 'https://shop.example' }],
    [
      'a preflight',
      'OPTIONS',
      '/api/ok',
      { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    ],
    ['a preflight from another origin', 'OPTIONS', '/api/ok', { origin: 'https://evil.example', 'access-control-request-method': 'POST' }],
  ];
  it.each(cases)('answers %s exactly as Hono’s cors() does', async (_name, method, path, headers) => {
    expect(await answer(ours, method, path, headers)).toEqual(await answer(hono, method, path, headers));
  });

  it('names Origin in Vary once, next to the handler’s own headers', async () => {
    const res = await ours.request('/api/ok', { method: 'POST', headers: { origin: 'https://shop.example' } });
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-execution-id')).toBe('e1');
  });
});
