import { sql } from 'kysely';
import {
  buildInfo,
  createApp,
  createLogger,
  defaultHealthChecks,
  migrateToLatest,
  openDatabase,
  readConfig,
  seedDemo,
  silentLogger,
  type RecognitionBackend,
} from '@idlens/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/** `{ not: { not: … { path, op } } }` nested `depth` times. */
function deepNot(depth: number): unknown {
  let predicate: unknown = { path: 'formValues.customerName', op: 'exists' };
  for (let i = 0; i < depth; i++) predicate = { not: predicate };
  return predicate;
}

/** `[[[…[1]…]]]` nested `depth` times, as JSON text (JSON.stringify would overflow the test's own stack). */
const deepArrayJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** JSON text of `value` with the string `"$DEEP$"` replaced by raw JSON text. */
const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replace('"$DEEP$"', raw);

const workflowWith = (workflowId: string, predicate: unknown) => ({
  workflowId,
  name: workflowId,
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
    { id: 2, type: 'Condition', settings: { if: predicate, then: 3, else: 3 } },
    { id: 3, type: 'End' },
  ],
});

const cardWorkflow = {
  workflowId: 'card-flow',
  name: 'Card',
  steps: [
    { id: 1, type: 'Start' },
    { id: 2, type: 'ScanCard' },
    { id: 3, type: 'End' },
  ],
};

const pans = ['4111111111111111', '5555555555554444', '378282246310005'];

describe('hardening', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp();
    expect((await t.agent('POST', '/workflow', cardWorkflow)).status).toBe(201);
  });
  afterAll(async () => t.close());

  const create = async (workflowId = 'demo-auto', overrides: Record<string, unknown> = {}) => {
    const res = await t.agent('POST', '/transaction', createRequest(workflowId, overrides));
    expect(res.status).toBe(201);
    return res.json;
  };

  /** Everything stored in a transaction's state, as the database holds it. */
  const storedState = async (transactionId: string) =>
    JSON.stringify(await t.database.db.selectFrom('stateEntries').selectAll().where('transactionId', '=', transactionId).execute());

  describe('1. HTTP errors keep their status (never 500)', () => {
    it('415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON, on every JSON endpoint', async () => {
      const a = await create('demo-document');
      const done = await create();
      const cases: Array<[string, string, string]> = [
        ['POST', '/agent/api/v1/transaction', t.agentAuth],
        ['POST', '/agent/api/v1/workflow', t.agentAuth],
        ['PUT', `/agent/api/v1/transaction/${done.transactionId}/verification-status`, t.agentAuth],
        ['POST', `/edge/api/v1/transaction/${a.transactionId}/step/2`, a.authorization],
      ];
      for (const [method, path, authorization] of cases) {
        for (const contentType of ['text/plain', 'application/xml', undefined]) {
          const headers: Record<string, string> = { authorization };
          if (contentType) headers['content-type'] = contentType;
          const res = await t.app.request(path, { method, headers, body: '{"verificationStatus":"Accept"}' });
          expect(res.status, `${method} ${path} ${contentType}`).toBe(415);
          const body = await res.json();
          expect(body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', traceId: null });
          expect(Object.keys(body).sort()).toEqual(['code', 'executionId', 'message', 'traceId']);
        }
      }
    });

    it('413 PAYLOAD_TOO_LARGE for an agent body over its limit', async () => {
      const res = await t.agent('POST', '/transaction', { ...createRequest(), padding: 'x'.repeat(1024 * 1024 + 10) });
      expect(res.status).toBe(413);
      expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('2./3. deep nesting is refused with the field named, and nothing is half-written', () => {
    it('a Condition with `not` nested 2000 deep', async () => {
      const res = await t.agent('POST', '/workflow', workflowWith('deep-not', deepNot(2000)));
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('INVALID_REQUEST');
      expect(res.json.message).toContain('steps.1.settings.if');
      expect(await t.database.db.selectFrom('workflows').selectAll().where('id', '=', 'deep-not').execute()).toEqual([]);
    });

    it('a Condition value nested 5000 deep', async () => {
      const body = withRaw(workflowWith('deep-value', { path: 'formValues.customerName', op: 'in', value: '$DEEP$' }), deepArrayJson(5000));
      const res = await t.agent('POST', '/workflow', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toContain('steps.1.settings.if.value');
      expect(await t.database.db.selectFrom('workflows').selectAll().where('id', '=', 'deep-value').execute()).toEqual([]);
    });

    it('formValues nested 5000 deep', async () => {
      const res = await t.agent(
        'POST',
        '/transaction',
        withRaw(createRequest('demo-auto', { formValues: { customerName: 'A', extra: '$DEEP$' } }), deepArrayJson(5000)),
      );
      expect(res.status).toBe(400);
      expect(res.json.message).toContain('formValues');
    });

    it('an edge step extraction nested 5000 deep (any holder of an ephemeral key)', async () => {
      const a = await create('demo-document');
      const body = withRaw({ images: { front: b64(await sampleImage('png')) }, extraction: { data: '$DEEP$' } }, deepArrayJson(5000));
      const res = await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('INVALID_REQUEST');
      expect(res.json.message).toContain('extraction');
      expect(await storedState(a.transactionId)).not.toContain('ScanDocument');
    });

    it('a failing workflow import leaves no workflow behind (one database transaction)', async () => {
      await sql`CREATE TRIGGER fail_version BEFORE INSERT ON workflow_versions WHEN NEW.workflow_id = 'broken' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(
        t.database.db,
      );
      try {
        const res = await t.agent('POST', '/workflow', workflowWith('broken', { path: 'formValues.customerName', op: 'exists' }));
        expect(res.status).toBe(500);
        expect(res.json.code).toBe('INTERNAL_ERROR');
        expect(await t.database.db.selectFrom('workflows').selectAll().where('id', '=', 'broken').execute()).toEqual([]);
      } finally {
        await sql`DROP TRIGGER fail_version`.execute(t.database.db);
      }
    });

    it('demo seeding is all or nothing (organization, workflows and client)', async () => {
      const database = openDatabase('file::memory:');
      try {
        await migrateToLatest(database.db);
        await sql`CREATE TRIGGER fail_client BEFORE INSERT ON clients BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(database.db);
        await expect(seedDemo(database.db, new Date().toISOString())).rejects.toThrow(/injected failure/);
        expect(await database.db.selectFrom('organizations').selectAll().execute()).toEqual([]);
        expect(await database.db.selectFrom('workflows').selectAll().execute()).toEqual([]);
        await sql`DROP TRIGGER fail_client`.execute(database.db);
        // Nothing was left half-done, so a second start seeds the demo.
        expect(await seedDemo(database.db, new Date().toISOString())).not.toBeNull();
      } finally {
        await database.close();
      }
    });
  });

  describe('5. nothing sensitive is stored from client extractions', () => {
    it('masks card numbers anywhere in a ScanCard extraction and drops CVVs at every level', async () => {
      const a = await create('card-flow', { formValues: {} });
      const res = await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, {
        images: { front: b64(await sampleImage('png')) },
        extraction: {
          cardNumber: pans[0],
          nested: { cardNumber: { value: '5555 5555 5555 4444' }, cvv: '123', list: [{ pan: '3782-822463-10005' }] },
          text: `number ${pans[0]} in prose`,
        },
      });
      expect(res.status).toBe(200);
      const stored = await storedState(a.transactionId);
      for (const pan of pans) expect(stored).not.toContain(pan);
      expect(stored).not.toContain('5555 5555 5555 4444');
      expect(stored).not.toContain('3782-822463-10005');
      expect(stored).not.toMatch(/cvv/i);
      expect(stored).toContain('411111');
      expect(stored).toContain('4444');
    });

    it('masks card numbers in ScanDocument extractions too', async () => {
      const a = await create('demo-document');
      await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, {
        images: { front: b64(await sampleImage('png')) },
        extraction: { recognitionStatus: 'VALID', additional: { note: pans[1] } },
      });
      expect(await storedState(a.transactionId)).not.toContain(pans[1]);
    });

    it('stores no image data from an extraction, nested or not, and caps its size', async () => {
      const consent = { userId: 'u', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: false, isTrainingAllowed: false };
      const a = await create('demo-document', { consent });
      const jpeg = (await sampleImage('jpeg', 4, 640, 400)).toString('base64');
      const png = (await sampleImage('png', 5)).toString('base64');
      const res = await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, {
        images: { front: b64(await sampleImage('png')) },
        extraction: { recognitionStatus: 'VALID', deep: { photo: jpeg, list: [`data:image/png;base64,${png}`] }, portrait: jpeg },
      });
      expect(res.status).toBe(200);
      const stored = await storedState(a.transactionId);
      expect(stored).not.toContain(jpeg.slice(0, 64));
      expect(stored).not.toContain(png.slice(0, 64));
      expect(stored).toContain('VALID');

      const big = await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, {
        images: { front: b64(await sampleImage('png')) },
        extraction: { notes: Array.from({ length: 400 }, (_, i) => `note ${i} ${'x'.repeat(1000)}`) },
      });
      expect(big.status).toBe(400);
      expect(big.json.message).toContain('extraction');
    });
  });
});

describe('5. no card number at rest in any free-text field, Idempotency-Key hashed, no secret from a URL path in the log (issue #56)', () => {
  const pan = '4111111111111111';
  const spaced = '5555 5555 5555 4444';
  const adminToken = 'operator-token-'.padEnd(48, 'z');
  const svcKey = 'svc-key-mysecret';
  let t: PlatformTestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { ADMIN_TOKEN: adminToken, SVC_API_KEYS: svcKey }, logger: createLogger((line) => logLines.push(line)) });
    const workflow = {
      workflowId: 'form-flow',
      name: 'Form',
      steps: [
        {
          id: 1,
          type: 'Start',
          settings: {
            formFields: [
              { name: 'note', type: 'string', required: true },
              { name: 'amount', type: 'number' },
            ],
          },
        },
        { id: 2, type: 'Decision', settings: { verificationStatus: 'Accept' } },
        { id: 3, type: 'End' },
      ],
    };
    expect((await t.agent('POST', '/workflow', workflow)).status).toBe(201);
  });
  afterAll(async () => t.close());

  /** Every row of every table, as the database holds it. */
  const everything = async () => {
    const tables = [
      'organizations',
      'clients',
      'workflows',
      'workflowVersions',
      'transactions',
      'stateEntries',
      'statusLog',
      'idempotencyKeys',
      'authFailures',
    ] as const;
    const dump: string[] = [];
    for (const table of tables) dump.push(JSON.stringify(await t.database.db.selectFrom(table).selectAll().execute()));
    return dump.join('\n');
  };
  const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

  it('masks Luhn-valid card numbers in form values, tags, link fields, sdkVersion, consent.userId and the override comment; hashes the Idempotency-Key', async () => {
    const idempotencyKey = `retry-${pan}`;
    const body = createRequest('form-flow', {
      formValues: { note: `paid with ${spaced}`, amount: Number(pan) },
      tags: [pan, `card ${spaced}`],
      linkFields: { [`order-${pan}`]: `ref ${spaced}` },
      sdkVersion: `1.0 ${pan}`,
      consent: { userId: `user-${pan}`, givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
    });
    const created = await t.agent('POST', '/transaction', body, { 'idempotency-key': idempotencyKey });
    expect(created.status).toBe(201);
    // The retry with the same key and body is still recognized as one.
    const replay = await t.agent('POST', '/transaction', body, { 'idempotency-key': idempotencyKey });
    expect(replay.status).toBe(200);
    expect(replay.json.transactionId).toBe(created.json.transactionId);
    const id = created.json.transactionId;
    expect((await t.edge('POST', `/transaction/${id}/resume`, replay.json.authorization)).json.processingStatus).toBe('Complete');
    const override = await t.agent('PUT', `/transaction/${id}/verification-status`, {
      verificationStatus: 'Review',
      comment: `customer read out ${pan} on the phone`,
    });
    expect(override.status).toBe(200);
    // Names of clients and organizations are free text too.
    expect((await t.agent('POST', '/client', { name: `till ${pan}` })).json.name).toBe('till 411111******1111');
    expect(
      (await t.request('POST', '/admin/api/v1/organizations', { body: { name: `shop ${spaced}` }, headers: { authorization: `Bearer ${adminToken}` } })).status,
    ).toBe(201);

    const stored = await everything();
    for (const secret of [pan, spaced, '5555555555554444', idempotencyKey]) expect(stored).not.toContain(secret);
    expect(digitsOf(stored)).not.toContain(pan);
    expect(stored).toContain('411111******1111');
    expect(stored).toContain('555555******4444');
    const record = (await t.agent('GET', `/transaction/${id}`)).json;
    expect(record.tags).toEqual(['411111******1111', 'card 555555******4444']);
    expect(record.linkFields).toEqual({ 'order-411111******1111': 'ref 555555******4444' });
    expect(record.statusLog.at(-1).comment).toBe('customer read out 411111******1111 on the phone');
    expect(record.consent.userId).toBe('user-411111******1111');
  });

  it('never logs a secret a client put in a URL path', async () => {
    const tx = (await t.agent('POST', '/transaction', createRequest())).json;
    logLines.length = 0;
    const secrets = [tx.ephemeralKey, t.demo.clientSecret, adminToken, svcKey, pan];
    await t.request('GET', `/edge/api/v1/transaction/${tx.ephemeralKey}`, { headers: { authorization: tx.authorization } });
    await t.request('GET', `/agent/api/v1/transaction/${t.demo.clientSecret}`, { headers: { authorization: t.agentAuth } });
    await t.request('GET', `/admin/api/v1/organizations/${adminToken}/clients`, { headers: { authorization: `Bearer ${adminToken}` } });
    await t.request('GET', `/${svcKey}`);
    await t.request('GET', `/agent/api/v1/transaction/${pan}`, { headers: { authorization: t.agentAuth } });
    await t.request('GET', `/agent/api/v1/initialize/${t.demo.clientSecret}/info`, { headers: { authorization: t.agentAuth } });
    expect(logLines.length).toBeGreaterThanOrEqual(6);
    const log = logLines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    // What identifies a request stays: the route, and ids that are ids.
    await t.request('GET', `/agent/api/v1/transaction/${tx.transactionId}`, { headers: { authorization: t.agentAuth } });
    expect(logLines.at(-1)).toContain(`/agent/api/v1/transaction/${tx.transactionId}`);
  });
});

describe('8. readiness answers 503 when not ready', () => {
  it('GET /health/readiness and /health are 503 with status DOWN when the queue is full', async () => {
    const config = readConfig({ DATABASE_URL: 'file::memory:' });
    const saturated: RecognitionBackend = {
      barcode: async () => {
        throw new Error('unused');
      },
      idBarcode: async () => {
        throw new Error('unused');
      },
      card: async () => {
        throw new Error('unused');
      },
      document: async () => {
        throw new Error('unused');
      },
      status: () => ({ workers: 2, busy: 2, queued: 4, maxQueue: 4 }),
      close: async () => {},
    };
    const app = createApp({
      config,
      recognition: saturated,
      logger: silentLogger,
      healthChecks: defaultHealthChecks({ config, recognition: saturated }),
      info: buildInfo(),
    });
    const readiness = await app.request('/health/readiness');
    expect(readiness.status).toBe(503);
    expect((await readiness.json())[0].status.name).toBe('DOWN');
    expect((await app.request('/health')).status).toBe(503);
    expect((await app.request('/health/liveness')).status).toBe(200);
  });
});

describe('6. failed authentication is rate limited (429 + Retry-After)', () => {
  let t: PlatformTestApp;
  let nowMs = Date.parse('2025-01-01T00:00:10Z');
  beforeAll(async () => {
    t = await createPlatformTestApp({ now: () => nowMs });
  });
  afterAll(async () => t.close());

  const statuses = (list: Array<{ status: number }>) => {
    const counts: Record<number, number> = {};
    for (const { status } of list) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('300 wrong Basic logins for one client: 429 after the limit, for the right secret too, until the window ends', async () => {
    const wrong = t.basic(t.demo.clientId, 'wrong-secret');
    const answers = [];
    for (let i = 0; i < 300; i++) answers.push(await t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: wrong } }));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 280 });
    const limited = answers.at(-1)!;
    expect(limited.json).toMatchObject({ code: 'RATE_LIMITED', traceId: null });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.agent('GET', '/workflow')).status).toBe(429);
    nowMs += 60_000;
    expect((await t.agent('GET', '/workflow')).status).toBe(200);
  });

  it('unknown client ids are limited the same way (no enumeration through the limit)', async () => {
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: t.basic('no-such-client', 'x') } }));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 10 });
  });

  it('300 wrong OAuth attempts', async () => {
    const answers = [];
    for (let i = 0; i < 300; i++) {
      answers.push(
        await t.request('POST', '/agent/oauth/token', { body: { grant_type: 'client_credentials', client_id: t.demo.clientId, client_secret: `guess-${i}` } }),
      );
    }
    expect(statuses(answers)).toEqual({ 401: 20, 429: 280 });
    expect(answers.at(-1)!.headers.get('retry-after')).toMatch(/^\d+$/);
    nowMs += 60_000;
  });

  it('300 wrong edge keys for one transaction', async () => {
    const a = (await t.agent('POST', '/transaction', createRequest())).json;
    const answers = [];
    for (let i = 0; i < 300; i++) answers.push(await t.edge('POST', `/transaction/${a.transactionId}/resume`, t.basic(a.transactionId, `guess-${i}`)));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 280 });
    expect((await t.edge('POST', `/transaction/${a.transactionId}/resume`, a.authorization)).status).toBe(429);
    nowMs += 60_000;
    expect((await t.edge('POST', `/transaction/${a.transactionId}/resume`, a.authorization)).status).toBe(200);
  });

  it('per remote address: many ids guessed from one address', async () => {
    const env = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
    const answers = [];
    for (let i = 0; i < 150; i++) {
      const res = await t.app.request('/agent/api/v1/workflow', { headers: { authorization: t.basic(`client-${i}`, 'x') } }, env);
      answers.push({ status: res.status });
    }
    expect(statuses(answers)).toEqual({ 401: 100, 429: 50 });
    // Another address is not affected.
    const other = await t.app.request(
      '/agent/api/v1/workflow',
      { headers: { authorization: t.agentAuth } },
      { incoming: { socket: { remoteAddress: '203.0.113.10' } } },
    );
    expect(other.status).toBe(200);
    nowMs += 60_000;
  });
});

describe.each(['memory', 'database'])('6. strangers cannot lock a client out (issue #56), counters in %s', (store) => {
  let t: PlatformTestApp;
  const nowMs = Date.parse('2025-02-01T00:00:05Z');
  beforeAll(async () => {
    t = await createPlatformTestApp({ now: () => nowMs, env: { AUTH_RATE_LIMIT_STORE: store } });
  });
  afterAll(async () => t.close());

  /** A request from a remote address (the socket's; forwarded headers are not trusted). */
  const from = (address: string, path: string, init: RequestInit = {}) => t.app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
  const attackerAddress = (i: number) => `10.${Math.floor(i / 250)}.${i % 250}.1`;
  const owner = '192.0.2.10';

  it("1,000 wrong secrets for a client id from other addresses leave the owner's Basic, OAuth and bearer requests answered", async () => {
    const token = (await t.request('POST', '/agent/oauth/token', { headers: { authorization: t.agentAuth }, body: { grant_type: 'client_credentials' } })).json
      .access_token;
    const wrong = t.basic(t.demo.clientId, 'wrong-secret');
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 1000; i++) {
      const res = await from(attackerAddress(i % 50), '/agent/api/v1/workflow', { headers: { authorization: wrong } });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    // 50 addresses × 20 tries: all of them failures the limiter counted, then refused per (id, address).
    expect(statuses).toEqual({ 401: 1000 });
    expect((await from(owner, '/agent/api/v1/workflow', { headers: { authorization: t.agentAuth } })).status).toBe(200);
    expect((await from(owner, '/agent/api/v1/workflow', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const oauth = await from(owner, '/agent/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: t.demo.clientId, client_secret: t.demo.clientSecret }),
    });
    expect(oauth.status).toBe(200);
    // The attackers themselves are refused now, the right secret too (it is their address that guessed).
    const limited = await from(attackerAddress(0), '/agent/api/v1/workflow', { headers: { authorization: t.agentAuth } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("1,000 wrong edge keys for a transaction from other addresses leave the browser's requests answered", async () => {
    const a = (await t.agent('POST', '/transaction', createRequest())).json;
    for (let i = 0; i < 1000; i++) {
      await from(attackerAddress(i), `/edge/api/v1/transaction/${a.transactionId}/resume`, {
        method: 'POST',
        headers: { authorization: t.basic(a.transactionId, `guess-${i}`) },
      });
    }
    const res = await from(owner, `/edge/api/v1/transaction/${a.transactionId}/resume`, { method: 'POST', headers: { authorization: a.authorization } });
    expect(res.status).toBe(200);
  });

  it('past the per-id ceiling an address that already failed for the id is refused, one that did not gets its try', async () => {
    const { clientId, clientSecret } = await t.otherOrganization();
    const wrong = t.basic(clientId, 'nope');
    // 1,000 failures from 1,000 addresses (one each): the per-id ceiling.
    for (let i = 0; i < 1000; i++) expect((await from(attackerAddress(i), '/agent/api/v1/workflow', { headers: { authorization: wrong } })).status).toBe(401);
    // An address that failed for this id: refused, even with the right secret, until the window ends.
    expect((await from(attackerAddress(3), '/agent/api/v1/workflow', { headers: { authorization: t.basic(clientId, clientSecret) } })).status).toBe(429);
    // A fresh address: one guess (401), then refused — past the ceiling, guessing costs an address a guess.
    expect((await from('198.18.0.1', '/agent/api/v1/workflow', { headers: { authorization: wrong } })).status).toBe(401);
    expect((await from('198.18.0.1', '/agent/api/v1/workflow', { headers: { authorization: wrong } })).status).toBe(429);
    // The owner's address never failed: answered.
    expect((await from(owner, '/agent/api/v1/workflow', { headers: { authorization: t.basic(clientId, clientSecret) } })).status).toBe(200);
  });
});

describe('6. with AUTH_RATE_LIMIT_STORE=database the counters are shared by processes', () => {
  it('failures counted by one process limit the other', async () => {
    const shared = await createPlatformTestApp({ env: { AUTH_RATE_LIMIT_STORE: 'database' } });
    try {
      const { createPlatform } = await import('../../packages/server/src/platform/create-platform.ts');
      const { createApp: makeApp } = await import('@idlens/server');
      const second = createPlatform({
        db: shared.database.db,
        recognition: shared.platform.recognition,
        logger: silentLogger,
        settings: { edgeApiUrl: 'https://other.test/edge' },
        tokenSecret: 'a'.repeat(40),
        tokenTtlSeconds: 60,
        rateLimit: { store: 'database' },
      });
      const app2 = makeApp({
        config: shared.config,
        recognition: shared.platform.recognition as RecognitionBackend,
        logger: silentLogger,
        healthChecks: [],
        info: [],
        platform: second,
      });
      const wrong = shared.basic(shared.demo.clientId, 'wrong');
      for (let i = 0; i < 20; i++) expect((await shared.request('GET', '/agent/api/v1/workflow', { headers: { authorization: wrong } })).status).toBe(401);
      const res = await app2.request('/agent/api/v1/workflow', { headers: { authorization: shared.agentAuth } });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await shared.close();
    }
  });
});
