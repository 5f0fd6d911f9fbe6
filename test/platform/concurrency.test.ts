import { afterEach, expect, it } from 'vitest';
import { describeEachDialect } from '../support/dialects.ts';
import { b64, sampleImage } from '../support/images.ts';
import { createPlatformTestApp, createRequest, type PlatformTestApp } from '../support/platform-app.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A slow recognition, so that concurrent requests really overlap the running step. */
const slowDocument = async () => {
  await sleep(150);
  return { recognitionStatus: 'VALID' };
};

await describeEachDialect('concurrency', (dialect) => {
  let t: PlatformTestApp;
  afterEach(async () => t?.close());

  async function submitted() {
    const created = await t.agent('POST', '/transaction', createRequest('demo-document'));
    const { transactionId, authorization } = created.json;
    await t.edge('POST', `/transaction/${transactionId}/step/2`, authorization, { images: { front: b64(await sampleImage('png')) } });
    return { transactionId, authorization };
  }

  it('five resumes at once run every step exactly once', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, document: slowDocument });
    const { transactionId, authorization } = await submitted();
    const results = await Promise.all(Array.from({ length: 5 }, () => t.edge('POST', `/transaction/${transactionId}/resume`, authorization)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json.isChanged)).toHaveLength(1);
    expect(results.every((r) => r.json.processingStatus === 'Complete')).toBe(true);
    expect(t.calls.document).toBe(1);
    const record = await t.agent('GET', `/transaction/${transactionId}`);
    expect(Object.keys(record.json.state)).toEqual(['Start:0', 'ScanDocument:0', 'DocumentVerification:0', 'Condition:0', 'Accept:0', 'End:0']);
    expect(record.json.statusLog.filter((e: { newValue: string }) => e.newValue === 'Complete')).toHaveLength(1);
  });

  it('a resume that waits too long for another gets 409 TRANSACTION_BUSY, and the step still ran once', async () => {
    t = await createPlatformTestApp({
      postgresAdminUrl: dialect.postgresAdminUrl,
      document: async () => {
        await sleep(400);
        return { recognitionStatus: 'VALID' };
      },
    });
    t.platform.settings.resumeWaitMs = 50;
    const { transactionId, authorization } = await submitted();
    const [first, second] = await Promise.all([
      t.edge('POST', `/transaction/${transactionId}/resume`, authorization),
      sleep(30).then(() => t.edge('POST', `/transaction/${transactionId}/resume`, authorization)),
    ]);
    expect(first.json.processingStatus).toBe('Complete');
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('TRANSACTION_BUSY');
    expect(t.calls.document).toBe(1);
  });

  it('a step that runs longer than the lease keeps it: the running resume renews it, another resume is refused, the step runs once', async () => {
    // The clock is the test's: the first lease runs out only because the test moves time past it.
    let clock = Date.parse('2026-06-01T12:00:00Z');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const recognizing = new Promise<void>((resolve) => (started = resolve));
    t = await createPlatformTestApp({
      postgresAdminUrl: dialect.postgresAdminUrl,
      now: () => clock,
      document: async () => {
        started();
        await gate;
        return { recognitionStatus: 'VALID' };
      },
    });
    const leaseMs = 300;
    t.platform.settings.leaseMs = leaseMs;
    // No waiting for the other resume: with a frozen clock its wait would never end.
    t.platform.settings.resumeWaitMs = 0;
    const { transactionId, authorization } = await submitted();
    const leaseUntil = async () =>
      (await t.database.db.selectFrom('transactions').select('leaseUntil').where('id', '=', transactionId).executeTakeFirstOrThrow()).leaseUntil;
    const first = t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    await recognizing;
    // The lease claimed before the step ran out by the clock; a renewal after that pushes it past the new time.
    clock += 2 * leaseMs;
    await expect.poll(async () => Date.parse((await leaseUntil()) ?? '') >= clock + leaseMs).toBe(true);
    const second = await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('TRANSACTION_BUSY');
    release();
    expect((await first).json.processingStatus).toBe('Complete');
    expect(t.calls.document).toBe(1);
    expect(await leaseUntil()).toBeNull();
  });

  it('a submission while a resume runs is refused (409), not lost halfway', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, document: slowDocument });
    const { transactionId, authorization } = await submitted();
    const png = b64(await sampleImage('png', 9));
    const [resume, submit] = await Promise.all([
      t.edge('POST', `/transaction/${transactionId}/resume`, authorization),
      sleep(40).then(() => t.edge('POST', `/transaction/${transactionId}/step/2`, authorization, { images: { front: png } })),
    ]);
    expect(resume.json.processingStatus).toBe('Complete');
    expect(submit.status).toBe(409);
    expect(['TRANSACTION_BUSY', 'TRANSACTION_CLOSED', 'STEP_NOT_CURRENT']).toContain(submit.json.code);
    const blobs = await t.database.db.selectFrom('blobs').select('id').where('transactionId', '=', transactionId).execute();
    expect(blobs).toHaveLength(1);
  });

  it('DELETE racing a running resume is refused; after it, DELETE removes everything', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl, document: slowDocument });
    const { transactionId, authorization } = await submitted();
    const [resume, del] = await Promise.all([
      t.edge('POST', `/transaction/${transactionId}/resume`, authorization),
      sleep(40).then(() => t.agent('DELETE', `/transaction/${transactionId}`)),
    ]);
    expect(resume.json.processingStatus).toBe('Complete');
    expect(del.status).toBe(409);
    const record = await t.agent('GET', `/transaction/${transactionId}`);
    expect(Object.keys(record.json.state)).toHaveLength(6);
    expect((await t.agent('DELETE', `/transaction/${transactionId}`)).status).toBe(204);
    for (const table of ['transactions', 'blobs', 'stateEntries', 'statusLog'] as const) {
      const column = table === 'transactions' ? 'id' : 'transactionId';
      const rows = await t.database.db
        .selectFrom(table)
        .select(column as 'id')
        .where(column as 'id', '=', transactionId)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
  });

  it('DELETEs and resumes of a closed transaction at once: all of it or none of it, one delete wins', async () => {
    t = await createPlatformTestApp({ postgresAdminUrl: dialect.postgresAdminUrl });
    for (let round = 0; round < 5; round++) {
      const created = await t.agent('POST', '/transaction', createRequest('demo-auto'));
      const { transactionId, authorization } = created.json;
      await t.edge('POST', `/transaction/${transactionId}/resume`, authorization);
      const results = await Promise.all([
        t.agent('DELETE', `/transaction/${transactionId}`),
        t.edge('POST', `/transaction/${transactionId}/resume`, authorization),
        t.agent('DELETE', `/transaction/${transactionId}`),
        t.agent('GET', `/transaction/${transactionId}`),
      ]);
      const deletes = [results[0]!, results[2]!].map((r) => r.status).sort();
      expect(deletes).toEqual([204, 404]);
      // The resume saw the transaction (200, nothing to do), lost it after authenticating (404) or found it gone (401).
      expect([200, 401, 404]).toContain(results[1]!.status);
      if (results[3]!.status === 200) expect(Object.keys(results[3]!.json.state)).toHaveLength(3);
      else expect(results[3]!.status).toBe(404);
      const left = await t.database.db.selectFrom('stateEntries').select('key').where('transactionId', '=', transactionId).execute();
      expect(left).toHaveLength(0);
    }
  });
});
