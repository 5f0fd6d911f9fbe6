import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformTestApp, type PlatformTestApp } from '../support/platform-app.ts';

describe('OpenAPI document with the transaction platform', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp();
  });
  afterAll(async () => t.close());

  it('is valid OpenAPI 3.1 and lists every agent and edge path of the spec', async () => {
    const doc = (await t.request('GET', '/openapi.json')).json;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const path of [
      '/agent/api/v1/transaction',
      '/agent/api/v1/transaction/{transactionId}',
      '/agent/api/v1/transaction/{transactionId}/verification-status',
      '/agent/api/v1/transaction/{transactionId}/blob/{blobId}/content',
      '/agent/api/v1/initialize/{workflowId}/info',
      '/edge/api/v1/transaction/{transactionId}/resume',
      '/edge/api/v1/transaction/{transactionId}',
      '/edge/api/v1/transaction/{transactionId}/step/{stepId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    // The console's additions to the agent API are described like the rest.
    expect(doc.paths['/agent/api/v1/client/{clientId}/secret']?.post).toBeDefined();
    const listParams = (doc.paths['/agent/api/v1/transaction'].get.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['transactionId', 'userId']));
    // The console's own session API is not part of it.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/console'))).toEqual([]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['adminBearer', 'agentBasic', 'agentBearer', 'edgeBasic']);
  });

  it('the storage health check queries the database', async () => {
    const res = await t.request('GET', '/health/storage');
    expect(res.json[0]).toMatchObject({ name: 'storage', status: { operational: true }, details: { kind: 'sqlite' } });
  });
});
