import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

describe('agent authentication', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp();
  });
  afterAll(async () => t.close());

  const expect401 = (res: { status: number; json: any; headers: Headers }) => {
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'UNAUTHORIZED', traceId: null });
    expect(res.json.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
  };

  it('401 with the same body for no credentials, a malformed header, an unknown client and a wrong secret', async () => {
    const attempts = [
      {},
      { authorization: 'Basic !!!' },
      { authorization: 'Token abc' },
      { authorization: t.basic('no-such-client', t.demo.clientSecret) },
      { authorization: t.basic(t.demo.clientId, `${t.demo.clientSecret}x`) },
      { authorization: t.basic(t.demo.clientId, '') },
      { authorization: 'Bearer not.a.token' },
    ];
    const messages = new Set<string>();
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/agent/api/v1/transaction'],
        ['POST', '/agent/api/v1/transaction'],
        ['GET', '/agent/api/v1/transaction/x'],
        ['DELETE', '/agent/api/v1/transaction/x'],
        ['GET', '/agent/api/v1/workflow'],
      ] as const) {
        const res = await t.request(method, path, { headers: headers as Record<string, string>, body: method === 'POST' ? createRequest() : undefined });
        expect401(res);
        messages.add(res.json.message);
      }
    }
    expect(messages.size).toBe(1);
  });

  it('checks credentials before validating the body', async () => {
    expect401(await t.request('POST', '/agent/api/v1/transaction', { body: '{not json' }));
  });

  it('accepts Basic client_id:client_secret', async () => {
    expect((await t.agent('GET', '/transaction')).status).toBe(200);
  });

  describe('POST /agent/oauth/token (client credentials)', () => {
    it('issues a bearer token from a JSON body, a form body or Basic credentials', async () => {
      const bodies = [
        { headers: {}, body: { grant_type: 'client_credentials', client_id: t.demo.clientId, client_secret: t.demo.clientSecret } },
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `grant_type=client_credentials&client_id=${t.demo.clientId}&client_secret=${encodeURIComponent(t.demo.clientSecret)}`,
        },
        { headers: { authorization: t.agentAuth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
      ];
      for (const { headers, body } of bodies) {
        const res = await t.request('POST', '/agent/oauth/token', { headers: headers as Record<string, string>, body });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
        expect(res.headers.get('cache-control')).toBe('no-store');
        const list = await t.request('GET', '/agent/api/v1/transaction', { headers: { authorization: `Bearer ${res.json.access_token}` } });
        expect(list.status).toBe(200);
      }
    });

    it('answers RFC 6749 errors: invalid_client (401) and unsupported_grant_type (400)', async () => {
      const wrong = await t.request('POST', '/agent/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: t.demo.clientId, client_secret: 'nope' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ error: 'invalid_client', code: 'UNAUTHORIZED' });
      const unknown = await t.request('POST', '/agent/oauth/token', { body: { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'nope' } });
      expect(unknown.json.error_description).toBe(wrong.json.error_description);
      const grant = await t.request('POST', '/agent/oauth/token', {
        body: { grant_type: 'password', client_id: t.demo.clientId, client_secret: t.demo.clientSecret },
      });
      expect(grant.status).toBe(400);
      expect(grant.json.error).toBe('unsupported_grant_type');
      const garbage = await t.request('POST', '/agent/oauth/token', { body: '{oops' });
      expect(garbage.status).toBe(400);
      expect(garbage.json.error).toBe('invalid_request');
    });

    it('refuses tampered and expired tokens', async () => {
      let nowMs = Date.now();
      const clocked = await createPlatformTestApp({ now: () => nowMs });
      try {
        const res = await clocked.request('POST', '/agent/oauth/token', {
          headers: { authorization: clocked.agentAuth },
          body: { grant_type: 'client_credentials' },
        });
        const token: string = res.json.access_token;
        const [h, p, s] = token.split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
        const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, org: 'other' })).toString('base64url')}.${s}`;
        expect((await clocked.request('GET', '/agent/api/v1/transaction', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
        expect((await clocked.request('GET', '/agent/api/v1/transaction', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
        nowMs += 3601 * 1000;
        expect((await clocked.request('GET', '/agent/api/v1/transaction', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      } finally {
        await clocked.close();
      }
    });
  });

  it('stores client secrets only as hashes', async () => {
    const rows = await t.database.db.selectFrom('clients').selectAll().execute();
    for (const row of rows) {
      expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(t.demo.clientSecret);
    }
  });
});

describe('rotation and revocation end the bearer tokens issued before them (issue #56, item 7)', () => {
  const adminToken = 'operator-token-'.padEnd(48, 'y');
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { ADMIN_TOKEN: adminToken } });
  });
  afterAll(async () => t.close());

  const admin = (method: string, path: string, body?: unknown) =>
    t.request(method, `/admin/api/v1${path}`, { body, headers: { authorization: `Bearer ${adminToken}` } });
  const tokenFor = async (authorization: string): Promise<string> => {
    const res = await t.request('POST', '/agent/oauth/token', { headers: { authorization }, body: { grant_type: 'client_credentials' } });
    expect(res.status).toBe(200);
    return res.json.access_token;
  };
  const listWith = (token: string) => t.request('GET', '/agent/api/v1/transaction', { headers: { authorization: `Bearer ${token}` } });

  it('a secret rotation (admin API) ends every token issued before it; tokens of the new secret work', async () => {
    const { organizationId } = (await admin('POST', '/organizations', { name: 'Rotating' })).json;
    const client = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'backend' })).json;
    const before = [await tokenFor(t.basic(client.clientId, client.clientSecret)), await tokenFor(t.basic(client.clientId, client.clientSecret))];
    for (const token of before) expect((await listWith(token)).status).toBe(200);

    const rotated = await admin('POST', `/organizations/${organizationId}/clients/${client.clientId}/secret`);
    expect(rotated.status).toBe(200);
    for (const token of before) {
      const res = await listWith(token);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('UNAUTHORIZED');
    }
    expect((await t.request('GET', '/agent/api/v1/transaction', { headers: { authorization: t.basic(client.clientId, client.clientSecret) } })).status).toBe(
      401,
    );
    const after = await tokenFor(t.basic(client.clientId, rotated.json.clientSecret));
    expect((await listWith(after)).status).toBe(200);

    // A second rotation ends the tokens of the first.
    await admin('POST', `/organizations/${organizationId}/clients/${client.clientId}/secret`);
    expect((await listWith(after)).status).toBe(401);
  });

  it("a rotation through the agent API (the console's Rotate secret) ends the tokens issued before it, the caller's own included", async () => {
    const { organizationId } = (await admin('POST', '/organizations', { name: 'Rotating by agent' })).json;
    const first = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'first' })).json;
    const second = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'second' })).json;
    const firstToken = await tokenFor(t.basic(first.clientId, first.clientSecret));
    const secondToken = await tokenFor(t.basic(second.clientId, second.clientSecret));
    const rotate = (clientId: string, token: string) =>
      t.request('POST', `/agent/api/v1/client/${clientId}/secret`, { headers: { authorization: `Bearer ${token}` } });

    // Another client of the organization rotates the first one's secret.
    const rotated = await rotate(first.clientId, secondToken);
    expect(rotated.status).toBe(200);
    expect((await listWith(firstToken)).status).toBe(401);
    expect((await listWith(secondToken)).status).toBe(200);

    // A client rotating its own secret ends the very token it asked with.
    const own = await tokenFor(t.basic(first.clientId, rotated.json.clientSecret));
    const again = await rotate(first.clientId, own);
    expect(again.status).toBe(200);
    expect((await listWith(own)).status).toBe(401);
    expect((await listWith(await tokenFor(t.basic(first.clientId, again.json.clientSecret)))).status).toBe(200);
  });

  it('a revocation (admin API, or another client of the organization) ends the tokens of the revoked client', async () => {
    const { organizationId } = (await admin('POST', '/organizations', { name: 'Revoking' })).json;
    const first = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'first' })).json;
    const second = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'second' })).json;
    const firstToken = await tokenFor(t.basic(first.clientId, first.clientSecret));
    const secondToken = await tokenFor(t.basic(second.clientId, second.clientSecret));

    expect((await admin('DELETE', `/organizations/${organizationId}/clients/${first.clientId}`)).status).toBe(204);
    expect((await listWith(firstToken)).status).toBe(401);

    const third = (await admin('POST', `/organizations/${organizationId}/clients`, { name: 'third' })).json;
    const revoke = await t.request('DELETE', `/agent/api/v1/client/${second.clientId}`, {
      headers: { authorization: t.basic(third.clientId, third.clientSecret) },
    });
    expect(revoke.status).toBe(204);
    expect((await listWith(secondToken)).status).toBe(401);
  });

  it('the generation is checked on use: a token naming an older generation is refused though its signature is valid', async () => {
    const token = await tokenFor(t.agentAuth);
    const claims = t.platform.tokens.verify(token, Date.now());
    expect(claims).not.toBeNull();
    const row = await t.database.db.selectFrom('clients').selectAll().where('id', '=', t.demo.clientId).executeTakeFirstOrThrow();
    expect(claims!.gen).toBe(row.tokenGeneration);
    await t.database.db
      .updateTable('clients')
      .set({ tokenGeneration: row.tokenGeneration + 1 })
      .where('id', '=', t.demo.clientId)
      .execute();
    expect((await listWith(token)).status).toBe(401);
  });
});
