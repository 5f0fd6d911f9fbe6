import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

const hour = 3600 * 1000;
const inHours = (h: number, from = Date.now()) => new Date(from + h * hour).toISOString();
/** What `<idlens-transaction>` posts to its proxy (the run page's /run/{token}). */
const startBody = (formValues: Record<string, unknown> = {}) => ({
  workflowId: 'ignored-the-link-decides',
  platform: 'browser',
  sdkVersion: '0.1.0',
  formValues,
  consent: { userId: 'ignored-too', givenOn: '2026-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
});

await describeEachDialect('verification links', (dialect) => {
  let t: PlatformTestApp;
  let clock = Date.now();
  afterEach(async () => {
    await t?.close();
  });
  const start = async () => {
    clock = Date.now();
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, now: () => clock });
  };
  const createLink = async (body: Record<string, unknown> = {}) => {
    const res = await t.agent('POST', '/verification-link', {
      workflowId: 'demo-auto',
      expiresOn: inHours(24, clock),
      consent: { userId: 'customer-42' },
      formValues: { customerName: 'Ada Lovelace' },
      ...body,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; url: string; status: string };
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const page = (url: string, headers: Record<string, string> = {}) => t.request('GET', pathOf(url), { headers });
  const startRun = (url: string, formValues: Record<string, unknown> = {}) => t.request('POST', `${pathOf(url)}/transaction`, { body: startBody(formValues) });
  const transactionCount = async () => (await t.agent('GET', '/transaction?limit=200')).json.items.length as number;

  it('creates a link whose URL is shown once; checks what it is given; other organizations see nothing', async () => {
    await start();
    const link = await createLink({ formValues: { customerName: 'Ada Lovelace' }, redirectUrl: 'https://shop.example/done?order=7' });
    expect(link.url).toMatch(/^https:\/\/idlens\.test\/run\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      workflowId: 'demo-auto',
      consent: { userId: 'customer-42' },
      formValues: { customerName: 'Ada Lovelace' },
      redirectUrl: 'https://shop.example/done?order=7',
      singleUse: true,
      status: 'active',
      transactionCount: 0,
    });
    const token = link.url.split('/').at(-1)!;
    const read = await t.agent('GET', `/verification-link/${link.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ ...link, url: undefined, transactions: [] });
    const listed = await t.agent('GET', '/verification-link');
    expect(listed.json.items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    // The token exists only in the creation answer: the database holds its hash.
    expect(JSON.stringify([read.json, listed.json])).not.toContain(token);

    const refused = {
      'expiresOn in the past': { expiresOn: inHours(-1, clock) },
      'expiresOn beyond 30 days': { expiresOn: inHours(24 * 31, clock) },
      'an undeclared form value': { formValues: { nickname: 'x' } },
      'a form value of the wrong type': { formValues: { customerName: 7 } },
      'a javascript: redirect': { redirectUrl: 'javascript:alert(1)' },
      'a redirect with credentials': { redirectUrl: 'https://user:pw@shop.example/' },
      'no user id': { consent: {} },
    };
    for (const [why, body] of Object.entries(refused)) {
      const res = await t.agent('POST', '/verification-link', { workflowId: 'demo-auto', expiresOn: inHours(1, clock), consent: { userId: 'u' }, ...body });
      expect(res.status, why).toBe(400);
      expect(res.json.code, why).toBe('INVALID_REQUEST');
    }
    const unknownWorkflow = await t.agent('POST', '/verification-link', { workflowId: 'nope', expiresOn: inHours(1, clock), consent: { userId: 'u' } });
    expect(unknownWorkflow.json.code).toBe('WORKFLOW_NOT_FOUND');

    const other = await t.otherOrganization();
    const foreign = { authorization: other.auth };
    expect((await t.request('GET', `/agent/api/v1/verification-link/${link.id}`, { headers: foreign })).status).toBe(404);
    expect((await t.request('DELETE', `/agent/api/v1/verification-link/${link.id}`, { headers: foreign })).status).toBe(404);
    expect((await t.request('GET', '/agent/api/v1/verification-link', { headers: foreign })).json.items).toEqual([]);
    expect((await t.request('GET', '/agent/api/v1/verification-link')).status).toBe(401);
  });

  it('opens the run page and starts one transaction as the link says: its workflow, user and form values', async () => {
    await start();
    const link = await createLink({ formValues: { customerName: 'Ada Lovelace' } });
    const html = await page(link.url, { 'accept-language': 'de-CH, fr;q=0.8' });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html.headers.get('cache-control')).toBe('no-store');
    const text = html.bytes.toString('utf8');
    expect(text).toContain('<html lang="de">');
    expect(text).toContain('Identitätsprüfung');
    expect(text).toContain(`<idlens-transaction id="flow" hide-checks handoff proxy-url="${pathOf(link.url)}" workflow-id="demo-auto" lang="de"`);
    expect(text).not.toMatch(/<script>|<style>|style=/);

    // The form asks only for what the link left open.
    expect((await t.request('GET', `${pathOf(link.url)}/workflow/demo-auto`)).json).toEqual({ formFields: [] });

    const started = await startRun(link.url, { customerName: 'Mallory' });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const { transactionId, authorization, edgeApiUrl } = started.json;
    expect(edgeApiUrl).toBe('https://idlens.test/edge');
    const resumed = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(resumed.json.processingStatus).toBe('Complete');

    const record = (await t.agent('GET', `/transaction/${transactionId}`)).json;
    expect(record.workflowId).toBe('demo-auto');
    expect(record.consent).toMatchObject({ userId: 'customer-42', isProcessingStoringAllowed: true });
    expect(record.linkFields).toEqual({ verificationLinkId: link.id });
    expect(record.state['Start:0'].input.formValues ?? record.state['Start:0'].output).toBeDefined();
    expect(JSON.stringify(record)).toContain('Ada Lovelace');
    expect(JSON.stringify(record)).not.toContain('Mallory');

    const read = (await t.agent('GET', `/verification-link/${link.id}`)).json;
    expect(read).toMatchObject({ status: 'used', transactionCount: 1, usedOn: expect.any(String) });
    expect(read.transactions).toEqual([{ transactionId, createdOn: expect.any(String), processingStatus: 'Complete', verificationStatus: 'Accept' }]);
  });

  it('a used, revoked or expired link shows why (no ids) and starts nothing', async () => {
    await start();
    const used = await createLink();
    expect((await startRun(used.url)).status).toBe(201);
    const revoked = await createLink();
    expect((await t.agent('DELETE', `/verification-link/${revoked.id}`)).status).toBe(204);
    expect((await t.agent('DELETE', `/verification-link/${revoked.id}`)).status).toBe(204);
    const expiring = await createLink({ expiresOn: inHours(1, clock) });
    const before = await transactionCount();
    clock += 2 * hour;

    const cases = [
      [used, 410, 'This link was already used.'],
      [revoked, 410, 'This link was withdrawn.'],
      [expiring, 410, 'This link has expired.'],
      [{ id: 'none', url: `https://idlens.test/run/${'A'.repeat(43)}` }, 404, 'This link is not valid.'],
      [{ id: 'none', url: 'https://idlens.test/run/short' }, 404, 'This link is not valid.'],
    ] as const;
    for (const [link, status, words] of cases) {
      const res = await page(link.url);
      expect(res.status, words).toBe(status);
      const text = res.bytes.toString('utf8');
      expect(text, words).toContain(words);
      expect(text).toContain('This link cannot be used');
      for (const secret of [link.id, link.url.split('/').at(-1)!, 'transaction', 'Error', '    at ']) expect(text, `${words}: ${secret}`).not.toContain(secret);
      const startAttempt = await startRun(link.url);
      expect(startAttempt.status, words).toBe(410);
      expect(startAttempt.json.code).toBe('VERIFICATION_LINK_UNAVAILABLE');
      expect((await t.request('GET', `${pathOf(link.url)}/workflow/demo-auto`)).status).toBe(410);
    }
    expect(await transactionCount()).toBe(before);
    expect((await t.agent('GET', `/verification-link/${revoked.id}`)).json).toMatchObject({
      status: 'revoked',
      transactionCount: 0,
      revokedOn: expect.any(String),
    });
    expect((await t.agent('GET', `/verification-link/${expiring.id}`)).json.status).toBe('expired');
  });

  it('a start retried with its Idempotency-Key (the answer was lost) gets its transaction again; the key is the link’s own', async () => {
    await start();
    const link = await createLink();
    const retried = (key: string) => t.request('POST', `${pathOf(link.url)}/transaction`, { body: startBody(), headers: { 'idempotency-key': key } });
    const first = await retried('page-key-1');
    expect(first.status).toBe(201);
    const again = await retried('page-key-1');
    expect(again.status).toBe(200);
    expect(again.json.transactionId).toBe(first.json.transactionId);
    // Another key on the used link starts nothing.
    expect((await retried('page-key-2')).status).toBe(410);
    expect((await t.agent('GET', `/verification-link/${link.id}`)).json.transactionCount).toBe(1);
    // The organization's own backend may use the same key for its own create: the namespaces differ.
    const own = await t.agent('POST', '/transaction', createRequest(), { 'idempotency-key': 'page-key-1' });
    expect(own.status).toBe(201);
    expect(own.json.transactionId).not.toBe(first.json.transactionId);
  });

  it('stores no card number a link was given; a removed client’s links start nothing', async () => {
    await start();
    const link = await createLink({ consent: { userId: 'card 4111 1111 1111 1111' }, formValues: { customerName: 'Ada 5500005555555559' } });
    const stored = JSON.stringify((await t.agent('GET', `/verification-link/${link.id}`)).json);
    expect(stored).not.toMatch(/4111 1111 1111 1111|5500005555555559/);
    expect(stored).toContain('1111');

    const other = await t.request('POST', '/agent/api/v1/client', { body: { name: 'link maker' }, headers: { authorization: t.agentAuth } });
    expect(other.status).toBe(201);
    const auth = t.basic(other.json.clientId, other.json.clientSecret);
    const made = await t.request('POST', '/agent/api/v1/verification-link', {
      body: { workflowId: 'demo-auto', expiresOn: inHours(1, clock), consent: { userId: 'u' }, formValues: { customerName: 'Ada' }, singleUse: false },
      headers: { authorization: auth },
    });
    expect(made.status).toBe(201);
    expect((await startRun(made.json.url)).status).toBe(201);
    expect((await t.agent('DELETE', `/client/${other.json.clientId}`)).status).toBe(204);
    const after = await page(made.json.url);
    expect(after.status).toBe(410);
    expect(after.bytes.toString('utf8')).toContain('This link was withdrawn.');
    expect((await startRun(made.json.url)).status).toBe(410);
  });

  it('a single-use link opened on six pages at once starts exactly one transaction; a reusable one starts each', async () => {
    await start();
    const single = await createLink();
    const answers = await Promise.all(Array.from({ length: 6 }, () => startRun(single.url)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410, 410, 410, 410, 410]);
    const read = (await t.agent('GET', `/verification-link/${single.id}`)).json;
    expect(read.transactionCount).toBe(1);
    expect(read.transactions.map((x: { transactionId: string }) => x.transactionId)).toEqual([answers.find((a) => a.status === 201)!.json.transactionId]);

    const reusable = await createLink({ singleUse: false, formValues: {} });
    const runs = await Promise.all(Array.from({ length: 3 }, () => startRun(reusable.url, { customerName: 'Ada' })));
    expect(runs.map((r) => r.status)).toEqual([201, 201, 201]);
    const again = (await t.agent('GET', `/verification-link/${reusable.id}`)).json;
    expect(again).toMatchObject({ status: 'active', transactionCount: 3 });
    expect(again.transactions.map((x: { transactionId: string }) => x.transactionId).sort()).toEqual(runs.map((r) => r.json.transactionId).sort());
    // A page without the field the link left open is told which.
    const missing = await startRun(reusable.url);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('customerName');
    expect(missing.json.code).toBe('INVALID_REQUEST');
    expect((await t.agent('GET', `/verification-link/${reusable.id}`)).json.transactionCount).toBe(3);
  });

  it('shows the organization as it set itself up: escaped name, checked colour, a decoded logo', async () => {
    await start();
    const link = await createLink();
    const named = await t.agent('PATCH', '/organization/branding', { displayName: "Bank <script>alert(1)</script> & Co $& $'", accentColor: '#FFD700' });
    expect(named.status).toBe(200);
    expect(named.json).toMatchObject({ displayName: "Bank <script>alert(1)</script> & Co $& $'", accentColor: '#ffd700', hasLogo: false });
    const text = (await page(link.url)).bytes.toString('utf8');
    expect(text).toContain('Bank &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co $&amp; $&#39; asks you to verify your identity.');
    expect(text).not.toContain('<script>alert');
    const theme = await t.request('GET', `${pathOf(link.url)}/theme.css`);
    // A light brand colour gets dark text on its buttons.
    expect(theme.bytes.toString('utf8')).toBe(':root {\n  --idlens-accent: #ffd700;\n  --idlens-on-accent: #000;\n}\n');
    for (const accentColor of ['red', '#fff', '#12345g', '#123456; } body { display:none']) {
      expect((await t.agent('PATCH', '/organization/branding', { accentColor })).status, accentColor).toBe(400);
    }

    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const put = (body: Buffer | string, type: string) =>
      t.request('PUT', '/agent/api/v1/organization/branding/logo', { body, headers: { authorization: t.agentAuth, 'content-type': type } });
    const stored = await put(logo, 'image/png');
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    expect(stored.json.hasLogo).toBe(true);
    const served = await t.request('GET', `${pathOf(link.url)}/logo`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.equals(logo)).toBe(true);
    expect((await page(link.url)).bytes.toString('utf8')).toContain(`<img class="logo" src="${pathOf(link.url)}/logo" alt="">`);
    expect((await put('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml')).status).toBe(415);
    expect((await put('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/png')).json.code).toBe('IMAGE_FORMAT_UNSUPPORTED');
    const huge = await sharp({ create: { width: 2000, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await put(huge, 'image/png')).json.code).toBe('IMAGE_TOO_LARGE');
    // A whole header and a cut-off image: decoded, refused.
    expect((await put(logo.subarray(0, logo.length - 40), 'image/png')).json.code).toBe('IMAGE_DECODE_FAILED');
    expect((await t.agent('DELETE', '/organization/branding/logo')).json.hasLogo).toBe(false);
    expect((await t.request('GET', `${pathOf(link.url)}/logo`)).status).toBe(404);
    // Back to the defaults.
    expect((await t.agent('PATCH', '/organization/branding', { displayName: null, accentColor: null })).json).toMatchObject({
      displayName: null,
      accentColor: null,
    });
    expect((await t.request('GET', `${pathOf(link.url)}/theme.css`)).bytes.toString('utf8')).toBe('');
  });
});

describe('the OpenAPI document', () => {
  it('covers the links, branding, run page and hand-off endpoints', async () => {
    const t = await createPlatformTestApp();
    try {
      const paths = (await t.request('GET', '/openapi.json')).json.paths as Record<string, Record<string, unknown>>;
      const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
      expect(methods('/agent/api/v1/verification-link')).toEqual(['get', 'post']);
      expect(methods('/agent/api/v1/verification-link/{linkId}')).toEqual(['delete', 'get']);
      expect(methods('/agent/api/v1/organization/branding')).toEqual(['get', 'patch']);
      expect(methods('/agent/api/v1/organization/branding/logo')).toEqual(['delete', 'get', 'put']);
      expect(methods('/run/{token}')).toEqual(['get']);
      expect(methods('/run/{token}/transaction')).toEqual(['post']);
      expect(methods('/run/join/{joinKey}')).toEqual(['get', 'post']);
      expect(methods('/edge/api/v1/transaction/{transactionId}/handoff')).toEqual(['delete', 'get', 'post']);
    } finally {
      await t.close();
    }
  });
});

describe('routing', () => {
  it('the run page’s paths leave the app on Hono’s RegExpRouter; an unknown run path is the API’s 404 with an execution id', async () => {
    const t = await createPlatformTestApp();
    try {
      const missing = await t.request('GET', '/run/some-token/nothing-here');
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({ code: 'NOT_FOUND', executionId: expect.any(String) });
      // `/run/{token}` beside `/run/join/{key}` is a set RegExpRouter refuses: merged into the
      // app, it sent every route (the agent API's too) to the slower TrieRouter.
      expect((t.app.router as { name?: string }).name).toBe('SmartRouter + RegExpRouter');
    } finally {
      await t.close();
    }
  });
});

describe('the run page language', async () => {
  const { runPageLanguage } = await import('../../packages/server/src/run/run-page-text.ts');
  it.each([
    [undefined, 'fr-CA,fr;q=0.9,en;q=0.5', 'fr'],
    [undefined, 'ja, pt-BR;q=0.4, en;q=0.3', 'pt'],
    [undefined, 'en;q=0.2, pl;q=0.9', 'pl'],
    [undefined, 'ja', 'en'],
    [undefined, undefined, 'en'],
    ['it', 'de', 'it'],
    ['xx', 'nl', 'nl'],
    ['constructor', '__proto__, toString;q=0.9', 'en'],
  ])('?lang=%s with Accept-Language %s → %s', (query, accept, lang) => {
    expect(runPageLanguage(query, accept)).toBe(lang);
  });
});
