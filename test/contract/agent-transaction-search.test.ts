import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

/** The listing's search filters: one transaction by its id, a customer's transactions by consent.userId. */
await describeEachDialect('agent API: transaction listing by id and by user id', (dialect) => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl });
  });
  afterAll(async () => t?.close());

  const create = async (userId: string) => {
    const consent = { userId, givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false };
    const res = await t.agent('POST', '/transaction', createRequest('demo-auto', { consent }));
    expect(res.status).toBe(201);
    return res.json.transactionId as string;
  };
  const ids = async (query: string, auth?: string) => {
    const res = auth
      ? await t.request('GET', `/agent/api/v1/transaction?${query}`, { headers: { authorization: auth } })
      : await t.agent('GET', `/transaction?${query}`);
    expect(res.status).toBe(200);
    return (res.json.items as Array<{ id: string }>).map((i) => i.id);
  };

  it('filters by transactionId and by userId, alone and with the other filters and paging', async () => {
    const [a1, b, a2, a3] = [await create('customer-a'), await create('customer-b'), await create('customer-a'), await create('customer-a')];
    expect(await ids(`transactionId=${b}`)).toEqual([b]);
    expect(await ids(`userId=customer-a`)).toEqual([a3, a2, a1]);
    expect(await ids(`userId=customer-b`)).toEqual([b]);
    expect(await ids(`userId=customer-a&transactionId=${b}`)).toEqual([]);
    expect(await ids(`userId=customer-a&processingStatus=Complete`)).toEqual([]);
    // Exact matches only: a prefix or another case finds nothing.
    expect(await ids(`transactionId=${b.slice(0, 8)}`)).toEqual([]);
    expect(await ids('userId=customer')).toEqual([]);
    expect(await ids('userId=CUSTOMER-A')).toEqual([]);
    // Paging keeps the filter.
    const first = await t.agent('GET', '/transaction?userId=customer-a&limit=2');
    expect(first.json.items.map((i: { id: string }) => i.id)).toEqual([a3, a2]);
    expect(await ids(`userId=customer-a&limit=2&cursor=${first.json.nextCursor}`)).toEqual([a1]);
    // Another organization finds nothing of this one's.
    const other = await t.otherOrganization();
    expect(await ids(`transactionId=${b}`, other.auth)).toEqual([]);
    expect(await ids('userId=customer-a', other.auth)).toEqual([]);
  });

  it('validates the new filters and names them', async () => {
    const long = await t.agent('GET', `/transaction?userId=${'u'.repeat(257)}`);
    expect(long.status).toBe(400);
    expect(long.json.message).toContain('userId');
    expect((await t.agent('GET', `/transaction?transactionId=${'x'.repeat(201)}`)).json.message).toContain('transactionId');
    expect((await t.agent('GET', '/transaction?userId=')).json.message).toContain('userId');
  });
});
