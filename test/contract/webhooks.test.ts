import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expireDueTransactions } from '../../packages/server/src/platform/transactions/expire-transaction.ts';
import { describeEachDialect } from '../support/dialects.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Fast retries so that failing receivers are retried within a test; the receiver runs on loopback,
 * which the operator allows. The attempt timeout stays long (a loaded machine must not turn a
 * delivery into a retry); the test of a receiver that hangs shortens it.
 */
const fastRetries = {
  WEBHOOK_URL_ALLOW: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '10000',
  WEBHOOK_BACKOFF_BASE_MS: '20',
  WEBHOOK_BACKOFF_MAX_SECONDS: '1',
  WEBHOOK_POLL_MS: '50',
};
const allTypes = ['transaction.created', 'transaction.completed', 'transaction.failed', 'transaction.verificationStatusOverridden', 'transaction.deleted'];
const poll = { interval: 20 };

await describeEachDialect('webhooks', (dialect) => {
  let t: PlatformTestApp;
  let receiver: WebhookReceiver;

  async function start(env: Record<string, string> = {}, now?: () => number) {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, env: { ...fastRetries, ...env }, now });
    t.platform.webhooks.start();
  }
  const register = async (body: Record<string, unknown> = {}) => {
    const res = await t.agent('POST', '/webhook-endpoint', { url: receiver.url, eventTypes: allTypes, ...body });
    expect(res.status).toBe(201);
    return res.json as { id: string; secret: string };
  };
  /** demo-auto: create, resume once → Complete with Accept. */
  const completedTransaction = async (request = createRequest('demo-auto')) => {
    const created = await t.agent('POST', '/transaction', request);
    expect(created.status).toBe(201);
    const resumed = await t.edge('POST', `/transaction/${created.json.transactionId}/resume`, created.json.authorization);
    expect(resumed.json.processingStatus).toBe('Complete');
    return created.json.transactionId as string;
  };

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await t?.close();
    await receiver.close();
  });

  it('registers endpoints: the secret is shown once, URLs are checked, other organizations see nothing', async () => {
    await start();
    const endpoint = await register({ description: 'orders', eventTypes: ['transaction.completed'] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await t.agent('GET', '/webhook-endpoint');
    expect(listed.json).toEqual([
      {
        id: endpoint.id,
        url: receiver.url,
        description: 'orders',
        eventTypes: ['transaction.completed'],
        enabled: true,
        createdOn: expect.any(String),
        modifiedOn: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.json)).not.toContain('whsec_');
    expect((await t.agent('GET', `/webhook-endpoint/${endpoint.id}`)).json).toEqual(listed.json[0]);

    for (const url of ['http://10.0.0.7/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/', 'http://[::ffff:192.168.1.1]/', 'http://localhost/x']) {
      const refused = await t.agent('POST', '/webhook-endpoint', { url, eventTypes: allTypes });
      expect(refused.status, url).toBe(400);
      expect(refused.json.code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    for (const url of ['ftp://example.com/x', 'https://user:pw@example.com/x', 'not a url', 'https://example.com/x#frag']) {
      expect((await t.agent('POST', '/webhook-endpoint', { url, eventTypes: allTypes })).json.code, url).toBe('INVALID_REQUEST');
    }
    expect((await t.agent('POST', '/webhook-endpoint', { url: receiver.url, eventTypes: ['transaction.exploded'] })).json.code).toBe('INVALID_REQUEST');
    expect((await t.agent('POST', '/webhook-endpoint', { url: receiver.url, eventTypes: [] })).json.code).toBe('INVALID_REQUEST');

    const other = await t.otherOrganization();
    const asOther = (method: string, path: string, body?: unknown) =>
      t.request(method, `/agent/api/v1${path}`, { body, headers: { authorization: other.auth } });
    expect((await asOther('GET', '/webhook-endpoint')).json).toEqual([]);
    for (const [method, path] of [
      ['GET', `/webhook-endpoint/${endpoint.id}`],
      ['DELETE', `/webhook-endpoint/${endpoint.id}`],
      ['POST', `/webhook-endpoint/${endpoint.id}/secret`],
      ['GET', `/webhook-endpoint/${endpoint.id}/delivery`],
    ] as const) {
      expect((await asOther(method, path)).status, `${method} ${path}`).toBe(404);
    }
    expect((await asOther('PATCH', `/webhook-endpoint/${endpoint.id}`, { enabled: false })).status).toBe(404);

    const patched = await t.agent('PATCH', `/webhook-endpoint/${endpoint.id}`, { enabled: false, eventTypes: ['transaction.deleted', 'transaction.created'] });
    expect(patched.json).toMatchObject({ enabled: false, eventTypes: ['transaction.created', 'transaction.deleted'], description: 'orders' });
    const rotated = await t.agent('POST', `/webhook-endpoint/${endpoint.id}/secret`);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(endpoint.secret);
    expect((await t.agent('DELETE', `/webhook-endpoint/${endpoint.id}`)).status).toBe(204);
    expect((await t.agent('GET', `/webhook-endpoint/${endpoint.id}`)).status).toBe(404);
  });

  it('a transaction’s events arrive signed, in order, with ids and statuses only', async () => {
    await start();
    const endpoint = await register();
    const id = await completedTransaction();
    expect((await t.agent('PUT', `/transaction/${id}/verification-status`, { verificationStatus: 'Reject', comment: 'manual' })).status).toBe(200);
    expect((await t.agent('DELETE', `/transaction/${id}`)).status).toBe(204);
    await expect.poll(() => receiver.typesOf(id).includes('transaction.deleted'), poll).toBe(true);
    expect(receiver.typesOf(id)).toEqual(['transaction.created', 'transaction.completed', 'transaction.verificationStatusOverridden', 'transaction.deleted']);
    for (const request of receiver.received) expect(receiver.verify(request, endpoint.secret)).toBe(true);
    // A wrong secret, or a body changed on the way, does not verify.
    const [first] = receiver.received;
    expect(receiver.verify(first!, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toBe(false);
    expect(receiver.verify({ ...first!, body: first!.body.replace('InProgress', 'Complete') }, endpoint.secret)).toBe(false);

    const [created, completed, overridden, deleted] = receiver.received.map((r) => r.event);
    expect(created).toMatchObject({ type: 'transaction.created', data: { transactionId: id, workflowId: 'demo-auto', processingStatus: 'InProgress' } });
    expect(completed).toMatchObject({ data: { processingStatus: 'Complete', verificationStatus: 'Accept', originalVerificationStatus: 'Accept' } });
    expect(overridden).toMatchObject({ data: { verificationStatus: 'Reject', previousVerificationStatus: 'Accept', changedBy: `client:${t.demo.clientId}` } });
    expect(deleted).toMatchObject({ data: { transactionId: id, processingStatus: 'Complete' } });
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(4);
    // No personal data: neither the form values, the user id nor the override's comment.
    const bodies = receiver.received.map((r) => r.body).join('\n');
    for (const personal of ['Ada Lovelace', 'user-1', 'manual']) expect(bodies).not.toContain(personal);

    // The receiver answered before the dispatcher wrote down the outcome: wait for the log.
    const delivered = async () => (await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery?status=delivered`)).json.items.length;
    await expect.poll(delivered, poll).toBe(4);
    const log = await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery`);
    expect(log.json.items.map((d: { type: string }) => d.type)).toEqual([
      'transaction.deleted',
      'transaction.verificationStatusOverridden',
      'transaction.completed',
      'transaction.created',
    ]);
    expect(log.json.items[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null, nextAttemptOn: null });
    expect(log.json.items[0].lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('only enabled endpoints get events, and only the types they chose', async () => {
    await start();
    await register({ eventTypes: ['transaction.completed'] });
    const disabled = await startWebhookReceiver();
    try {
      expect((await t.agent('POST', '/webhook-endpoint', { url: disabled.url, eventTypes: allTypes, enabled: false })).status).toBe(201);
      const id = await completedTransaction();
      await expect.poll(() => receiver.typesOf(id), poll).toEqual(['transaction.completed']);
      // Sent after the completed event, so the dispatcher has passed the created one by now.
      const later = await completedTransaction();
      await expect.poll(() => receiver.typesOf(later), poll).toEqual(['transaction.completed']);
      expect(disabled.received).toEqual([]);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await disabled.close();
    }
  });

  it('a failing or slow receiver is retried with the same message id until it answers 2xx; later events of the transaction wait', async () => {
    await start({ WEBHOOK_TIMEOUT_MS: '2000' });
    const endpoint = await register();
    // The first three attempts fail: 500, no answer within the timeout, 503.
    receiver.answer((_request, index) => (index === 0 ? 500 : index === 1 ? 'hang' : index === 2 ? 503 : 204));
    const id = await completedTransaction();
    // Waits for the completed event, then looks at what came before it.
    await expect.poll(() => receiver.typesOf(id).includes('transaction.completed'), poll).toBe(true);
    expect(receiver.typesOf(id)).toEqual(['transaction.created', 'transaction.created', 'transaction.created', 'transaction.created', 'transaction.completed']);
    const createdAttempts = receiver.received.slice(0, 4);
    expect(new Set(createdAttempts.map((r) => r.id)).size).toBe(1);
    expect(new Set(createdAttempts.map((r) => r.body)).size).toBe(1);
    for (const request of receiver.received) expect(receiver.verify(request, endpoint.secret)).toBe(true);
    const created = async () =>
      (await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery`)).json.items.find((d: { type: string }) => d.type === 'transaction.created');
    await expect.poll(async () => (await created()).status, poll).toBe('delivered');
    expect(await created()).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 204 });
  });

  it('a receiver that hangs holds at most its share of the attempts: another endpoint’s events still go at once', async () => {
    // The hanging attempts outlast the test: nothing here waits for a timeout.
    await start({ WEBHOOK_TIMEOUT_MS: '60000' });
    const hanging = await startWebhookReceiver(() => 'hang');
    try {
      expect((await t.agent('POST', '/webhook-endpoint', { url: hanging.url, eventTypes: ['transaction.created'] })).status).toBe(201);
      await register({ eventTypes: ['transaction.created'] });
      for (let i = 0; i < 20; i++) expect((await t.agent('POST', '/transaction', createRequest('demo-auto'))).status).toBe(201);
      await expect.poll(() => receiver.received.length, poll).toBe(20);
      // Four attempts (the per-endpoint share of 16) went to the hanging receiver, and no more.
      await expect.poll(() => hanging.received.length, poll).toBeGreaterThanOrEqual(4);
      expect(hanging.received.length).toBe(4);
    } finally {
      await hanging.close();
    }
  });

  it('an unreachable receiver: each attempt is logged, the delivery fails when the retry window ends, and can be sent again', async () => {
    await start({ WEBHOOK_RETRY_SECONDS: '1' });
    const down = await startWebhookReceiver();
    const url = down.url;
    await down.close();
    const endpoint = (await t.agent('POST', '/webhook-endpoint', { url, eventTypes: ['transaction.created'] })).json;
    const id = (await t.agent('POST', '/transaction', createRequest('demo-auto'))).json.transactionId;
    const deliveries = async () => (await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery`)).json.items;
    await expect.poll(async () => (await deliveries())[0]?.status, poll).toBe('failed');
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ transactionId: id, type: 'transaction.created', lastStatusCode: null, nextAttemptOn: null });
    expect(failed.lastError).toMatch(/connection failed \(ECONNREFUSED\)/);
    expect(failed.attempts).toBeGreaterThanOrEqual(2);
    expect((await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery?status=pending`)).json.items).toEqual([]);

    // The receiver is back on its port: redelivery sends the same message.
    const back = await startWebhookReceiver(() => 200, Number(new URL(url).port));
    try {
      const again = await t.agent('POST', `/webhook-endpoint/${endpoint.id}/delivery/${failed.eventId}/redeliver`);
      expect(again.status).toBe(202);
      expect(again.json.status).toBe('pending');
      await expect.poll(() => back.received.map((r) => r.id), poll).toEqual([failed.eventId]);
      expect(back.verify(back.received[0]!, endpoint.secret)).toBe(true);
      await expect.poll(async () => (await deliveries())[0]?.status, poll).toBe('delivered');
      expect((await t.agent('POST', `/webhook-endpoint/${endpoint.id}/delivery/msg_none/redeliver`)).status).toBe(404);
    } finally {
      await back.close();
    }
  });

  it('a change that is rolled back sends nothing: concurrent creates with one Idempotency-Key give one created event', async () => {
    await start();
    await register({ eventTypes: ['transaction.created'] });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.agent('POST', '/transaction', createRequest('demo-auto'), { 'idempotency-key': 'order-77' })),
    );
    const ids = new Set(answers.map((a) => a.json.transactionId));
    expect(ids.size).toBe(1);
    const [id] = ids;
    await expect.poll(() => receiver.typesOf(id!), poll).toEqual(['transaction.created']);
    // Another event after them, so that any second created event would have been sent by now.
    const other = await completedTransaction();
    await expect.poll(() => receiver.typesOf(other), poll).toEqual(['transaction.created']);
    expect(receiver.received).toHaveLength(2);
  });

  it('a transaction whose key expires is reported failed; the delivery log pages newest first', async () => {
    let clock = Date.now();
    await start({}, () => clock);
    const endpoint = await register({ eventTypes: ['transaction.created', 'transaction.failed'] });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.agent('POST', '/transaction', createRequest('demo-auto'))).json.transactionId);
    await expect.poll(() => receiver.received.length, poll).toBe(3);
    clock += 25 * 3600 * 1000;
    expect(await expireDueTransactions(t.platform)).toBe(3);
    await expect.poll(() => receiver.received.length, poll).toBe(6);
    for (const id of ids) expect(receiver.typesOf(id)).toEqual(['transaction.created', 'transaction.failed']);
    expect(receiver.received.slice(3).map((r) => r.event.data)).toEqual(
      ids.map(() => expect.objectContaining({ processingStatus: 'Error', failure: 'keyExpired' })),
    );

    const first = (await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery?limit=4`)).json;
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery?limit=4&cursor=${first.nextCursor}`)).json;
    expect(second).toMatchObject({ nextCursor: null });
    const all = [...first.items, ...second.items];
    // Newest first: the three failed events, then the three created ones (events of different
    // transactions may arrive in any order: they are sent side by side).
    expect(all.map((d: { type: string }) => d.type)).toEqual([...Array(3).fill('transaction.failed'), ...Array(3).fill('transaction.created')]);
    expect(all.map((d: { eventId: string }) => d.eventId).sort()).toEqual(receiver.received.map((r) => r.id).sort());
    expect((await t.agent('GET', `/webhook-endpoint/${endpoint.id}/delivery?cursor=abc`)).status).toBe(400);
  });
});

describe('webhook deliveries are not sent by a process that does not dispatch', () => {
  it('records events but sends none until a dispatcher starts', async () => {
    const receiver = await startWebhookReceiver();
    const t = await createPlatformTestApp({ env: fastRetries });
    try {
      await t.agent('POST', '/webhook-endpoint', { url: receiver.url, eventTypes: allTypes });
      const id = (await t.agent('POST', '/transaction', createRequest('demo-auto'))).json.transactionId;
      const pending = await t.database.db.selectFrom('webhookDeliveries').select(['status', 'transactionId']).execute();
      expect(pending).toEqual([{ status: 'pending', transactionId: id }]);
      expect(receiver.received).toEqual([]);
      t.platform.webhooks.start();
      await expect.poll(() => receiver.typesOf(id), poll).toEqual(['transaction.created']);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
