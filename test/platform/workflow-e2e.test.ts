import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { b64, sampleImage } from '../support/images.ts';
import { importWorkflow } from '../../packages/server/src/platform/workflow-versions/workflow-admin.ts';
import { createPlatformTestApp, createRequest, rejectingDemoAuto, type PlatformTestApp } from '../support/platform-app.ts';

/** What a real document engine answers for a valid TD3 passport (the MRZ check digits are right). */
const passport = {
  recognitionStatus: 'VALID',
  documentNumber: { latin: 'L898902C3' },
  dateOfBirth: { day: 12, month: 8, year: 1974, successfullyParsed: true, filledByDomainKnowledge: false, originalString: null },
  dateOfExpiry: { day: 15, month: 4, year: 2112, successfullyParsed: true, filledByDomainKnowledge: false, originalString: null },
  mrzData: { rawMrzString: 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10', verified: true, mrzType: 'TD3' },
  dataMatch: { dateOfBirth: 'MATCH', dateOfExpiry: 'MATCH', documentNumber: 'MATCH', overall: 'MATCH' },
  fullDocumentFirstSideImage: { image: 'QUJD' },
};

await describeEachDialect('a whole workflow through agent + edge, like a browser', (dialect) => {
  let t: PlatformTestApp;
  afterEach(async () => t?.close());

  it('a create writes the same rows with and without an Idempotency-Key (on PostgreSQL, one statement without one)', async () => {
    const now = Date.UTC(2025, 0, 1, 12);
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, now: () => now });
    const body = createRequest('demo-auto', { tags: ['vip'], linkFields: { orderId: 'o-1' }, formValues: { customerName: 'Zoë "Ñ" 4111 1111 1111 1111' } });
    const plain = await t.agent('POST', '/transaction', body);
    const keyed = await t.agent('POST', '/transaction', body, { 'idempotency-key': 'k-1' });
    expect([plain.status, keyed.status]).toEqual([201, 201]);
    const { db } = t.database;
    /** A transaction's rows as stored (JSON as text), without what differs by design: ids and the ephemeral key's hash. */
    const rows = async (id: string) => ({
      transactions: (await db.selectFrom('transactions').selectAll().where('id', '=', id).execute()).map(({ id: _id, keyHash: _key, ...row }) => row),
      entries: (await db.selectFrom('stateEntries').selectAll().where('transactionId', '=', id).execute()).map(({ transactionId: _id, ...row }) => row),
      log: (await db.selectFrom('statusLog').selectAll().where('transactionId', '=', id).execute()).map(({ id: _id, transactionId: _tx, ...row }) => row),
    });
    const written = await rows(plain.json.transactionId);
    expect(written.transactions).toHaveLength(1);
    expect(written.entries).toHaveLength(1);
    expect(written.log).toHaveLength(1);
    expect(written).toEqual(await rows(keyed.json.transactionId));
    expect(written.log[0]).toMatchObject({ field: 'processingStatus', oldValue: null, newValue: 'InProgress', comment: 'created' });
    // What the create answered is what a read answers.
    const record = await t.agent('GET', `/transaction/${plain.json.transactionId}`);
    expect(record.json).toMatchObject({ processingStatus: 'InProgress', tags: ['vip'], linkFields: { orderId: 'o-1' }, createdOn: plain.json.createdOn });
    expect(Object.keys(record.json.state)).toEqual(['Start:0']);
  });

  it('a version imported elsewhere (another replica: straight into the database) is the one the next create runs', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl });
    const first = await t.agent('POST', '/transaction', createRequest('demo-auto'));
    expect(first.status).toBe(201);
    // Not through this app: nothing in this process hears of the new version.
    const imported = await importWorkflow(t.database.db, t.demo.organizationId, rejectingDemoAuto, new Date().toISOString());
    const second = await t.agent('POST', '/transaction', createRequest('demo-auto'));
    expect(second.status).toBe(201);
    expect(second.json.workflowVersionId).toBe(imported.workflowVersionId);
    expect(second.json.workflowVersionId).not.toBe(first.json.workflowVersionId);
    const resumed = await t.edge('POST', `/transaction/${second.json.transactionId}/resume`, second.json.authorization);
    expect(resumed.json.verificationStatus).toBe('Reject');
    // The transaction is stored with the version it answered, and only once.
    const stored = await t.database.db
      .selectFrom('transactions')
      .select(['id', 'workflowVersionId'])
      .where('workflowId', '=', 'demo-auto')
      .orderBy('createdOn')
      .execute();
    expect(stored.map((row) => row.workflowVersionId)).toEqual([first.json.workflowVersionId, imported.workflowVersionId]);
  });

  it('create → submit images → resume → Complete → record with blobs → blob content → override → delete', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, document: () => passport });
    const created = await t.agent('POST', '/transaction', createRequest('demo-document', { tags: ['vip'], linkFields: { orderId: 'o-1' } }));
    expect(created.status).toBe(201);
    const { transactionId, ephemeralKey, authorization, edgeApiUrl } = created.json;
    expect(edgeApiUrl).toBe('https://idlens.test/edge');
    expect(created.json.processingStatus).toBe('InProgress');
    expect(created.json.workflowInfo).toMatchObject({
      stepCount: 7,
      interactiveStepCount: 1,
      hasConditionalInteractiveStep: false,
      currentStep: 'ScanDocument',
      currentStepId: 2,
      completedStepIds: [1],
    });
    expect(authorization).toBe(t.basic(transactionId, ephemeralKey));

    // The browser asks where it stands, then resumes: nothing to do before the scan.
    const view = await t.edge('GET', `/transaction/${transactionId}`, authorization);
    expect(view.json.currentStep).toMatchObject({ id: 2, type: 'ScanDocument', interactive: true, awaitingInput: true, settings: { requireBack: false } });
    const idle = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(idle.json).toMatchObject({ isChanged: false, processingStatus: 'InProgress', verificationStatus: null, hasConsent: true });

    const front = await sampleImage('jpeg', 1);
    const back = await sampleImage('png', 2);
    const face = await sampleImage('png', 3, 64, 80);
    const submitted = await t.edge('POST', `/transaction/${transactionId}/step/2`, authorization, {
      images: { front: `data:image/jpeg;base64,${b64(front)}`, back: b64(back), face: b64(face) },
      extraction: { ...passport, cvv: undefined },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json.currentStep).toMatchObject({ id: 2, awaitingInput: false });

    const resumed = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ transactionId, isChanged: true, processingStatus: 'Complete', verificationStatus: 'Accept' });
    expect(resumed.json.workflowInfo).toMatchObject({ currentStep: 'End', currentStepId: 7, pendingStepIds: [], completedStepIds: [1, 2, 3, 4, 5, 7] });
    expect(resumed.json.workflowInfo.completedInteractiveSteps).toEqual([{ id: 2, name: 'ScanDocument', type: 'ScanDocument', interactive: true }]);
    expect(t.calls.document).toBe(1);

    const record = await t.agent('GET', `/transaction/${transactionId}`);
    expect(record.status).toBe(200);
    expect(record.json).toMatchObject({
      id: transactionId,
      workflowId: 'demo-document',
      platform: 'Browser',
      sdkVersion: { version: '0.1.0' },
      processingStatus: 'Complete',
      verificationStatus: 'Accept',
      originalVerificationStatus: 'Accept',
      tags: ['vip'],
      linkFields: { orderId: 'o-1' },
    });
    expect(Object.keys(record.json.state)).toEqual(['Start:0', 'ScanDocument:0', 'DocumentVerification:0', 'Condition:0', 'Accept:0', 'End:0']);
    const scan = record.json.state['ScanDocument:0'];
    expect(scan.extraction.fullDocumentFrontImage).toMatchObject({ contentType: 'image/jpeg', size: front.length });
    expect(scan.extraction.fullDocumentBackImage).toMatchObject({ contentType: 'image/png', size: back.length });
    expect(scan.extraction.faceImage).toMatchObject({ contentType: 'image/png', size: face.length });
    // Images live in blobs, never inside the state JSON.
    expect(JSON.stringify(record.json)).not.toContain(b64(front).slice(0, 40));
    expect(scan.extraction.data.fullDocumentFirstSideImage).toBeUndefined();
    const verification = record.json.state['DocumentVerification:0'];
    expect(verification.input.imageFront).toEqual(scan.extraction.fullDocumentFrontImage);
    expect(verification.input.imageBack).toEqual(scan.extraction.fullDocumentBackImage);
    expect(verification.output.passed).toBe(true);
    expect(verification.output.checks.mrzCheckDigits.outcome).toBe('PASS');
    expect(verification.output.checks.clientServerMatch.outcome).toBe('PASS');

    // Rule 1 of the spec: blob id from state, then its content.
    for (const [ref, bytes] of [
      [scan.extraction.fullDocumentFrontImage, front],
      [verification.input.imageBack, back],
    ] as const) {
      const blob = await t.agent('GET', `/transaction/${transactionId}/blob/${ref.id}/content`);
      expect(blob.status).toBe(200);
      expect(blob.headers.get('content-type')).toBe(ref.contentType);
      expect(blob.bytes.equals(bytes)).toBe(true);
    }

    const override = await t.agent('PUT', `/transaction/${transactionId}/verification-status`, { verificationStatus: 'Reject', comment: 'photo mismatch' });
    expect(override.status).toBe(200);
    expect(override.json).toEqual({ transactionId, processingStatus: 'Complete', verificationStatus: 'Reject', originalVerificationStatus: 'Accept' });
    const after = await t.agent('GET', `/transaction/${transactionId}`);
    expect(after.json.originalVerificationStatus).toBe('Accept');
    expect(after.json.statusLog.at(-1)).toMatchObject({
      changedBy: `client:${t.demo.clientId}`,
      field: 'verificationStatus',
      oldValue: 'Accept',
      newValue: 'Reject',
      comment: 'photo mismatch',
    });
    expect(after.json.statusLog.map((e: { newValue: string }) => e.newValue)).toEqual(['InProgress', 'Complete', 'Accept', 'Reject']);

    const deleted = await t.agent('DELETE', `/transaction/${transactionId}`);
    expect(deleted.status).toBe(204);
    expect((await t.agent('GET', `/transaction/${transactionId}`)).status).toBe(404);
    expect((await t.agent('GET', `/transaction/${transactionId}/blob/${scan.extraction.fullDocumentFrontImage.id}/content`)).status).toBe(404);
    for (const table of ['blobs', 'stateEntries', 'statusLog'] as const) {
      const rows = await t.database.db.selectFrom(table).select('transactionId').where('transactionId', '=', transactionId).execute();
      expect(rows, table).toHaveLength(0);
    }
    expect((await t.edge('POST', `/transaction/${transactionId}/resume`, authorization)).status).toBe(401);
  });

  it('demo-auto: create → resume → Complete with Accept and currentStep End', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl });
    const created = await t.agent('POST', '/transaction', createRequest('demo-auto'));
    const resumed = await t.edge('POST', `/transaction/${created.json.transactionId}/resume`, created.json.authorization);
    expect(resumed.json).toMatchObject({ isChanged: true, processingStatus: 'Complete', verificationStatus: 'Accept', workflowInfo: { currentStep: 'End' } });
    const again = await t.edge('POST', `/transaction/${created.json.transactionId}/resume`, created.json.authorization);
    expect(again.json).toMatchObject({ isChanged: false, processingStatus: 'Complete' });
  });

  it('consent without storing: images are processed (server recognition at submit) but no blob is kept', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, document: () => passport });
    const request = createRequest('demo-document');
    request.consent.isProcessingStoringAllowed = false;
    const created = await t.agent('POST', '/transaction', request);
    expect(created.json.warnings).toEqual([expect.objectContaining({ code: 'IMAGES_NOT_STORED' })]);
    const { transactionId, authorization } = created.json;
    await t.edge('POST', `/transaction/${transactionId}/step/2`, authorization, { images: { front: b64(await sampleImage('png')) }, extraction: passport });
    expect(t.calls.document).toBe(1);
    const resumed = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(resumed.json).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Accept', hasConsent: false });
    const record = await t.agent('GET', `/transaction/${transactionId}`);
    expect(record.json.state['ScanDocument:0'].extraction.fullDocumentFrontImage).toBeNull();
    expect(record.json.state['DocumentVerification:0'].input.imageFront).toBeNull();
    expect(record.json.state['DocumentVerification:0'].output.passed).toBe(true);
    const blobs = await t.database.db.selectFrom('blobs').select('id').where('transactionId', '=', transactionId).execute();
    expect(blobs).toHaveLength(0);
  });

  it('an unreadable document goes to Review (the engine answering EMPTY today)', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl });
    const created = await t.agent('POST', '/transaction', createRequest('demo-document'));
    const { transactionId, authorization } = created.json;
    await t.edge('POST', `/transaction/${transactionId}/step/2`, authorization, { images: { front: b64(await sampleImage('png')) } });
    const resumed = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(resumed.json).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Review' });
    const record = await t.agent('GET', `/transaction/${transactionId}`);
    expect(record.json.state['DocumentVerification:0'].output).toMatchObject({ passed: false, failedChecks: ['recognized'] });
    expect(record.json.state['Review:0'].output).toEqual({ verificationStatus: 'Review' });
  });
});
