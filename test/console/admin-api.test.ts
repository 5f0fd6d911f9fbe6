import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

const adminToken = 'operator-token-'.padEnd(48, 'x');

describe('admin API (operator token) and the agent API of the own organization', () => {
  let t: PlatformTestApp;
  const admin = (method: string, path: string, body?: unknown, token = adminToken) =>
    t.request(method, `/admin/api/v1${path}`, { body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { ADMIN_TOKEN: adminToken } });
  });
  afterAll(async () => t.close());

  it('is off (404) without ADMIN_TOKEN', async () => {
    const off = await createPlatformTestApp();
    try {
      const res = await off.request('GET', '/admin/api/v1/organizations', { headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('refuses a wrong token, a missing one and every agent credential', async () => {
    expect((await admin('GET', '/organizations', undefined, '')).status).toBe(401);
    const wrong = await admin('GET', '/organizations', undefined, `${adminToken}y`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    // A client of an organization is never an operator: Basic and its bearer token are refused.
    expect((await t.request('GET', '/admin/api/v1/organizations', { headers: { authorization: t.agentAuth } })).status).toBe(401);
    const token = await t.request('POST', '/agent/oauth/token', { body: { grant_type: 'client_credentials' }, headers: { authorization: t.agentAuth } });
    expect(token.status).toBe(200);
    expect((await admin('GET', '/organizations', undefined, token.json.access_token)).status).toBe(401);
  });

  it('creates organizations and clients, lists, rotates and revokes; organizations stay isolated', async () => {
    const org = await admin('POST', '/organizations', { name: 'Acme' });
    expect(org.status).toBe(201);
    expect(org.json).toMatchObject({ name: 'Acme', clientCount: 0 });
    const orgId = org.json.organizationId as string;
    expect((await admin('POST', '/organizations', { name: '' })).json.message).toContain('name');
    expect((await admin('POST', '/organizations', { name: 'x', extra: 1 })).status).toBe(400);

    const client = await admin('POST', `/organizations/${orgId}/clients`, { name: 'backend' });
    expect(client.status).toBe(201);
    expect(Object.keys(client.json).sort()).toEqual(['clientId', 'clientSecret', 'createdOn', 'name', 'organizationId']);
    const acme = t.basic(client.json.clientId, client.json.clientSecret);
    const row = await t.database.db.selectFrom('clients').selectAll().where('id', '=', client.json.clientId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(client.json.clientSecret);

    const listed = await admin('GET', '/organizations');
    expect(listed.json.map((o: { name: string }) => o.name)).toEqual(['Demo organization', 'Acme']);
    expect(listed.json[1].clientCount).toBe(1);
    const clients = await admin('GET', `/organizations/${orgId}/clients`);
    expect(clients.json).toEqual([{ clientId: client.json.clientId, organizationId: orgId, name: 'backend', createdOn: client.json.createdOn }]);
    expect((await admin('GET', '/organizations/nope/clients')).status).toBe(404);

    // Isolation: Acme has no workflows, sees none of the demo organization's transactions, and the reverse.
    const demoTx = await t.agent('POST', '/transaction', createRequest());
    expect(demoTx.status).toBe(201);
    const acmeAgent = (method: string, path: string, body?: unknown) => t.request(method, `/agent/api/v1${path}`, { body, headers: { authorization: acme } });
    expect((await acmeAgent('GET', '/workflow')).json).toEqual([]);
    expect((await acmeAgent('GET', '/transaction')).json.items).toEqual([]);
    expect((await acmeAgent('GET', `/transaction/${demoTx.json.transactionId}`)).status).toBe(404);
    expect((await acmeAgent('POST', '/transaction', createRequest())).json.code).toBe('WORKFLOW_NOT_FOUND');
    expect((await acmeAgent('GET', '/client')).json.map((c: { clientId: string }) => c.clientId)).toEqual([client.json.clientId]);
    // A demo client cannot revoke Acme's client, nor read its workflow versions.
    expect((await t.agent('DELETE', `/client/${client.json.clientId}`)).status).toBe(404);
    expect((await acmeAgent('GET', '/workflow/demo-auto/version')).status).toBe(404);
    // Nor can the operator reach a client through the wrong organization.
    expect((await admin('DELETE', `/organizations/${t.demo.organizationId}/clients/${client.json.clientId}`)).status).toBe(404);

    // Rotation: the old secret stops, the new one works.
    const rotated = await admin('POST', `/organizations/${orgId}/clients/${client.json.clientId}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.clientSecret).not.toBe(client.json.clientSecret);
    expect((await acmeAgent('GET', '/workflow')).status).toBe(401);
    const rotatedAuth = t.basic(client.json.clientId, rotated.json.clientSecret);
    expect((await t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: rotatedAuth } })).status).toBe(200);
    const bearer = await t.request('POST', '/agent/oauth/token', { body: { grant_type: 'client_credentials' }, headers: { authorization: rotatedAuth } });

    // Revocation: Basic and bearer stop at once.
    expect((await admin('DELETE', `/organizations/${orgId}/clients/${client.json.clientId}`)).status).toBe(204);
    expect((await t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: rotatedAuth } })).status).toBe(401);
    expect((await t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: `Bearer ${bearer.json.access_token}` } })).status).toBe(401);
    expect((await admin('DELETE', `/organizations/${orgId}/clients/${client.json.clientId}`)).status).toBe(404);
  });

  it('lets a client manage the other clients of its organization (create, rotate, revoke), never revoke itself', async () => {
    const created = await t.agent('POST', '/client', { name: 'console' });
    expect(created.status).toBe(201);
    expect(created.json.organizationId).toBe(t.demo.organizationId);
    const listed = await t.agent('GET', '/client');
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.json.find((c: { clientId: string }) => c.clientId === t.demo.clientId).isCaller).toBe(true);
    expect(JSON.stringify(listed.json)).not.toContain(created.json.clientSecret);
    const self = await t.agent('DELETE', `/client/${t.demo.clientId}`);
    expect(self.status).toBe(409);
    expect(self.json.code).toBe('CONFLICT');
    // Rotation of another client's secret (the console's Rotate control): shown once, the old one stops at once.
    const rotated = await t.agent('POST', `/client/${created.json.clientId}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(rotated.json).sort()).toEqual(['clientId', 'clientSecret', 'organizationId']);
    expect(rotated.json.clientSecret).not.toBe(created.json.clientSecret);
    const workflowsWith = (secret: string) =>
      t.request('GET', '/agent/api/v1/workflow', { headers: { authorization: t.basic(created.json.clientId, secret) } });
    expect((await workflowsWith(created.json.clientSecret)).status).toBe(401);
    expect((await workflowsWith(rotated.json.clientSecret)).status).toBe(200);
    // Another organization's client is a plain 404, an unknown one too.
    const other = await t.otherOrganization();
    expect((await t.agent('POST', `/client/${other.clientId}/secret`)).status).toBe(404);
    expect((await t.agent('POST', '/client/nope/secret')).status).toBe(404);
    expect((await t.request('POST', `/agent/api/v1/client/${created.json.clientId}/secret`)).status).toBe(401);
    expect((await t.agent('DELETE', `/client/${created.json.clientId}`)).status).toBe(204);
    expect((await t.agent('POST', '/client', { name: 'a'.repeat(101) })).json.message).toContain('name');
    expect((await t.request('GET', '/agent/api/v1/client')).status).toBe(401);
  });

  it('lists the versions of a workflow and answers each definition', async () => {
    const definition = {
      workflowId: 'kyc',
      name: 'KYC',
      steps: [
        { id: 1, type: 'Start' },
        { id: 2, type: 'End' },
      ],
    };
    expect((await t.agent('POST', '/workflow', definition)).status).toBe(201);
    expect((await t.agent('POST', '/workflow', { ...definition, name: 'KYC 2' })).status).toBe(201);
    const versions = await t.agent('GET', '/workflow/kyc/version');
    expect(versions.json.map((v: { version: number; isLatest: boolean; name: string }) => [v.version, v.isLatest, v.name])).toEqual([
      [2, true, 'KYC 2'],
      [1, false, 'KYC'],
    ]);
    const one = await t.agent('GET', `/workflow/kyc/version/${versions.json[1].workflowVersionId}`);
    expect(one.json.definition).toMatchObject({
      name: 'KYC',
      steps: [
        { id: 1, type: 'Start' },
        { id: 2, type: 'End' },
      ],
    });
    expect((await t.agent('GET', '/workflow/none/version')).json.code).toBe('WORKFLOW_NOT_FOUND');
  });

  it('filters the transaction listing by verification status, workflow and date range', async () => {
    const res = await t.agent('POST', '/transaction', createRequest('demo-auto'));
    const id = res.json.transactionId as string;
    const auth = res.json.authorization as string;
    expect((await t.edge('POST', `/transaction/${id}/resume`, auth)).json.processingStatus).toBe('Complete');
    const ids = async (query: string) => (await t.agent('GET', `/transaction?${query}`)).json.items.map((i: { id: string }) => i.id) as string[];
    expect(await ids('verificationStatus=Accept')).toContain(id);
    expect(await ids('verificationStatus=Reject')).not.toContain(id);
    expect(await ids('workflowId=demo-document')).not.toContain(id);
    const today = res.json.createdOn.slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`createdFrom=${today}&createdTo=${tomorrow}`)).toContain(id);
    expect(await ids(`createdFrom=${tomorrow}`)).toEqual([]);
    expect(await ids(`createdTo=${encodeURIComponent(res.json.createdOn)}`)).not.toContain(id);
    const bad = await t.agent('GET', '/transaction?createdFrom=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('createdFrom');
    expect((await t.agent('GET', '/transaction?verificationStatus=Maybe')).status).toBe(400);
  });
});
