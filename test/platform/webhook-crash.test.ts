import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { describeEachDialect } from '../support/dialects.ts';
import { createRequest } from '../support/platform-app.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { startServe, type ServeProcess } from '../support/serve-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Transactions taken through create → resume → Complete while the receiver misbehaves, before the kill. */
const lifecyclesBeforeKill = 24;
const clients = 6;

const env = {
  WEBHOOK_URL_ALLOW: '127.0.0.1',
  // Short attempts, so that a lease left by the killed process (2 × timeout + 5 s) runs out soon.
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_BACKOFF_BASE_MS: '50',
  WEBHOOK_BACKOFF_MAX_SECONDS: '1',
  WEBHOOK_POLL_MS: '100',
};

await describeEachDialect('SIGKILL of the real server with webhook events committed, pending and in flight', (dialect) => {
  let dir: string;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let receiver: WebhookReceiver;
  const servers: ServeProcess[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-webhook-kill-'));
    database = dialect.postgresAdminUrl ? await createTestDatabase(dialect.postgresAdminUrl) : null;
    // Before the kill: every third request gets no answer (in flight when the process dies), the others 503.
    receiver = await startWebhookReceiver((_request, index) => (index % 3 === 0 ? 'hang' : 503));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await receiver.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('every committed event arrives after a restart (at least once, in order per transaction), and nothing that was not committed', async () => {
    const serve = async () => {
      const server = await startServe(dir, { ...env, ...(database ? { DATABASE_URL: database.url } : {}) });
      servers.push(server);
      return server;
    };
    const first = await serve();
    const credential = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(first.output())?.[1];
    await expect.poll(() => credential('client_secret'), { interval: 20 }).toBeDefined();
    const authorization = `Basic ${Buffer.from(`${credential('client_id')}:${credential('client_secret')}`).toString('base64')}`;
    const agentUrl = (server: ServeProcess, p: string) => `http://127.0.0.1:${server.port}/agent/api/v1${p}`;
    const registered = await fetch(agentUrl(first, '/webhook-endpoint'), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, eventTypes: ['transaction.created', 'transaction.completed'] }),
    });
    expect(registered.status).toBe(201);
    const { secret } = (await registered.json()) as { secret: string };

    // What the server acknowledged: a create answered 201, a resume answered Complete.
    const created = new Set<string>();
    const completed = new Set<string>();
    let killed = false;
    const client = async () => {
      while (!killed) {
        try {
          const res = await fetch(agentUrl(first, '/transaction'), {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify(createRequest('demo-auto')),
          });
          const body = (await res.json()) as { transactionId: string; authorization: string };
          expect(res.status).toBe(201);
          created.add(body.transactionId);
          const resumed = await fetch(`http://127.0.0.1:${first.port}/edge/api/v1/transaction/${body.transactionId}/resume`, {
            method: 'POST',
            headers: { authorization: body.authorization },
          });
          const outcome = (await resumed.json()) as { processingStatus: string };
          expect(outcome.processingStatus).toBe('Complete');
          completed.add(body.transactionId);
        } catch (error) {
          if (killed) return;
          throw error;
        }
        if (completed.size >= lifecyclesBeforeKill && !killed) {
          // Some attempts are hanging at the receiver now, others wait for their retry.
          await expect.poll(() => receiver.received.length, { interval: 20 }).toBeGreaterThanOrEqual(6);
          if (killed) return;
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    await first.exit;
    expect(first.child.signalCode).toBe('SIGKILL');
    const beforeRestart = receiver.received.length;

    receiver.answer(() => 204);
    await serve();
    const missing = () => [
      ...[...created].filter((id) => !receiver.acceptedTypesOf(id).includes('transaction.created')).map((id) => `created ${id}`),
      ...[...completed].filter((id) => !receiver.acceptedTypesOf(id).includes('transaction.completed')).map((id) => `completed ${id}`),
    ];
    await expect.poll(missing, { interval: 100 }).toEqual([]);
    expect(receiver.received.length).toBeGreaterThan(beforeRestart);

    for (const id of created) {
      const types = receiver.typesOf(id);
      // Resent after the restart perhaps, but never after the transaction's next event.
      const firstCompleted = types.indexOf('transaction.completed');
      if (firstCompleted >= 0)
        expect(
          types.slice(firstCompleted).filter((type) => type === 'transaction.created'),
          id,
        ).toEqual([]);
    }
    for (const request of receiver.received) expect(receiver.verify(request, secret)).toBe(true);

    // Everything received was committed: each message is an outbox row of a stored transaction (or
    // of one created just before the kill whose answer never arrived, which is stored all the same).
    const db = openDatabase(database?.url ?? `file:${path.join(dir, 'db.sqlite')}`);
    try {
      const outbox = await db.db.selectFrom('webhookDeliveries').select(['eventId', 'transactionId']).execute();
      const stored = new Set((await db.db.selectFrom('transactions').select('id').execute()).map((r) => r.id));
      const committed = new Map(outbox.map((row) => [row.eventId, row.transactionId]));
      for (const request of receiver.received) {
        expect(committed.get(request.id)).toBe(request.event.data.transactionId);
        expect(stored.has(String(request.event.data.transactionId))).toBe(true);
      }
    } finally {
      await db.close();
    }
  });
});
