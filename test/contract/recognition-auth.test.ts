import { beforeAll, describe, expect, it } from 'vitest';
import { barcodePng, toBase64 } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';

describe('svc-api-key', () => {
  let body: unknown;
  beforeAll(async () => {
    body = { image: { imageBase64: toBase64(await barcodePng('k', { format: 'QRCode' })) }, scanQrCode: true };
  });

  it('leaves the endpoints open when no keys are configured', async () => {
    const t = await createTestApp();
    expect((await t.post('/barcode', body)).status).toBe(200);
  });

  it('answers 403 FORBIDDEN for a missing or wrong key and 200 for a configured one', async () => {
    const t = await createTestApp({ SVC_API_KEYS: 'first-key,second-key' });
    for (const path of ['/barcode', '/id-barcode', '/document-single-side', '/document-multi-side']) {
      const missing = await t.post(path, body);
      expect(missing.status, path).toBe(403);
      expect(missing.json.code).toBe('FORBIDDEN');
      expect((await t.post(path, body, { 'svc-api-key': 'first-keyX' })).status).toBe(403);
      expect((await t.post(path, body, { 'svc-api-key': 'first' })).status).toBe(403);
    }
    expect((await t.post('/barcode', body, { 'svc-api-key': 'second-key', 'X-ClientCustomerId': 'cust-1' })).status).toBe(200);
  });

  it('checks the key before reading the body, so a bad key learns nothing about validation', async () => {
    const t = await createTestApp({ SVC_API_KEYS: 'k1' });
    const res = await t.post('/barcode', '{not json');
    expect(res.status).toBe(403);
  });

  it('leaves /card open (it declares no headers) unless the operator opts in', async () => {
    const cardBody = { cardNumberSide: (body as { image: unknown }).image };
    expect((await (await createTestApp({ SVC_API_KEYS: 'k1' })).post('/card', cardBody)).status).toBe(200);
    const strict = await createTestApp({ SVC_API_KEYS: 'k1', SVC_API_KEY_ON_CARD: 'true' });
    expect((await strict.post('/card', cardBody)).status).toBe(403);
    expect((await strict.post('/card', cardBody, { 'svc-api-key': 'k1' })).status).toBe(200);
  });
});
