import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildInfo, createApp, createLogger, listen, readConfig, silentLogger } from '@idlens/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRecognition, createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/**
 * Issue #56, item 8: headers and the HTTP edge — CSP on the demo page and /docs, `no-store` on
 * every platform answer (401 and 429 included), a body limit on the admin API, a client that hangs
 * up mid-upload logged as such (not as a server error), and request/headers timeouts.
 */

const adminToken = 'operator-token-'.padEnd(48, 'h');

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy on the demo page and /docs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-csp-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>demo</title>');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('every page answer carries a CSP without inline or eval script, plugins, framing or a foreign base', async () => {
    const { recognition } = createFakeRecognition();
    const app = createApp({
      config: readConfig({ DEMO_DIR: dir, PUBLIC_URL: 'https://id.example' }),
      recognition,
      logger: silentLogger,
      healthChecks: [],
      info: buildInfo(),
    });
    for (const page of ['/', '/index.html', '/docs', '/docs/assets/docs-init.js']) {
      const res = await app.request(page, { headers: { host: 'idlens.test:8080' } });
      expect(res.status, page).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), page).toBeDefined();
      expect(csp.get('script-src'), page).toContain("'self'");
      expect(csp.get('script-src'), page).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src'), page).not.toContain("'unsafe-eval'");
      expect(csp.get('object-src'), page).toEqual(["'none'"]);
      expect(csp.get('base-uri'), page).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), page).toEqual(["'none'"]);
    }
    // The demo page runs the SDK: its worker from this origin and WebAssembly; it calls the edge API (PUBLIC_URL) and the proxy on another port of its host.
    const demo = directives((await app.request('/', { headers: { host: 'idlens.test:8080' } })).headers.get('content-security-policy'));
    expect(demo.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect(demo.get('worker-src')).toEqual(["'self'"]);
    expect(demo.get('connect-src')).toEqual(["'self'", 'https://id.example', 'http://idlens.test:*']);
    // A Host header that is not a host name cannot write into the policy.
    const odd = directives((await app.request('/', { headers: { host: "x; script-src 'unsafe-inline'" } })).headers.get('content-security-policy'));
    expect(odd.get('connect-src')).toEqual(["'self'", 'https://id.example']);
    expect(odd.get('script-src')).not.toContain("'unsafe-inline'");
  });
});

describe('every platform answer carries Cache-Control: no-store, 401 and 429 included', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { ADMIN_TOKEN: adminToken, AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS: '2', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
  });
  afterAll(async () => t.close());

  it('agent, OAuth, edge and admin: 401, 429, 413, 415 and 404 answers', async () => {
    const tx = (await t.agent('POST', '/transaction', createRequest())).json;
    // Another client's id: in-process requests share one (empty) address, and the demo client must stay usable.
    const wrongAgent = { authorization: t.basic((await t.otherOrganization()).clientId, 'wrong') };
    const wrongEdge = { authorization: t.basic(tx.transactionId, 'wrong') };
    const answers: Array<[string, Awaited<ReturnType<PlatformTestApp['request']>>]> = [
      ['agent 401 without credentials', await t.request('GET', '/agent/api/v1/transaction')],
      ['agent 401 wrong secret', await t.request('GET', '/agent/api/v1/workflow', { headers: wrongAgent })],
      ['agent 401 again', await t.request('GET', '/agent/api/v1/workflow', { headers: wrongAgent })],
      ['agent 429', await t.request('GET', '/agent/api/v1/workflow', { headers: wrongAgent })],
      ['agent client routes 401', await t.request('GET', '/agent/api/v1/client')],
      ['agent 413', await t.agent('POST', '/transaction', { padding: 'x'.repeat(1024 * 1024 + 10) })],
      [
        'agent 415',
        await t.request('POST', '/agent/api/v1/transaction', { body: '{}', headers: { authorization: t.agentAuth, 'content-type': 'text/plain' } }),
      ],
      ['agent 404', await t.agent('GET', '/no-such-route')],
      ['oauth 401', await t.request('POST', '/agent/oauth/token', { body: { grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' } })],
      ['edge 401 without credentials', await t.request('GET', `/edge/api/v1/transaction/${tx.transactionId}`)],
      ['edge 401 wrong key', await t.edge('GET', `/transaction/${tx.transactionId}`, wrongEdge.authorization)],
      ['edge 401 again', await t.edge('GET', `/transaction/${tx.transactionId}`, wrongEdge.authorization)],
      ['edge 429', await t.edge('GET', `/transaction/${tx.transactionId}`, wrongEdge.authorization)],
      ['edge 413', await t.edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: 'A'.repeat(70 * 2 ** 20) } })],
      ['admin 401', await t.request('GET', '/admin/api/v1/organizations', { headers: { authorization: 'Bearer wrong' } })],
      ['admin 200', await t.request('GET', '/admin/api/v1/organizations', { headers: { authorization: `Bearer ${adminToken}` } })],
    ];
    const statuses = Object.fromEntries(answers.map(([name, res]) => [name, res.status]));
    expect(statuses).toEqual({
      'agent 401 without credentials': 401,
      'agent 401 wrong secret': 401,
      'agent 401 again': 401,
      'agent 429': 429,
      'agent client routes 401': 401,
      'agent 413': 413,
      'agent 415': 415,
      'agent 404': 404,
      'oauth 401': 401,
      'edge 401 without credentials': 401,
      'edge 401 wrong key': 401,
      'edge 401 again': 401,
      'edge 429': 429,
      'edge 413': 413,
      'admin 401': 401,
      'admin 200': 200,
    });
    for (const [name, res] of answers) expect(res.headers.get('cache-control'), `${name} (${res.status})`).toContain('no-store');
  });
});

describe('the admin API has a body limit', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { ADMIN_TOKEN: adminToken } });
  });
  afterAll(async () => t.close());

  it('a 200 MiB chunked body is refused 413 after at most its limit was read', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 200 * 2 ** 20) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/admin/api/v1/organizations', {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(sent).toBeLessThan(2 * 2 ** 20);
    // A declared length over the limit is refused from the header alone.
    const declared = await t.app.request('/admin/api/v1/organizations', {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'content-length': String(200 * 2 ** 20) },
      body: '{}',
    });
    expect(declared.status).toBe(413);
  });
});

/** Writes raw bytes to a server and collects what comes back until the server closes the connection. */
function rawExchange(port: number, write: (socket: Socket) => void): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedByServer: true }));
    socket.on('connect', () => write(socket));
  });
}

describe('over a socket: request timeouts and clients that hang up', () => {
  it('a body whose Content-Length promises more than is sent is answered 408 and closed after HTTP_REQUEST_TIMEOUT', async () => {
    const { recognition } = createFakeRecognition();
    const config = readConfig({ PORT: '0', HTTP_REQUEST_TIMEOUT: '2', HTTP_HEADERS_TIMEOUT: '1' });
    const app = createApp({ config, recognition, logger: silentLogger, healthChecks: [], info: [] });
    const server = await listen(app, config);
    try {
      const started = Date.now();
      const { answer } = await rawExchange(server.port, (socket) =>
        socket.write('POST /barcode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"image":'),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // Closed by the server's timeout, not held until the default five minutes (waited for, not timed).
      expect(Date.now() - started).toBeLessThan(60_000);
      const headers = await rawExchange(server.port, (socket) => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n'));
      expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await server.close();
    }
  });

  it('a client that disconnects mid-upload is logged as such, not as a server error', async () => {
    const lines: string[] = [];
    const t = await createPlatformTestApp({ logger: createLogger((line) => lines.push(line)) });
    const server = await listen(t.app, t.config);
    try {
      const tx = (await t.agent('POST', '/transaction', createRequest('demo-document'))).json;
      const uploads = [
        `POST /edge/api/v1/transaction/${tx.transactionId}/step/2 HTTP/1.1\r\nHost: x\r\nAuthorization: ${tx.authorization}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"images":{"front":"`,
        'POST /barcode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"image":{"imageBase64":"',
        `POST /agent/api/v1/transaction HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.agentAuth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n{"workflowId":"`,
      ];
      for (const upload of uploads) {
        await rawExchange(server.port, (socket) => {
          socket.write(upload);
          socket.write('A'.repeat(200_000), () => setTimeout(() => socket.destroy(), 50));
        });
      }
      // The server saw each request end: wait for its three request lines.
      await expect.poll(() => lines.filter((l) => l.includes('"message":"request"')).length).toBeGreaterThanOrEqual(4);
      await expect.poll(() => lines.filter((l) => l.includes('client disconnected')).length).toBe(3);
      expect(lines.filter((l) => JSON.parse(l).level === 'error')).toEqual([]);
    } finally {
      await server.close();
      await t.close();
    }
  });
});
