import fc from 'fast-check';
import { createLogger } from '@idlens/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFieldTypes } from '@idlens/sdk/api';
import { sampleImage } from '../support/images.ts';
import { nearMissOptions, type OpenApiDocument } from '../support/near-miss-options.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * Every endpoint fed with generated requests — schema-shaped bodies with wrong fields, arbitrary
 * JSON, broken JSON, wrong content types, deep nesting and huge strings, with and without valid
 * credentials. No answer may be a 5xx. Afterwards the log lines and the database are scanned for
 * secrets, keys, card numbers and Base64 images that the requests carried.
 */

const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 150);
const seed = Number(process.env.FUZZ_SEED ?? 20250101);

const pans = ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117'];

interface Endpoint {
  name: string;
  method: string;
  /** The path for this run (ids of real transactions, or fuzzed ones). */
  path: fc.Arbitrary<string>;
  /** A body close to the schema, for the generator to mutate. */
  body?: fc.Arbitrary<unknown>;
  auth: 'agent' | 'edge' | 'none';
}

describe('fuzzing every endpoint (fast-check): no 5xx, nothing sensitive logged or stored', () => {
  let t: PlatformTestApp;
  const logLines: string[] = [];
  const issuedKeys: string[] = [];
  let open: { transactionId: string; authorization: string; ephemeralKey: string };
  let done: { transactionId: string; authorization: string };
  /** A reusable verification link (its run page's token) and a hand-off's join URL key, both credentials. */
  let link: { id: string; token: string };
  let joinKey = '';
  let jpegBase64 = '';
  let pngBase64 = '';
  const counts: Record<string, { requests: number; byStatus: Record<number, number> }> = {};

  beforeAll(async () => {
    t = await createPlatformTestApp({
      // Generous limits: the fuzzer's wrong credentials must not lock out the valid ones it sends too.
      env: { AUTH_RATE_LIMIT_PER_ID_AND_ADDRESS: '1000000', AUTH_RATE_LIMIT_PER_ID: '1000000', AUTH_RATE_LIMIT_PER_ADDRESS: '1000000' },
      logger: createLogger((line) => logLines.push(line)),
    });
    jpegBase64 = (await sampleImage('jpeg', 7)).toString('base64');
    pngBase64 = (await sampleImage('png', 8)).toString('base64');
    const card = {
      workflowId: 'fuzz-card',
      name: 'Card',
      steps: [
        { id: 1, type: 'Start' },
        { id: 2, type: 'ScanCard' },
        { id: 3, type: 'End' },
      ],
    };
    expect((await t.agent('POST', '/workflow', card)).status).toBe(201);
    const created = (await t.agent('POST', '/transaction', createRequest('demo-document'))).json;
    open = created;
    issuedKeys.push(created.ephemeralKey);
    const auto = (await t.agent('POST', '/transaction', createRequest())).json;
    issuedKeys.push(auto.ephemeralKey);
    await t.edge('POST', `/transaction/${auto.transactionId}/resume`, auto.authorization);
    done = auto;
    const made = (
      await t.agent('POST', '/verification-link', {
        workflowId: 'demo-auto',
        expiresOn: new Date(Date.now() + 3600_000).toISOString(),
        consent: { userId: 'fuzz-user' },
        singleUse: false,
      })
    ).json;
    link = { id: made.id, token: made.url.split('/').at(-1) };
    const handoff = (await t.edge('POST', `/transaction/${open.transactionId}/handoff`, open.authorization)).json;
    joinKey = handoff.joinUrl.split('/').at(-1);
    // Cancelled at once: the fuzzer's own joins must not lock the transaction's key out of the other endpoints.
    await t.edge('DELETE', `/transaction/${open.transactionId}/handoff`, open.authorization);
  });
  afterAll(async () => {
    const total = Object.values(counts).reduce((n, c) => n + c.requests, 0);
    console.log(`fuzz: ${runsPerEndpoint} runs per endpoint × ${Object.keys(counts).length} endpoints, ${total} requests`, JSON.stringify(counts));
    await t.close();
  });

  const sensitiveExtraction = () =>
    fc.record({
      cardNumber: fc.constantFrom(...pans),
      nested: fc.record({ pan: fc.constantFrom(...pans.map((p) => p.replace(/(\d{4})/g, '$1 ').trim())), cvv: fc.constantFrom('123', '9876') }),
      photo: fc.constantFrom(jpegBase64, `data:image/png;base64,${pngBase64}`),
      text: fc.string(),
    });

  /** Bodies: schema-shaped, arbitrary JSON, deep nesting, huge strings. Returned as JSON text. */
  const bodyText = (shaped?: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 4, arbitrary: (shaped ?? fc.constant({})).map((v) => JSON.stringify(v)) },
      { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 40, max: 6000 })
          .map((d) => `{"extraction":${'['.repeat(d)}1${']'.repeat(d)},"formValues":${'{"a":'.repeat(Math.min(d, 3000))}1${'}'.repeat(Math.min(d, 3000))}}`),
      },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 40, max: 3000 }).map((d) =>
          JSON.stringify({
            workflowId: 'deep',
            name: 'x',
            steps: [
              { id: 1, type: 'Condition', settings: { if: JSON.parse(`${'{"not":'.repeat(d)}{"path":"verificationStatus","op":"exists"}${'}'.repeat(d)}`) } },
            ],
          }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 1, max: 3 }).map((n) =>
          JSON.stringify({
            workflowId: 'x'.repeat(n * 100_000),
            formValues: { customerName: 'y'.repeat(n * 50_000) },
            extraction: { big: 'z'.repeat(n * 100_000) },
          }),
        ),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    );

  const contentTypes = fc.constantFrom<string | undefined>(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    undefined,
  );

  const fuzzId = fc.oneof(fc.constant('TX'), fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent), fc.constant('x'.repeat(300)));

  const endpoints = (): Endpoint[] => {
    const txPath = (suffix: string, which: () => string = () => done.transactionId) =>
      fuzzId.map((id) => `/transaction/${id === 'TX' ? which() : id}${suffix}`);
    const stepBody = fc.record(
      {
        images: fc.record(
          { front: fc.oneof(fc.constant(pngBase64), fc.constant(jpegBase64), fc.string(), fc.constant(null)), back: fc.oneof(fc.constant(null), fc.integer()) },
          { requiredKeys: [] },
        ),
        extraction: fc.oneof(
          sensitiveExtraction(),
          fc.constant(null),
          fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j)),
        ),
      },
      { requiredKeys: [] },
    );
    return [
      {
        name: 'POST agent transaction',
        method: 'POST',
        path: fc.constant('/agent/api/v1/transaction'),
        auth: 'agent',
        body: fc.oneof(
          fc
            .record({ customerName: fc.oneof(fc.string(), fc.integer()), tags: fc.array(fc.string({ maxLength: 70 }), { maxLength: 22 }) })
            .map(({ customerName, tags }) => createRequest('demo-auto', { formValues: { customerName }, tags })),
          fc.record(
            {
              workflowId: fc.constantFrom('demo-auto', 'demo-document', 'nope'),
              platform: fc.constantFrom('browser', 'toaster', 1),
              sdkVersion: fc.string(),
              formValues: fc.dictionary(fc.string(), fc.anything()),
              consent: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      {
        name: 'GET agent transaction list',
        method: 'GET',
        path: fc
          .record({ s: fc.constantFrom('', 'InProgress', 'Bad'), l: fc.oneof(fc.integer(), fc.string()), c: fc.string() })
          .map(({ s, l, c }) => `/agent/api/v1/transaction?processingStatus=${s}&limit=${encodeURIComponent(String(l))}&cursor=${encodeURIComponent(c)}`),
        auth: 'agent',
      },
      { name: 'GET agent transaction', method: 'GET', path: txPath('').map((p) => `/agent/api/v1${p}`), auth: 'agent' },
      {
        name: 'PUT agent verification-status',
        method: 'PUT',
        path: txPath('/verification-status').map((p) => `/agent/api/v1${p}`),
        auth: 'agent',
        body: fc.record(
          { verificationStatus: fc.constantFrom('Accept', 'Reject', 'Review', 'Maybe', 3), comment: fc.oneof(fc.string(), fc.constant('x'.repeat(3000))) },
          { requiredKeys: [] },
        ),
      },
      { name: 'DELETE agent transaction', method: 'DELETE', path: txPath('', () => open.transactionId).map((p) => `/agent/api/v1${p}`), auth: 'agent' },
      {
        name: 'GET agent blob',
        method: 'GET',
        path: fc.tuple(txPath(''), fc.string({ minLength: 1 })).map(([p, b]) => `/agent/api/v1${p}/blob/${encodeURIComponent(b)}/content`),
        auth: 'agent',
      },
      {
        name: 'GET agent initialize info',
        method: 'GET',
        path: fc.oneof(fc.constant('demo-auto'), fc.string({ minLength: 1 })).map((w) => `/agent/api/v1/initialize/${encodeURIComponent(w)}/info`),
        auth: 'agent',
      },
      { name: 'GET agent workflows', method: 'GET', path: fc.constant('/agent/api/v1/workflow'), auth: 'agent' },
      {
        name: 'POST agent workflow',
        method: 'POST',
        path: fc.constant('/agent/api/v1/workflow'),
        auth: 'agent',
        body: fc.record(
          {
            workflowId: fc.constantFrom('fz', 'bad id!'),
            name: fc.string(),
            steps: fc.array(
              fc.record(
                {
                  id: fc.integer({ min: -1, max: 5 }),
                  type: fc.constantFrom('Start', 'End', 'Condition', 'Decision', 'ScanCard', 'Bogus'),
                  settings: fc.anything(),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 6 },
            ),
          },
          { requiredKeys: [] },
        ),
      },
      {
        name: 'POST oauth token',
        method: 'POST',
        path: fc.constant('/agent/oauth/token'),
        auth: 'none',
        body: fc.record(
          {
            grant_type: fc.constantFrom('client_credentials', 'password', 7),
            client_id: fc.oneof(fc.constant(t.demo.clientId), fc.string()),
            client_secret: fc.oneof(fc.constant(t.demo.clientSecret), fc.string()),
          },
          { requiredKeys: [] },
        ),
      },
      { name: 'POST edge resume', method: 'POST', path: txPath('/resume', () => open.transactionId).map((p) => `/edge/api/v1${p}`), auth: 'edge' },
      { name: 'GET edge view', method: 'GET', path: txPath('', () => open.transactionId).map((p) => `/edge/api/v1${p}`), auth: 'edge' },
      {
        name: 'POST edge step',
        method: 'POST',
        path: fc
          .tuple(
            txPath('', () => open.transactionId),
            fc.constantFrom('2', '1', '99', 'x', '-1', '1e9'),
          )
          .map(([p, s]) => `/edge/api/v1${p}/step/${s}`),
        auth: 'edge',
        body: stepBody,
      },
      {
        name: 'POST agent verification-link',
        method: 'POST',
        path: fc.constant('/agent/api/v1/verification-link'),
        auth: 'agent',
        body: fc.record(
          {
            workflowId: fc.constantFrom('demo-auto', 'demo-document', 'nope', 7),
            expiresOn: fc.oneof(fc.constant(new Date(Date.now() + 3600_000).toISOString()), fc.string(), fc.constant('2001-01-01T00:00:00Z')),
            formValues: fc.oneof(fc.record({ customerName: fc.oneof(fc.constantFrom(...pans), fc.string(), fc.integer()) }), fc.anything()),
            consent: fc.oneof(fc.record({ userId: fc.oneof(fc.constantFrom(...pans), fc.string()) }), fc.anything()),
            redirectUrl: fc.oneof(fc.constantFrom('https://shop.example/done', 'javascript:alert(1)', 'https://u:p@x.example/'), fc.string()),
            singleUse: fc.anything(),
          },
          { requiredKeys: [] },
        ),
      },
      {
        name: 'GET agent verification-link',
        method: 'GET',
        path: fc
          .tuple(
            fc.oneof(
              fc.constant(''),
              fc.string().map((x) => `/${encodeURIComponent(x)}`),
            ),
            fc.string(),
            fc.oneof(fc.integer(), fc.string()),
          )
          .map(
            ([one, cursor, limit]) => `/agent/api/v1/verification-link${one}?cursor=${encodeURIComponent(cursor)}&limit=${encodeURIComponent(String(limit))}`,
          ),
        auth: 'agent',
      },
      {
        name: 'PATCH agent branding',
        method: 'PATCH',
        path: fc.constant('/agent/api/v1/organization/branding'),
        auth: 'agent',
        body: fc.record(
          { displayName: fc.oneof(fc.string(), fc.constant(null), fc.integer()), accentColor: fc.oneof(fc.constantFrom('#12ab3c', 'red', null), fc.string()) },
          { requiredKeys: [] },
        ),
      },
      {
        name: 'GET run page',
        method: 'GET',
        path: fc
          .tuple(
            fc.oneof(fc.constant('LINK'), fc.constant('JOIN'), fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent)),
            fc.constantFrom('', '/theme.css', '/logo', '/workflow/demo-auto'),
            fc.oneof(fc.constantFrom('', 'de', 'constructor', '__proto__', 'toString'), fc.string()),
          )
          .map(([key, suffix, lang]) => {
            const where = key === 'LINK' ? link.token : key === 'JOIN' ? `join/${joinKey}` : key;
            return `/run/${where}${suffix}?lang=${encodeURIComponent(lang)}`;
          }),
        auth: 'none',
      },
      {
        name: 'POST run start',
        method: 'POST',
        path: fc
          .oneof(fc.constant('LINK'), fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent))
          .map((key) => `/run/${key === 'LINK' ? link.token : key}/transaction`),
        auth: 'none',
        body: fc.record(
          {
            sdkVersion: fc.oneof(fc.string(), fc.integer()),
            formValues: fc.oneof(fc.record({ customerName: fc.oneof(fc.constantFrom(...pans), fc.string()) }), fc.anything()),
            consent: fc.oneof(
              fc.record({ isProcessingStoringAllowed: fc.boolean(), isTrainingAllowed: fc.boolean(), givenOn: fc.string() }, { requiredKeys: [] }),
              fc.anything(),
            ),
          },
          { requiredKeys: [] },
        ),
      },
      {
        name: 'POST run join',
        method: 'POST',
        path: fc.oneof(fc.constant(joinKey), fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent)).map((key) => `/run/join/${key}`),
        auth: 'none',
      },
      {
        name: 'edge handoff',
        method: 'POST',
        path: txPath('/handoff', () => open.transactionId).map((p) => `/edge/api/v1${p}`),
        auth: 'edge',
      },
      {
        name: 'POST recognition',
        method: 'POST',
        path: fc.constantFrom('/barcode', '/id-barcode', '/card', '/document-multi-side', '/document-single-side'),
        auth: 'none',
        body: fc.record(
          {
            image: fc.record(
              {
                imageBase64: fc.oneof(fc.string(), fc.constant('iVBORw0KGgo=')),
                imageUrl: fc.oneof(fc.constant(null), fc.constantFrom('http://127.0.0.1/x', 'http://[::ffff:0:127.0.0.1]/', 'ftp://x', 'not a url')),
              },
              { requiredKeys: [] },
            ),
            scanQrCode: fc.anything(),
          },
          { requiredKeys: [] },
        ),
      },
      {
        name: 'GET health',
        method: 'GET',
        path: fc.oneof(
          fc.constantFrom('/health', '/info', '/openapi.json'),
          fc.string().map((s) => `/health/${encodeURIComponent(s)}`),
        ),
        auth: 'none',
      },
    ];
  };

  const authFor = (kind: Endpoint['auth']) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(kind === 'agent' ? t.agentAuth : kind === 'edge' ? open.authorization : undefined) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'Basic',
          'Basic !!!',
          'Bearer a.b.c',
          t.basic(t.demo.clientId, 'wrong'),
          t.basic(open.transactionId, 'wrong'),
          `Bearer ${'x'.repeat(5000)}`,
        ),
      },
    );

  it('answers every generated request without a 5xx', async () => {
    for (const endpoint of endpoints()) {
      const tally: { requests: number; byStatus: Record<number, number> } = { requests: 0, byStatus: {} };
      counts[endpoint.name] = tally;
      await fc.assert(
        fc.asyncProperty(endpoint.path, authFor(endpoint.auth), contentTypes, bodyText(endpoint.body), async (path, authorization, contentType, body) => {
          const headers: Record<string, string> = {};
          if (authorization) headers.authorization = authorization;
          const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
          if (sendsBody && contentType) headers['content-type'] = contentType;
          const res = await t.app.request(path, { method: endpoint.method, headers, body: sendsBody ? body : undefined });
          tally.requests++;
          tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
          const text = await res.text();
          if (res.status >= 500) throw new Error(`${endpoint.method} ${path.slice(0, 120)} (${contentType}) → ${res.status} ${text.slice(0, 300)}`);
          if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
            const json = JSON.parse(text);
            if (typeof json.code !== 'string' || typeof json.message !== 'string')
              throw new Error(`${res.status} without a DefaultResponse: ${text.slice(0, 200)}`);
          }
          if (res.status === 201 && (path === '/agent/api/v1/transaction' || path.startsWith('/run/'))) issuedKeys.push(JSON.parse(text).ephemeralKey);
          if (res.status === 201 && path === '/agent/api/v1/verification-link') issuedKeys.push(JSON.parse(text).url.split('/').at(-1));
          // A hand-off started by the fuzzer is taken back, so the transaction's own key keeps working for the others.
          if (res.status === 201 && path.endsWith('/handoff')) {
            issuedKeys.push(JSON.parse(text).joinUrl.split('/').at(-1));
            await t.edge('DELETE', `/transaction/${open.transactionId}/handoff`, open.authorization);
          }
        }),
        { numRuns: runsPerEndpoint, seed, endOnFailure: true },
      );
    }
    const total = Object.values(counts).reduce((n, c) => n + c.requests, 0);
    expect(total).toBeGreaterThanOrEqual(runsPerEndpoint * endpoints().length);
  });

  it('logs and database hold no secrets, keys, card numbers or Base64 images afterwards', async () => {
    // Submissions that carry every kind of sensitive value, accepted (200) — so the scan proves they were cleaned.
    for (const workflowId of ['fuzz-card', 'demo-document']) {
      const consent = { userId: 'u', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: workflowId === 'fuzz-card', isTrainingAllowed: false };
      const tx = (
        await t.agent('POST', '/transaction', createRequest(workflowId, { consent, formValues: workflowId === 'fuzz-card' ? {} : { customerName: 'A' } }))
      ).json;
      issuedKeys.push(tx.ephemeralKey);
      const res = await t.edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, {
        images: { front: pngBase64 },
        extraction: { cardNumber: pans[0], nested: { list: [{ pan: pans[1] }], cvv: '123' }, photo: jpegBase64, note: `${pans[2]} ${pans[3]}` },
      });
      expect(res.status).toBe(200);
    }
    // A link, a start from its page and the branding, each given card numbers, accepted: the scan proves they were masked.
    const made = await t.agent('POST', '/verification-link', {
      workflowId: 'demo-auto',
      expiresOn: new Date(Date.now() + 3600_000).toISOString(),
      consent: { userId: `card ${pans[0]}` },
      formValues: { customerName: pans[1] },
      redirectUrl: `https://shop.example/done?card=${pans[2]}`,
    });
    expect(made.status).toBe(201);
    issuedKeys.push(made.json.url.split('/').at(-1));
    const started = await t.request('POST', `/run/${link.token}/transaction`, {
      body: { sdkVersion: '1.0.0', formValues: { customerName: pans[3] }, consent: { isProcessingStoringAllowed: true, isTrainingAllowed: false } },
    });
    expect(started.status).toBe(201);
    issuedKeys.push(started.json.ephemeralKey);
    expect((await t.agent('PATCH', '/organization/branding', { displayName: `Bank ${pans[0]}` })).status).toBe(200);
    const db = t.database.db;
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
      'verificationLinks',
      'verificationLinkTransactions',
      'organizationBranding',
      'transactionHandoffs',
    ] as const;
    const dump: string[] = [];
    for (const table of tables) dump.push(JSON.stringify(await db.selectFrom(table).selectAll().execute()));
    const haystacks = { log: logLines.join('\n'), database: dump.join('\n') };
    expect(logLines.length).toBeGreaterThan(0);
    for (const [where, text] of Object.entries(haystacks)) {
      const found: string[] = [];
      if (text.includes(t.demo.clientSecret)) found.push('client secret');
      if (text.includes(link.token) || text.includes(joinKey)) found.push('run page token or join key');
      for (const key of issuedKeys) if (key && text.includes(key)) found.push('ephemeral key');
      if (/basic [a-z0-9+/=]{8,}/i.test(text) || /bearer [a-z0-9._~+/=-]{8,}/i.test(text)) found.push('authorization header');
      for (const pan of pans) if (text.includes(pan)) found.push(`PAN ${pan.slice(0, 6)}…`);
      if (text.includes(jpegBase64.slice(0, 40)) || text.includes(pngBase64.slice(0, 40)) || /\/9j\/4AAQ|iVBORw0KGgoAAAA/.test(text))
        found.push('Base64 image');
      if (/"cvv"/i.test(text)) found.push('CVV');
      expect(found, `${where} leaks`).toEqual([]);
    }
  });
});

/**
 * The recognition endpoints' options, nested ones included, as a sloppy client sends them: each
 * option on its own, absent, null, an empty object or array, a wrong enum spelling, a number out
 * of range, an object with any subset of its fields (recursively near misses too). The real
 * engine (without its OCR models, which blank images do not need: every option is still checked
 * and applied) and a valid image: every answer is 200 or a 400 naming the field, never a 5xx.
 */
describe('fuzzing every recognition option with near misses (fast-check)', () => {
  /** Runs per option: nested options (objects, arrays) have far more shapes than a boolean. */
  const runs = { nested: Number(process.env.FUZZ_NESTED_OPTION_RUNS ?? 60), flat: 8 };
  const recognitionRequests = [
    { path: '/barcode', schema: 'BarcodeRequest', images: ['image'] },
    { path: '/id-barcode', schema: 'IdBarcodeRequest', images: ['image'] },
    { path: '/card', schema: 'CardRequest', images: ['cardNumberSide', 'otherSide'] },
    { path: '/document-multi-side', schema: 'MultiSideRequest', images: ['imageFirstSide', 'imageSecondSide'] },
    { path: '/document-single-side', schema: 'SingleSideRequest', images: ['image'] },
  ];

  it('answers 200 or a 400 naming the field, never a 5xx', async () => {
    const t = await createTestApp({}, { ocr: false });
    const doc = (await (await t.app.request('/openapi.json')).json()) as OpenApiDocument;
    // Tiny, so that a run costs milliseconds: every option is checked and applied whatever the image shows.
    const image = { imageBase64: (await sampleImage('png', 3, 8, 8)).toString('base64') };
    const samples = { FieldType: [...documentFieldTypes, 'DOCUMENT_NUMBER', 'DATE_OF_BIRTH'] };
    const tally: Record<string, Record<number, number>> = {};
    let options = 0;
    for (const request of recognitionRequests) {
      for (const { option, nested, values } of nearMissOptions(doc, request.schema, request.images, samples)) {
        options++;
        const byStatus: Record<number, number> = {};
        tally[`${request.path} ${option}`] = byStatus;
        await fc.assert(
          fc.asyncProperty(values, async (value) => {
            const body = { [option]: value, [request.images[0]!]: image };
            const res = await t.post(request.path, body);
            byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
            const shown = JSON.stringify(body).slice(0, 400);
            if (res.status >= 500) throw new Error(`${request.path} ${shown} → ${res.status} ${JSON.stringify(res.json)}`);
            if (res.status !== 200) {
              expect(res.status, shown).toBe(400);
              expect(res.json.code, shown).toBe('INVALID_REQUEST');
              // `customDocumentRules.0.fields.0.fieldType: …`: the message begins with the option's path.
              expect(res.json.message, shown).toMatch(new RegExp(`^${option}[\\w.]*: `));
            }
          }),
          { numRuns: nested ? runs.nested : runs.flat, seed, endOnFailure: true },
        );
      }
    }
    const nestedTally = Object.entries(tally).filter(([key]) => /customDocument|anonymizationSettings|documentFilter/.test(key));
    console.log(`near-miss options: ${options} options`, JSON.stringify(Object.fromEntries(nestedTally)));
    // Every option was sent; the nested ones were both accepted and refused (valid and invalid shapes reached).
    expect(options).toBeGreaterThan(60);
    for (const [key, byStatus] of nestedTally) expect(Object.keys(byStatus).sort(), key).toEqual(['200', '400']);
  });
});
