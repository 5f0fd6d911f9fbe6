import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, sampleImage } from './images.ts';
import { createRequest } from './platform-app.ts';
import { createTestDatabase, type PostgresAvailability, reportPostgresSkip, withPostgresClient } from './postgres.ts';
import { type ServeProcess, startServe } from './serve-process.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/**
 * Issue #59 §1: three server processes on one PostgreSQL database, started at once, behind a
 * round-robin proxy — the contract holds whichever replica answers: a transaction created on one
 * is resumed on another and its images read from a third, concurrent resumes on different replicas
 * run each step once, credentials (tokens, revocation, failed-login limits) mean the same
 * everywhere, and each webhook event is sent once, whichever replica recorded it.
 */

const tokenSecret = 'replica-token-secret-'.padEnd(48, 's');
const failuresPerIdAndAddress = 10;

/** A proxy handing requests to the replicas in turn (what the fleet's load balancer does). */
function roundRobin(ports: number[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function call(base: string, method: string, route: string, authorization?: string, body?: unknown) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') && text.length ? JSON.parse(text.toString('utf8')) : null;
  return { status: res.status, json, bytes: text };
}

/**
 * Registers the suite; `compiledCli()` (asked when the suite starts) is the installed server's
 * `dist/cli.js` the replicas run — the packaging test installs it from the tarballs first.
 */
export function describeReplicas(postgres: PostgresAvailability, compiledCli: () => string): void {
  if ('skipReason' in postgres) reportPostgresSkip(postgres.skipReason);
  describe.skipIf('skipReason' in postgres)('three replicas of the compiled server on one PostgreSQL behind a round-robin proxy', () => {
    replicaTests(postgres, compiledCli);
  });
}

function replicaTests(postgres: PostgresAvailability, compiledCli: () => string): void {
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let replicas: ServeProcess[];
  let urls: string[];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let agent: string;

  beforeAll(async () => {
    if (!('url' in postgres)) return;
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-replicas-'));
    database = await createTestDatabase(postgres.url);
    const env = {
      DATABASE_URL: database.url,
      AGENT_TOKEN_SECRET: tokenSecret,
      AUTH_RATE_LIMIT_STORE: 'database',
      AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS: String(failuresPerIdAndAddress),
      DATABASE_POOL_MAX: '4',
      // The kill test below waits a dead replica's lease out; a live one renews it, however long
      // its recognition takes on a loaded machine — which may take the longest time allowed.
      TRANSACTION_LEASE_MS: '60000',
      RECOGNITION_TIMEOUT_MS: '600000',
      // The webhook test's receiver is on loopback; every replica dispatches, polling often.
      WEBHOOK_URL_ALLOW: '127.0.0.1',
      WEBHOOK_POLL_MS: '50',
    };
    // All three at once on the empty database: migrations and demo seeding race.
    const cli = compiledCli();
    replicas = await Promise.all([0, 1, 2].map(() => startServe(dir, env, cli)));
    urls = replicas.map((r) => `http://127.0.0.1:${r.port}`);
    proxy = await roundRobin(replicas.map((r) => r.port));
    // The replica that seeded prints the demo client's credentials just after it listens.
    const credentials = () => replicas.map((r) => /client_id:\s+(\S+)\n\s+client_secret:\s+(\S+)\n/.exec(r.output())).find((m) => m !== null);
    while (!credentials()) await new Promise((resolve) => setTimeout(resolve, 50));
    const [, id, secret] = credentials()!;
    agent = basic(id!, secret!);
  });

  afterAll(async () => {
    await proxy?.close();
    for (const replica of replicas ?? []) replica.child.kill('SIGTERM');
    await Promise.all((replicas ?? []).map((r) => r.exit));
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('start together on an empty database: the schema migrated once and one demo organization seeded', async () => {
    const counts = await withPostgresClient(
      database.url,
      async (client) => (await client.query('select (select count(*) from organizations) as organizations, (select count(*) from clients) as clients')).rows[0],
    );
    expect(counts).toEqual({ organizations: '1', clients: '1' });
    const workflows = await Promise.all(urls.map((url) => call(url, 'GET', '/agent/api/v1/workflow', agent)));
    for (const answer of workflows) {
      expect(answer.status).toBe(200);
      expect(answer.json.map((w: { workflowId: string }) => w.workflowId).sort()).toEqual(['demo-auto', 'demo-document']);
    }
  });

  it('a transaction created on one replica is submitted to and resumed on another, its image read from the third', async () => {
    const [a, b, c] = urls as [string, string, string];
    const created = await call(a, 'POST', '/agent/api/v1/transaction', agent, createRequest('demo-document'));
    expect(created.status).toBe(201);
    const { transactionId, authorization } = created.json;
    const front = await sampleImage('png');
    expect((await call(b, 'POST', `/edge/api/v1/transaction/${transactionId}/step/2`, authorization, { images: { front: b64(front) } })).status).toBe(200);
    const resumed = await call(b, 'POST', `/edge/api/v1/transaction/${transactionId}/resume`, authorization);
    expect(resumed.status).toBe(200);
    expect(['Complete', 'Error']).toContain(resumed.json.processingStatus);
    const record = await call(c, 'GET', `/agent/api/v1/transaction/${transactionId}`, agent);
    expect(record.json.processingStatus).toBe(resumed.json.processingStatus);
    const blobId = record.json.state['ScanDocument:0'].extraction.fullDocumentFrontImage.id;
    const blob = await call(c, 'GET', `/agent/api/v1/transaction/${transactionId}/blob/${blobId}/content`, agent);
    expect(blob.status).toBe(200);
    expect(blob.bytes.length).toBeGreaterThan(0);
  });

  it('five resumes of one transaction at once, through the proxy to all three replicas, run each step once', async () => {
    const created = await call(proxy.url, 'POST', '/agent/api/v1/transaction', agent, createRequest('demo-document'));
    const { transactionId, authorization } = created.json;
    await call(proxy.url, 'POST', `/edge/api/v1/transaction/${transactionId}/step/2`, authorization, { images: { front: b64(await sampleImage('png', 3)) } });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(proxy.url, 'POST', `/edge/api/v1/transaction/${transactionId}/resume`, authorization)),
    );
    // Each resume either took part or found the work done (200), or gave up waiting for the lease (409).
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && r.json.isChanged)).toHaveLength(1);
    const record = await call(urls[0]!, 'GET', `/agent/api/v1/transaction/${transactionId}`, agent);
    // One entry per step, whichever branch the real engine's reading took (Accept or Review).
    const steps = Object.keys(record.json.state);
    expect(steps.slice(0, 4)).toEqual(['Start:0', 'ScanDocument:0', 'DocumentVerification:0', 'Condition:0']);
    expect(steps.slice(4)).toEqual([expect.stringMatching(/^(Accept|Review):0$/), 'End:0']);
    const finished = record.json.statusLog.filter((e: { field: string; newValue: string }) => e.field === 'processingStatus' && e.newValue !== 'InProgress');
    expect(finished).toHaveLength(1);
  });

  it('webhook events recorded on all three replicas are each delivered once, in order per transaction, while every replica dispatches', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const registered = await call(proxy.url, 'POST', '/agent/api/v1/webhook-endpoint', agent, {
        url: receiver.url,
        eventTypes: ['transaction.created', 'transaction.completed'],
      });
      expect(registered.status).toBe(201);
      // Through the proxy: creates and resumes land on all three replicas, whose dispatchers all poll the one outbox.
      const lifecycle = async () => {
        const created = await call(proxy.url, 'POST', '/agent/api/v1/transaction', agent, createRequest('demo-auto'));
        const resumed = await call(proxy.url, 'POST', `/edge/api/v1/transaction/${created.json.transactionId}/resume`, created.json.authorization);
        expect(resumed.json.processingStatus).toBe('Complete');
        return created.json.transactionId as string;
      };
      const ids = await Promise.all(Array.from({ length: 30 }, lifecycle));
      await expect.poll(() => receiver.received.length, { interval: 50 }).toBeGreaterThanOrEqual(60);
      // One more transaction after them: a second sending of any event would have come by the time its events did.
      const marker = await lifecycle();
      await expect.poll(() => receiver.typesOf(marker).length, { interval: 50 }).toBe(2);
      const messageIds = receiver.received.map((r) => r.id);
      expect(new Set(messageIds).size).toBe(messageIds.length);
      for (const id of [...ids, marker]) expect(receiver.typesOf(id), id).toEqual(['transaction.created', 'transaction.completed']);
      for (const request of receiver.received) expect(receiver.verify(request, registered.json.secret)).toBe(true);
      expect((await call(proxy.url, 'DELETE', `/agent/api/v1/webhook-endpoint/${registered.json.id}`, agent)).status).toBe(204);
    } finally {
      await receiver.close();
    }
  });

  it('a token issued by one replica works on the others; a rotated secret stops it on every replica at once', async () => {
    const [a, b, c] = urls as [string, string, string];
    const extra = await call(a, 'POST', '/agent/api/v1/client', agent, { name: 'replica test' });
    expect(extra.status).toBe(201);
    const issued = await call(a, 'POST', '/agent/oauth/token', basic(extra.json.clientId, extra.json.clientSecret), { grant_type: 'client_credentials' });
    expect(issued.status).toBe(200);
    const bearer = `Bearer ${issued.json.access_token}`;
    for (const url of [a, b, c]) expect((await call(url, 'GET', '/agent/api/v1/workflow', bearer)).status).toBe(200);
    const rotated = await call(c, 'POST', `/agent/api/v1/client/${extra.json.clientId}/secret`, agent);
    expect(rotated.status).toBe(200);
    const fresh = basic(extra.json.clientId, rotated.json.clientSecret);
    for (const url of [a, b, c]) {
      expect((await call(url, 'GET', '/agent/api/v1/workflow', bearer)).status).toBe(401);
      expect((await call(url, 'GET', '/agent/api/v1/workflow', basic(extra.json.clientId, extra.json.clientSecret))).status).toBe(401);
      expect((await call(url, 'GET', '/agent/api/v1/workflow', fresh)).status).toBe(200);
    }
    // Revoked on one replica: refused by all, at once.
    expect((await call(b, 'DELETE', `/agent/api/v1/client/${extra.json.clientId}`, agent)).status).toBe(204);
    for (const url of [a, b, c]) expect((await call(url, 'GET', '/agent/api/v1/workflow', fresh)).status).toBe(401);
  });

  it('failed logins count across the replicas: spread over all three, the limit is reached as on one', async () => {
    // A client of its own: the demo client stays usable from this address for the tests after.
    const guessed = await call(urls[0]!, 'POST', '/agent/api/v1/client', agent, { name: 'guessed at' });
    const wrong = basic(guessed.json.clientId, 'not-the-secret');
    const statuses: number[] = [];
    for (let i = 0; i < failuresPerIdAndAddress; i++) statuses.push((await call(urls[i % 3]!, 'GET', '/agent/api/v1/workflow', wrong)).status);
    expect(statuses).toEqual(Array(failuresPerIdAndAddress).fill(401));
    for (const url of urls) expect((await call(url, 'GET', '/agent/api/v1/workflow', wrong)).status).toBe(429);
  });

  // Last: it kills a replica.
  it('a replica SIGKILLed in the middle of a resume: its lease runs out, another replica finishes, each step once', async () => {
    const [a, b] = urls as [string, string];
    const victim = replicas[0]!;
    // A large photo, so that the victim is still recognizing when it dies.
    const front = b64(await sampleImage('png', 11, 2400, 1600));
    let transactionId = '';
    let authorization = '';
    await withPostgresClient(database.url, async (client) => {
      const leaseOwner = async () => (await client.query('select lease_owner from transactions where id = $1', [transactionId])).rows[0]?.lease_owner;
      // A machine fast enough to finish the resume before the kill lands gets another transaction (at most three).
      for (let attempt = 1; ; attempt++) {
        const created = await call(b, 'POST', '/agent/api/v1/transaction', agent, createRequest('demo-document'));
        ({ transactionId, authorization } = created.json);
        expect((await call(b, 'POST', `/edge/api/v1/transaction/${transactionId}/step/2`, authorization, { images: { front } })).status).toBe(200);
        let answered = false;
        const onVictim = call(a, 'POST', `/edge/api/v1/transaction/${transactionId}/resume`, authorization).then(
          (answer) => {
            answered = true;
            return answer.status;
          },
          () => 'no answer',
        );
        await expect.poll(async () => answered || (await leaseOwner()) !== null, { interval: 10 }).toBe(true);
        if (!answered) {
          victim.child.kill('SIGKILL');
          await victim.exit;
          expect(await onVictim).toBe('no answer');
          break;
        }
        expect(attempt, 'the victim finished every resume before it could be killed').toBeLessThan(3);
      }
      // The dead replica's lease still holds: another replica waits for it, then says busy.
      const busy = await call(b, 'POST', `/edge/api/v1/transaction/${transactionId}/resume`, authorization);
      expect(busy.status).toBe(409);
      expect(await leaseOwner()).not.toBeNull();
      // Once it runs out (within 60 s here), a resume on another replica takes over.
      await expect
        .poll(async () => (await call(b, 'POST', `/edge/api/v1/transaction/${transactionId}/resume`, authorization)).status, { interval: 2000 })
        .toBe(200);
    });
    const record = await call(b, 'GET', `/agent/api/v1/transaction/${transactionId}`, agent);
    expect(['Complete', 'Error']).toContain(record.json.processingStatus);
    const steps = Object.keys(record.json.state);
    expect(steps.slice(0, 4)).toEqual(['Start:0', 'ScanDocument:0', 'DocumentVerification:0', 'Condition:0']);
    expect(steps.slice(4)).toEqual([expect.stringMatching(/^(Accept|Review):0$/), 'End:0']);
    const finished = record.json.statusLog.filter((e: { field: string; newValue: string }) => e.field === 'processingStatus' && e.newValue !== 'InProgress');
    expect(finished).toHaveLength(1);
  });
}
