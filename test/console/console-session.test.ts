import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/**
 * The console's session (console/console-session-routes.ts): an HttpOnly, SameSite=Strict cookie
 * scoped to /console/api, a CSRF token on every request but sign-in and reading the session, the
 * agent API behind /console/api/v1, sign-out and expiry.
 */
await describeEachDialect('console session', (dialect) => {
  let t: PlatformTestApp;
  let clock = Date.parse('2026-12-01T08:00:00Z');
  afterEach(async () => t?.close());

  const start = async (env: Record<string, string> = {}) => {
    clock = Date.parse('2026-12-01T08:00:00Z');
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, now: () => clock, env: { CONSOLE_SESSION_TTL: '3600', ...env } });
  };
  const signIn = async (clientSecret = t.demo.clientSecret, headers: Record<string, string> = {}) => {
    const res = await t.request('POST', '/console/api/session', { body: { clientId: t.demo.clientId, clientSecret }, headers });
    const cookie = /^idlens_console_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    return { res, cookie: cookie ? `idlens_console_session=${cookie}` : '', csrf: res.json?.csrfToken as string };
  };
  const consoleApi = (method: string, path: string, s: { cookie: string; csrf?: string }, body?: unknown, headers: Record<string, string> = {}) =>
    t.request(method, `/console/api${path}`, { body, headers: { cookie: s.cookie, ...(s.csrf ? { 'x-csrf-token': s.csrf } : {}), ...headers } });

  it('signs in with client credentials: an HttpOnly, SameSite=Strict, Secure cookie for /console/api only; nothing secret in the answer', async () => {
    await start();
    const wrong = await signIn('wrong');
    expect(wrong.res.status).toBe(401);
    expect(wrong.res.headers.get('set-cookie')).toBeNull();
    expect(wrong.res.headers.get('www-authenticate')).toBeNull();

    const { res, cookie, csrf } = await signIn();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Secure/); // PUBLIC_URL is https
    expect(setCookie).toMatch(/; Path=\/console\/api(;|$)/);
    expect(setCookie).toMatch(/; Max-Age=3600/);
    expect(res.json).toEqual({ clientId: t.demo.clientId, organizationId: t.demo.organizationId, expiresOn: '2026-12-01T09:00:00.000Z', csrfToken: csrf });
    expect(JSON.stringify(res.json)).not.toContain(t.demo.clientSecret);
    expect(JSON.stringify(res.json)).not.toContain(cookie.split('=')[1]);
    // The database keeps a hash of the session id, never the id itself.
    const rows = await t.database.db.selectFrom('consoleSessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(cookie.split('=')[1]);

    // A reload reads the session back (no CSRF token needed to learn it).
    const again = await consoleApi('GET', '/session', { cookie });
    expect(again.status).toBe(200);
    expect(again.json.csrfToken).toBe(csrf);
    expect((await t.request('GET', '/console/api/session')).status).toBe(401);
  });

  it('passes requests with the CSRF token on to the agent API as the signed-in client; refuses them without it or from another site', async () => {
    await start();
    const session = await signIn();
    const created = await t.agent('POST', '/transaction', createRequest());
    const list = await consoleApi('GET', '/v1/transaction', session);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.json.items.map((i: { id: string }) => i.id)).toEqual([created.json.transactionId]);

    expect((await consoleApi('GET', '/v1/transaction', { cookie: session.cookie })).status).toBe(403);
    expect((await consoleApi('GET', '/v1/transaction', { cookie: session.cookie, csrf: `${session.csrf}x` })).status).toBe(403);
    const crossSite = await consoleApi('GET', '/v1/transaction', session, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await consoleApi('GET', '/v1/transaction', session, undefined, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    // Another site cannot sign a browser in either (login CSRF), and a form post is not JSON.
    expect((await signIn(t.demo.clientSecret, { 'sec-fetch-site': 'cross-site' })).res.status).toBe(403);
    const form = await t.request('POST', '/console/api/session', {
      body: `clientId=${t.demo.clientId}&clientSecret=${t.demo.clientSecret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await t.request('POST', '/console/api/session', { body: { clientId: t.demo.clientId } })).json.message).toContain('clientSecret');
    // The cookie is the console's only: the agent API does not take it.
    expect((await t.request('GET', '/agent/api/v1/transaction', { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } })).status).toBe(401);

    // Writes go through with the agent API's own rules and answers.
    const id = created.json.transactionId as string;
    await t.edge('POST', `/transaction/${id}/resume`, created.json.authorization);
    const override = await consoleApi('PUT', `/v1/transaction/${id}/verification-status`, session, { verificationStatus: 'Review', comment: 'second look' });
    expect(override.json).toMatchObject({ verificationStatus: 'Review', originalVerificationStatus: 'Accept' });
    const record = await t.agent('GET', `/transaction/${id}`);
    expect(record.json.statusLog.at(-1)).toMatchObject({ changedBy: `client:${t.demo.clientId}`, comment: 'second look' });
    expect((await consoleApi('PUT', `/v1/transaction/${id}/verification-status`, session, { verificationStatus: 'Maybe' })).json.code).toBe('INVALID_REQUEST');
    expect((await consoleApi('DELETE', `/v1/transaction/${id}`, session)).status).toBe(204);
    expect((await consoleApi('GET', `/v1/transaction/${id}`, session)).status).toBe(404);
  });

  it('ends at sign-out, at expiry, when the client is revoked and when its secret is rotated', async () => {
    await start();
    const first = await signIn();
    const signOut = await consoleApi('DELETE', '/session', first);
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toMatch(/^idlens_console_session=; Max-Age=0; Path=\/console\/api/);
    expect((await consoleApi('GET', '/session', first)).status).toBe(401);
    expect((await consoleApi('GET', '/v1/transaction', first)).status).toBe(401);

    const second = await signIn();
    clock += 3599_000;
    expect((await consoleApi('GET', '/v1/workflow', second)).status).toBe(200);
    clock += 1000;
    const expired = await consoleApi('GET', '/v1/workflow', second);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await t.database.db.selectFrom('consoleSessions').selectAll().execute()).toEqual([]);

    // Rotation through the console itself: the new secret is shown once, the session (bound to the old one) ends.
    const third = await signIn();
    const rotated = await consoleApi('POST', `/v1/client/${t.demo.clientId}/secret`, third);
    expect(rotated.status).toBe(200);
    expect((await consoleApi('GET', '/session', third)).status).toBe(401);
    const fourth = await signIn(rotated.json.clientSecret);
    expect(fourth.res.status).toBe(200);
    // The rotation moved the client to its next token generation: the console's requests carry that one.
    expect((await consoleApi('GET', '/v1/workflow', fourth)).status).toBe(200);

    // Revocation by another client ends the session at once.
    const other = await t.request('POST', '/agent/api/v1/client', {
      body: { name: 'other' },
      headers: { authorization: t.basic(t.demo.clientId, rotated.json.clientSecret) },
    });
    const removed = await t.request('DELETE', `/agent/api/v1/client/${t.demo.clientId}`, {
      headers: { authorization: t.basic(other.json.clientId, other.json.clientSecret) },
    });
    expect(removed.status).toBe(204);
    expect((await consoleApi('GET', '/v1/workflow', fourth)).status).toBe(401);
  });
});
