import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

describe('edge API', () => {
  let t: PlatformTestApp;
  let nowMs = Date.now();
  beforeAll(async () => {
    t = await createPlatformTestApp({ env: { CORS_ORIGINS: 'https://shop.example', EPHEMERAL_KEY_TTL: '3600' }, now: () => nowMs });
  });
  afterAll(async () => t.close());

  const create = async (workflowId = 'demo-auto') => (await t.agent('POST', '/transaction', createRequest(workflowId))).json;

  describe('authentication', () => {
    it('401 without WWW-Authenticate: Basic for missing, wrong or mismatched credentials', async () => {
      const a = await create();
      const b = await create();
      const attempts = [
        undefined,
        'Basic garbage',
        t.basic(a.transactionId, 'wrong-key'),
        t.basic(a.transactionId, b.ephemeralKey),
        t.basic(b.transactionId, b.ephemeralKey), // valid for b, used on a's path
        t.basic('no-such-transaction', a.ephemeralKey),
        t.agentAuth,
      ];
      const bodies = new Set<string>();
      for (const auth of attempts) {
        for (const [method, path] of [
          ['POST', `/transaction/${a.transactionId}/resume`],
          ['GET', `/transaction/${a.transactionId}`],
          ['POST', `/transaction/${a.transactionId}/step/2`],
        ] as const) {
          const res = await t.request(method, `/edge/api/v1${path}`, {
            headers: auth ? { authorization: auth } : {},
            body: method === 'POST' ? { images: {} } : undefined,
          });
          expect(res.status, `${method} ${path} ${auth}`).toBe(401);
          expect(res.json.code).toBe('UNAUTHORIZED');
          expect(res.headers.get('www-authenticate') ?? '').not.toMatch(/basic/i);
          // Well-formed credentials that fail all get one message, whatever was wrong.
          if (auth && auth !== 'Basic garbage') bodies.add(res.json.message);
        }
      }
      expect(bodies.size).toBe(1);
    });

    it('stores ephemeral keys only as hashes', async () => {
      const a = await create();
      const row = await t.database.db.selectFrom('transactions').select(['keyHash']).where('id', '=', a.transactionId).executeTakeFirstOrThrow();
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('CORS (edge only, configured origins)', () => {
    it('answers preflights for a configured origin without credentials', async () => {
      const a = await create();
      const res = await t.request('OPTIONS', `/edge/api/v1/transaction/${a.transactionId}/resume`, {
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    });

    it('sends no CORS headers to other origins, and none on the agent API', async () => {
      const a = await create();
      const other = await t.request('OPTIONS', `/edge/api/v1/transaction/${a.transactionId}/resume`, {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const agent = await t.request('GET', '/agent/api/v1/transaction', { headers: { origin: 'https://shop.example', authorization: t.agentAuth } });
      expect(agent.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('keeps CORS headers on answers and errors so the page can read them', async () => {
      const a = await create();
      const ok = await t.edge('POST', `/transaction/${a.transactionId}/resume`, a.authorization, undefined, { origin: 'https://shop.example' });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      const denied = await t.edge('POST', `/transaction/${a.transactionId}/resume`, 'Basic eDp5', undefined, { origin: 'https://shop.example' });
      expect(denied.status).toBe(401);
      expect(denied.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    });
  });

  describe('ephemeral key expiry', () => {
    it('KEY_EXPIRED after the TTL; the transaction closes as Error (logged) and can then be deleted', async () => {
      const a = await create('demo-document');
      nowMs += 3601 * 1000;
      try {
        const res = await t.edge('POST', `/transaction/${a.transactionId}/resume`, a.authorization);
        expect(res.status).toBe(401);
        expect(res.json.code).toBe('KEY_EXPIRED');
        const record = await t.agent('GET', `/transaction/${a.transactionId}`);
        expect(record.json.processingStatus).toBe('Error');
        expect(record.json.statusLog.at(-1)).toMatchObject({ field: 'processingStatus', oldValue: 'InProgress', newValue: 'Error', changedBy: 'system' });
        expect(record.json.statusLog.at(-1).comment).toContain('expired');
        expect((await t.agent('DELETE', `/transaction/${a.transactionId}`)).status).toBe(204);
      } finally {
        nowMs -= 3601 * 1000;
      }
    });

    it('an agent read alone closes an expired transaction (no edge call needed)', async () => {
      const a = await create();
      nowMs += 3601 * 1000;
      try {
        expect((await t.agent('GET', `/transaction/${a.transactionId}`)).json.processingStatus).toBe('Error');
      } finally {
        nowMs -= 3601 * 1000;
      }
    });
  });

  describe('GET /transaction/{id} and POST /transaction/{id}/step/{stepId}', () => {
    it('rejects submissions to a step that is not current or not interactive, and unknown steps', async () => {
      const a = await create('demo-document');
      const png = b64(await sampleImage('png'));
      const cases: Array<[number, number, string]> = [
        [3, 409, 'STEP_NOT_CURRENT'],
        [1, 409, 'STEP_NOT_CURRENT'],
        [99, 404, 'NOT_FOUND'],
      ];
      for (const [stepId, status, code] of cases) {
        const res = await t.edge('POST', `/transaction/${a.transactionId}/step/${stepId}`, a.authorization, { images: { front: png } });
        expect(res.status, String(stepId)).toBe(status);
        expect(res.json.code).toBe(code);
      }
      const notNumber = await t.edge('POST', `/transaction/${a.transactionId}/step/abc`, a.authorization, { images: { front: png } });
      expect(notNumber.status).toBe(400);
      expect(notNumber.json.message).toContain('stepId');
    });

    it('checks the images: required, Base64, JPEG/PNG only, decodable', async () => {
      const a = await create('demo-document');
      const path = `/transaction/${a.transactionId}/step/2`;
      const expectCode = async (body: unknown, status: number, code: string, field: string) => {
        const res = await t.edge('POST', path, a.authorization, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(res.json.code).toBe(code);
        expect(res.json.message).toContain(field);
      };
      await expectCode({}, 400, 'INVALID_REQUEST', 'images');
      await expectCode({ images: {} }, 400, 'IMAGE_MISSING', 'images.front');
      await expectCode({ images: { front: '###' } }, 400, 'IMAGE_BASE64_INVALID', 'images.front');
      await expectCode({ images: { front: Buffer.from('GIF89a-not-really').toString('base64') } }, 400, 'IMAGE_FORMAT_UNSUPPORTED', 'images.front');
      const png = await sampleImage('png');
      await expectCode({ images: { front: b64(png.subarray(0, 100)) } }, 400, 'IMAGE_DECODE_FAILED', 'images.front');
      await expectCode({ images: { front: b64(png), back: 5 } }, 400, 'INVALID_REQUEST', 'images.back');
      // Nothing was stored by the failed attempts.
      const view = await t.edge('GET', `/transaction/${a.transactionId}`, a.authorization);
      expect(view.json.currentStep.awaitingInput).toBe(true);
    });

    it('a second submission before resume replaces the first (its blobs too) and counts as a retry', async () => {
      const a = await create('demo-document');
      const path = `/transaction/${a.transactionId}/step/2`;
      await t.edge('POST', path, a.authorization, { images: { front: b64(await sampleImage('png', 1)) } });
      const second = await t.edge('POST', path, a.authorization, { images: { front: b64(await sampleImage('jpeg', 2)) } });
      expect(second.json.workflowInfo.currentStepRetryCount).toBe(1);
      const blobs = await t.database.db.selectFrom('blobs').select('contentType').where('transactionId', '=', a.transactionId).execute();
      expect(blobs).toEqual([{ contentType: 'image/jpeg' }]);
    });

    it('refuses submissions once the transaction is closed (409 TRANSACTION_CLOSED)', async () => {
      const a = await create('demo-document');
      await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, { images: { front: b64(await sampleImage('png')) } });
      expect((await t.edge('POST', `/transaction/${a.transactionId}/resume`, a.authorization)).json.processingStatus).toBe('Complete');
      const late = await t.edge('POST', `/transaction/${a.transactionId}/step/2`, a.authorization, { images: { front: b64(await sampleImage('png')) } });
      expect(late.status).toBe(409);
      expect(late.json.code).toBe('TRANSACTION_CLOSED');
      const view = await t.edge('GET', `/transaction/${a.transactionId}`, a.authorization);
      expect(view.json).toMatchObject({ processingStatus: 'Complete', currentStep: null });
    });
  });
});
