import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, rejectingDemoAuto, type PlatformTestApp } from '../support/platform-app.ts';

describe('agent API: transactions', () => {
  let t: PlatformTestApp;
  beforeAll(async () => {
    t = await createPlatformTestApp();
  });
  afterAll(async () => t.close());

  const invalid = async (body: unknown, field: string) => {
    const res = await t.agent('POST', '/transaction', body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.json.code).toBe('INVALID_REQUEST');
    expect(res.json.message).toContain(field);
  };

  describe('POST /transaction', () => {
    it('answers the spec create response', async () => {
      const res = await t.agent('POST', '/transaction', createRequest());
      expect(res.status).toBe(201);
      expect(Object.keys(res.json).sort()).toEqual(
        [
          'transactionId',
          'workflowId',
          'workflowVersionId',
          'organizationId',
          'ephemeralKey',
          'authorization',
          'workflowInfo',
          'createdOn',
          'modifiedOn',
          'processingStatus',
          'warnings',
          'edgeApiUrl',
        ].sort(),
      );
      expect(res.json).toMatchObject({ workflowId: 'demo-auto', organizationId: t.demo.organizationId, processingStatus: 'InProgress', warnings: [] });
      expect(res.json.createdOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(res.json.ephemeralKey.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits, Base64url
      expect(Object.keys(res.json.workflowInfo).sort()).toEqual(
        [
          'stepCount',
          'interactiveStepCount',
          'hasConditionalInteractiveStep',
          'interactiveSteps',
          'completedInteractiveSteps',
          'currentStep',
          'currentStepRetryCount',
          'currentStepExecutionIndex',
          'steps',
          'currentStepId',
          'pendingStepIds',
          'completedStepIds',
        ].sort(),
      );
      const row = await t.database.db.selectFrom('transactions').selectAll().where('id', '=', res.json.transactionId).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(res.json.ephemeralKey);
    });

    it('validates every field and names it', async () => {
      const base = createRequest();
      for (const field of ['workflowId', 'platform', 'sdkVersion', 'formValues', 'consent'] as const) {
        const body: Record<string, unknown> = { ...base };
        delete body[field];
        await invalid(body, field);
      }
      await invalid({ ...base, platform: 'windows95' }, 'platform');
      await invalid({ ...base, sdkVersion: 7 }, 'sdkVersion');
      for (const field of ['userId', 'givenOn', 'isProcessingStoringAllowed', 'isTrainingAllowed']) {
        const consent: Record<string, unknown> = { ...base.consent };
        delete consent[field];
        await invalid({ ...base, consent }, `consent.${field}`);
      }
      await invalid({ ...base, consent: { ...base.consent, givenOn: '2024-05-01T12:30:00Z' } }, 'consent.givenOn');
      await invalid({ ...base, consent: { ...base.consent, givenOn: '2024-02-30T12:30:00' } }, 'consent.givenOn');
      await invalid({ ...base, consent: { ...base.consent, isTrainingAllowed: 'no' } }, 'consent.isTrainingAllowed');
      await invalid({ ...base, tags: 'vip' }, 'tags');
    });

    it("checks formValues against the workflow's Start step", async () => {
      await invalid(createRequest('demo-auto', { formValues: {} }), 'formValues.customerName');
      await invalid(createRequest('demo-auto', { formValues: { customerName: 42 } }), 'formValues.customerName');
      await invalid(createRequest('demo-auto', { formValues: { customerName: 'x', extra: 1 } }), 'extra');
    });

    it('INVALID_JSON for a body that is not JSON', async () => {
      const res = await t.agent('POST', '/transaction', '{"workflowId":');
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('INVALID_JSON');
    });

    it('WORKFLOW_NOT_FOUND (404) for an unknown workflow and for another organization’s', async () => {
      const res = await t.agent('POST', '/transaction', createRequest('no-such-flow'));
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('WORKFLOW_NOT_FOUND');
      const other = await t.otherOrganization();
      const theirs = await t.request('POST', '/agent/api/v1/transaction', { headers: { authorization: other.auth }, body: createRequest('demo-auto') });
      expect(theirs.status).toBe(404);
    });

    it('Idempotency-Key: a retry answers the same transaction with a new key; the old key stops working', async () => {
      const headers = { 'idempotency-key': `key-${Math.random()}` };
      const first = await t.agent('POST', '/transaction', createRequest(), headers);
      const second = await t.agent('POST', '/transaction', createRequest(), headers);
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.json.transactionId).toBe(first.json.transactionId);
      expect(second.json.ephemeralKey).not.toBe(first.json.ephemeralKey);
      expect((await t.edge('GET', `/transaction/${first.json.transactionId}`, first.json.authorization)).status).toBe(401);
      expect((await t.edge('GET', `/transaction/${first.json.transactionId}`, second.json.authorization)).status).toBe(200);

      const different = await t.agent('POST', '/transaction', createRequest('demo-auto', { sdkVersion: '9' }), headers);
      expect(different.status).toBe(409);
      expect(different.json.code).toBe('IDEMPOTENCY_KEY_REUSED');

      await t.edge('POST', `/transaction/${first.json.transactionId}/resume`, second.json.authorization);
      const afterUse = await t.agent('POST', '/transaction', createRequest(), headers);
      expect(afterUse.status).toBe(409);
      expect(afterUse.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('Idempotency-Key: concurrent creates with one key make one transaction', async () => {
      const headers = { 'idempotency-key': `race-${Math.random()}` };
      const results = await Promise.all([1, 2, 3].map(() => t.agent('POST', '/transaction', createRequest(), headers)));
      expect(new Set(results.map((r) => r.json.transactionId)).size).toBe(1);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    });
  });

  describe('GET /transaction/{id}', () => {
    it('is readable right after creation, keyed state and statusLog included', async () => {
      const created = await t.agent('POST', '/transaction', createRequest());
      const res = await t.agent('GET', `/transaction/${created.json.transactionId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.json).toMatchObject({
        id: created.json.transactionId,
        partnerId: t.demo.organizationId,
        companyId: t.demo.organizationId,
        platform: 'Browser',
        processingStatus: 'InProgress',
        verificationStatus: null,
        originalVerificationStatus: null,
        tags: [],
        linkFields: {},
        consent: createRequest().consent,
      });
      expect(res.json.state['Start:0']).toMatchObject({ stepId: 1, stepType: 'Start', input: { formValues: { customerName: 'Ada Lovelace' } } });
      expect(res.json.statusLog).toEqual([
        expect.objectContaining({ field: 'processingStatus', oldValue: null, newValue: 'InProgress', changedBy: `client:${t.demo.clientId}` }),
      ]);
    });

    it("404 for unknown ids and for other organizations' transactions (never 403)", async () => {
      expect((await t.agent('GET', '/transaction/00000000-0000-0000-0000-000000000000')).json.code).toBe('NOT_FOUND');
      const created = await t.agent('POST', '/transaction', createRequest());
      const other = await t.otherOrganization();
      const id = created.json.transactionId;
      for (const [method, path, body] of [
        ['GET', `/transaction/${id}`],
        ['DELETE', `/transaction/${id}`],
        ['PUT', `/transaction/${id}/verification-status`, { verificationStatus: 'Accept' }],
        ['GET', `/transaction/${id}/blob/x/content`],
      ] as const) {
        const res = await t.request(method, `/agent/api/v1${path}`, { headers: { authorization: other.auth }, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json.code).toBe('NOT_FOUND');
      }
      const list = await t.request('GET', '/agent/api/v1/transaction', { headers: { authorization: other.auth } });
      expect(list.json.items).toEqual([]);
    });
  });

  describe('409 rules', () => {
    it('verification-status only on Complete; DELETE refused while InProgress', async () => {
      const created = await t.agent('POST', '/transaction', createRequest());
      const id = created.json.transactionId;
      const put = await t.agent('PUT', `/transaction/${id}/verification-status`, { verificationStatus: 'Review' });
      expect(put.status).toBe(409);
      expect(put.json.code).toBe('TRANSACTION_NOT_COMPLETE');
      const del = await t.agent('DELETE', `/transaction/${id}`);
      expect(del.status).toBe(409);
      expect(del.json.code).toBe('TRANSACTION_IN_PROGRESS');
      expect((await t.agent('GET', `/transaction/${id}`)).status).toBe(200);
    });

    it('verification-status validates its body', async () => {
      const created = await t.agent('POST', '/transaction', createRequest());
      await t.edge('POST', `/transaction/${created.json.transactionId}/resume`, created.json.authorization);
      for (const body of [{}, { verificationStatus: 'Maybe' }, { verificationStatus: 'Accept', comment: 5 }]) {
        const res = await t.agent('PUT', `/transaction/${created.json.transactionId}/verification-status`, body);
        expect(res.status).toBe(400);
        expect(res.json.message).toMatch(/verificationStatus|comment/);
      }
    });
  });

  describe('GET /transaction (listing)', () => {
    it('pages newest first with a cursor and filters by processingStatus and workflowId', async () => {
      const t2 = await createPlatformTestApp();
      try {
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) ids.push((await t2.agent('POST', '/transaction', createRequest())).json.transactionId);
        const done = await t2.agent('POST', '/transaction', createRequest());
        await t2.edge('POST', `/transaction/${done.json.transactionId}/resume`, done.json.authorization);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { json: { items: Array<{ id: string }>; nextCursor: string | null } } = await t2.agent(
            'GET',
            `/transaction?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(page.json.items.length).toBeLessThanOrEqual(2);
          seen.push(...page.json.items.map((i) => i.id));
          cursor = page.json.nextCursor;
        } while (cursor);
        expect(seen).toHaveLength(6);
        expect(new Set(seen).size).toBe(6);
        const complete = await t2.agent('GET', '/transaction?processingStatus=Complete');
        expect(complete.json.items.map((i: { id: string }) => i.id)).toEqual([done.json.transactionId]);
        expect((await t2.agent('GET', '/transaction?workflowId=demo-document')).json.items).toEqual([]);
        expect((await t2.agent('GET', '/transaction?processingStatus=Done')).json.message).toContain('processingStatus');
        expect((await t2.agent('GET', '/transaction?limit=0')).json.message).toContain('limit');
        expect((await t2.agent('GET', '/transaction?cursor=garbage')).json.message).toContain('cursor');
      } finally {
        await t2.close();
      }
    });
  });

  describe('blobs', () => {
    it('404 for an unknown blob and for a blob of another transaction', async () => {
      const a = await t.agent('POST', '/transaction', createRequest('demo-document'));
      await t.edge('POST', `/transaction/${a.json.transactionId}/step/2`, a.json.authorization, { images: { front: b64(await sampleImage('png')) } });
      const record = await t.agent('GET', `/transaction/${a.json.transactionId}`);
      const blobId = record.json.state['ScanDocument:0'].extraction.fullDocumentFrontImage.id;
      expect((await t.agent('GET', `/transaction/${a.json.transactionId}/blob/${blobId}/content`)).status).toBe(200);
      const b = await t.agent('POST', '/transaction', createRequest('demo-document'));
      expect((await t.agent('GET', `/transaction/${b.json.transactionId}/blob/${blobId}/content`)).status).toBe(404);
      expect((await t.agent('GET', `/transaction/${a.json.transactionId}/blob/nope/content`)).status).toBe(404);
    });
  });

  describe('workflows', () => {
    it('GET /initialize/{workflowId}/info and GET /workflow', async () => {
      const info = await t.agent('GET', '/initialize/demo-document/info');
      expect(info.status).toBe(200);
      expect(info.json).toMatchObject({
        workflowId: 'demo-document',
        formFields: [{ name: 'customerName', type: 'string', required: true }],
        interactiveSteps: [{ id: 2, type: 'ScanDocument' }],
      });
      expect((await t.agent('GET', '/initialize/nope/info')).json.code).toBe('WORKFLOW_NOT_FOUND');
      const list = await t.agent('GET', '/workflow');
      expect(list.json.map((w: { workflowId: string }) => w.workflowId)).toEqual(['demo-auto', 'demo-document']);
    });

    it('POST /workflow imports a new version; running transactions keep theirs', async () => {
      const before = await t.agent('POST', '/transaction', createRequest());
      const imported = await t.agent('POST', '/workflow', rejectingDemoAuto);
      expect(imported.status).toBe(201);
      expect(imported.json.version).toBe(2);
      const after = await t.agent('POST', '/transaction', createRequest());
      expect(after.json.workflowVersionId).toBe(imported.json.workflowVersionId);
      expect(before.json.workflowVersionId).not.toBe(imported.json.workflowVersionId);
      const oldRun = await t.edge('POST', `/transaction/${before.json.transactionId}/resume`, before.json.authorization);
      const newRun = await t.edge('POST', `/transaction/${after.json.transactionId}/resume`, after.json.authorization);
      expect(oldRun.json.verificationStatus).toBe('Accept');
      expect(newRun.json.verificationStatus).toBe('Reject');
    });

    it('refuses invalid definitions and names the problem', async () => {
      const res = await t.agent('POST', '/workflow', {
        workflowId: 'bad',
        name: 'bad',
        steps: [
          { id: 1, type: 'Start' },
          { id: 2, type: 'Condition', settings: { if: { path: 'formValues.nope', op: 'eq', value: 1 }, then: 3, else: 9 } },
          { id: 3, type: 'End' },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/steps\.1/);
    });
  });
});
