import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { migrations } from '../../packages/server/src/db/migrations/index.ts';
import { preparedQuery } from '../../packages/server/src/db/prepared-query.ts';
import { openDatabase, type OpenDatabase } from '../../packages/server/src/db/open-database.ts';
import { deleteBlobs, findBlob, insertBlob } from '../../packages/server/src/db/repositories/blob-repository.ts';
import { findClient, insertClient } from '../../packages/server/src/db/repositories/client-repository.ts';
import { findIdempotencyKey, insertIdempotencyKey } from '../../packages/server/src/db/repositories/idempotency-repository.ts';
import { findFirstOrganization, insertOrganization } from '../../packages/server/src/db/repositories/organization-repository.ts';
import { findStateEntry, insertStateEntry, listStateEntries, upsertStateEntry } from '../../packages/server/src/db/repositories/state-entry-repository.ts';
import { appendStatusLog } from '../../packages/server/src/db/repositories/status-log-repository.ts';
import {
  claimLease,
  deleteClosedTransaction,
  findExpiredTransactionIds,
  findOrganizationTransaction,
  findTransaction,
  insertCreatedTransaction,
  insertTransaction,
  listTransactions,
  updateTransaction,
  type StoredTransaction,
} from '../../packages/server/src/db/repositories/transaction-repository.ts';
import { findOrganizationTransactionWithHistory } from '../../packages/server/src/db/repositories/transaction-record-repository.ts';
import { eventDeliveryParams, insertWebhookEndpoint, recordEventDeliveries } from '../../packages/server/src/db/repositories/webhook-repository.ts';
import { eventMaskOf, transactionEvent } from '../../packages/server/src/webhooks/webhook-events.ts';
import { findLatestWorkflowVersion, insertWorkflowVersion, listLatestWorkflowVersions } from '../../packages/server/src/db/repositories/workflow-repository.ts';
import { demoAutoWorkflow } from '../../packages/server/src/platform/demo/demo-workflows.ts';
import { hashIdempotencyKey } from '../../packages/server/src/platform/transactions/create-transaction.ts';
import { parseWorkflowDefinition } from '../../packages/server/src/platform/workflow-versions/workflow-admin.ts';
import { initialProgress } from '../../packages/server/src/workflow/progress.ts';
import { describeEachDialect } from '../support/dialects.ts';
import { createTestDatabase } from '../support/postgres.ts';
import type { Db } from '../../packages/server/src/db/schema.ts';

/** How many rows of a child table a transaction has left (the server itself never counts them). */
async function countRows(db: Db, table: 'blobs' | 'statusLog', transactionId: string): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('transactionId', '=', transactionId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

await describeEachDialect('repositories', (dialect) => {
  let database: OpenDatabase;
  let drop: (() => Promise<void>) | undefined;
  const definition = parseWorkflowDefinition(demoAutoWorkflow);
  const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();

  beforeEach(async () => {
    if (dialect.postgresAdminUrl) {
      const pg = await createTestDatabase(dialect.postgresAdminUrl);
      drop = pg.drop;
      database = openDatabase(pg.url);
    } else {
      database = openDatabase('file::memory:');
    }
    await migrateToLatest(database.db);
    await insertOrganization(database.db, { id: 'org-1', name: 'One', createdOn: at(0) });
    await insertOrganization(database.db, { id: 'org-2', name: 'Two', createdOn: at(1) });
  });
  afterEach(async () => {
    await database.close();
    await drop?.();
  });

  /** A Start entry of t1 (without its key) with something only the server sees in `internal`. */
  const startEntry = (overrides: { input: Record<string, unknown> }) => ({
    transactionId: 't1',
    stepId: 1,
    stepType: 'Start' as const,
    extraction: {},
    output: null,
    internal: { secret: true },
    createdOn: at(1),
    modifiedOn: at(1),
    ...overrides,
  });

  async function transaction(id: string, overrides: Partial<StoredTransaction> = {}): Promise<StoredTransaction> {
    return transactionIn(database, id, overrides);
  }

  async function transactionIn(database: OpenDatabase, id: string, overrides: Partial<StoredTransaction> = {}): Promise<StoredTransaction> {
    const tx = await newTransaction(database, id, overrides);
    await insertTransaction(database.db, tx);
    return tx;
  }

  /** A transaction not yet written (its workflow version is). */
  async function newTransaction(database: OpenDatabase, id: string, overrides: Partial<StoredTransaction> = {}): Promise<StoredTransaction> {
    const version =
      (await findLatestWorkflowVersion(database.db, overrides.organizationId ?? 'org-1', 'demo-auto')) ??
      (await insertWorkflowVersion(database.db, overrides.organizationId ?? 'org-1', definition, at(0)));
    return {
      id,
      organizationId: 'org-1',
      clientId: 'c',
      workflowId: 'demo-auto',
      workflowVersionId: version.workflowVersionId,
      platform: 'Browser',
      sdkVersion: '1',
      processingStatus: 'InProgress',
      verificationStatus: null,
      originalVerificationStatus: null,
      consent: { userId: 'u', givenOn: '2024-01-01T00:00:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
      tags: ['a'],
      linkFields: { k: 'v' },
      progress: initialProgress(definition),
      keyHash: 'ab'.repeat(32),
      keyExpiresOn: at(100),
      rowVersion: 1,
      leaseOwner: null,
      leaseUntil: null,
      createdOn: at(10),
      modifiedOn: at(10),
      ...overrides,
    };
  }

  it('migration 0006 hashes the idempotency keys remembered before it (a retry across the upgrade still finds its transaction)', async () => {
    const pg = dialect.postgresAdminUrl ? await createTestDatabase(dialect.postgresAdminUrl) : null;
    const older = openDatabase(pg?.url ?? 'file::memory:');
    try {
      const migrator = new Migrator({ db: older.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0005-client-token-generation')).error).toBeUndefined();
      await insertOrganization(older.db, { id: 'org-1', name: 'One', createdOn: at(0) });
      const tx = await transactionIn(older, 'tx-old');
      await insertIdempotencyKey(older.db, {
        organizationId: 'org-1',
        key: 'order-4111111111111111',
        requestHash: 'h',
        transactionId: tx.id,
        createdOn: at(1),
      });
      await migrateToLatest(older.db);
      const rows = await older.db.selectFrom('idempotencyKeys').selectAll().execute();
      expect(rows.map((r) => r.key)).toEqual([hashIdempotencyKey('order-4111111111111111')]);
      expect((await findIdempotencyKey(older.db, 'org-1', hashIdempotencyKey('order-4111111111111111'), at(0)))?.transactionId).toBe('tx-old');
    } finally {
      await older.close();
      await pg?.drop();
    }
  });

  it('migrations are idempotent and the storage ping works', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await database.ping()).toBe(true);
    expect((await findFirstOrganization(database.db))?.id).toBe('org-1');
  });

  it('clients: insert and find', async () => {
    await insertClient(database.db, { id: 'c1', organizationId: 'org-1', name: 'n', secretHash: 'h', createdOn: at(0) });
    expect(await findClient(database.db, 'c1')).toEqual({
      id: 'c1',
      organizationId: 'org-1',
      name: 'n',
      secretHash: 'h',
      tokenGeneration: 0,
      createdOn: at(0),
    });
    expect(await findClient(database.db, 'c2')).toBeUndefined();
  });

  it('workflows: versions count up per organization, latest wins, definitions round-trip', async () => {
    const v1 = await insertWorkflowVersion(database.db, 'org-1', definition, at(0));
    const v2 = await insertWorkflowVersion(database.db, 'org-1', { ...definition, name: 'renamed' }, at(1));
    const other = await insertWorkflowVersion(database.db, 'org-2', definition, at(2));
    expect([v1.version, v2.version, other.version]).toEqual([1, 2, 1]);
    const latest = await findLatestWorkflowVersion(database.db, 'org-1', 'demo-auto');
    expect(latest?.workflowVersionId).toBe(v2.workflowVersionId);
    expect(latest?.definition).toEqual({ ...definition, name: 'renamed' });
    expect((await listLatestWorkflowVersions(database.db, 'org-2')).map((v) => v.workflowVersionId)).toEqual([other.workflowVersionId]);
    expect(await findLatestWorkflowVersion(database.db, 'org-2', 'nope')).toBeUndefined();
  });

  it('transactions: JSON columns round-trip; other organizations see nothing', async () => {
    const tx = await transaction('t1');
    expect(await findTransaction(database.db, 't1')).toEqual(tx);
    expect(await findOrganizationTransaction(database.db, 'org-2', 't1')).toBeUndefined();
  });

  it('guarded updates: row version, status and lease guards; each write bumps the version and answers the row it wrote', async () => {
    await transaction('t1');
    expect(await updateTransaction(database.db, 't1', { rowVersion: 7 }, { modifiedOn: at(11) })).toBeUndefined();
    expect(await updateTransaction(database.db, 't1', { rowVersion: 1, statuses: ['Complete'] }, { modifiedOn: at(11) })).toBeUndefined();
    const written = await updateTransaction(
      database.db,
      't1',
      { rowVersion: 1, statuses: ['InProgress'] },
      { processingStatus: 'Complete', verificationStatus: 'Accept', modifiedOn: at(11) },
    );
    expect(written).toMatchObject({
      rowVersion: 2,
      processingStatus: 'Complete',
      verificationStatus: 'Accept',
      modifiedOn: at(11),
      consent: { userId: 'u' },
      tags: ['a'],
    });
    expect(await findTransaction(database.db, 't1')).toEqual(written);
  });

  it('leases: one claimant at a time until release or expiry', async () => {
    await transaction('t1');
    expect(await claimLease(database.db, 't1', 'a', at(20), at(30))).toMatchObject({ leaseOwner: 'a', leaseUntil: at(30), rowVersion: 2 });
    expect(await claimLease(database.db, 't1', 'b', at(25), at(35))).toBeUndefined();
    expect(await updateTransaction(database.db, 't1', { leaseOwner: 'b' }, { modifiedOn: at(26) })).toBeUndefined();
    expect(await claimLease(database.db, 't1', 'b', at(31), at(41))).toMatchObject({ leaseOwner: 'b' }); // a's lease ran out
    expect(await updateTransaction(database.db, 't1', { leaseOwner: 'a' }, { modifiedOn: at(32) })).toBeUndefined(); // a is fenced off
    expect(await updateTransaction(database.db, 't1', { leaseOwner: 'b' }, { leaseOwner: null, leaseUntil: null })).toMatchObject({
      leaseOwner: null,
      leaseUntil: null,
    });
    expect(await claimLease(database.db, 't1', 'c', at(33), at(43))).toMatchObject({ leaseOwner: 'c', rowVersion: 5 });
  });

  it('state entries: upsert keeps order and creation time; status log appends in order', async () => {
    await transaction('t1');
    const entry = startEntry({ input: { a: 1 } });
    await upsertStateEntry(database.db, { ...entry, key: 'Start:0' });
    await upsertStateEntry(database.db, { ...entry, key: 'Decision:0', stepId: 2, stepType: 'Decision' });
    await upsertStateEntry(database.db, { ...entry, key: 'Start:0', output: { done: true }, modifiedOn: at(5) });
    const entries = await listStateEntries(database.db, 't1');
    expect(entries.map((e) => [e.key, e.seq])).toEqual([
      ['Start:0', 0],
      ['Decision:0', 1],
    ]);
    expect(await findStateEntry(database.db, 't1', 'Start:0')).toMatchObject({
      output: { done: true },
      internal: { secret: true },
      createdOn: at(1),
      modifiedOn: at(5),
    });
    for (const value of ['InProgress', 'Complete']) {
      await appendStatusLog(database.db, 't1', {
        changedOn: at(2),
        changedBy: 'system',
        field: 'processingStatus',
        oldValue: null,
        newValue: value,
        comment: null,
      });
    }
    expect((await findOrganizationTransactionWithHistory(database.db, 'org-1', 't1'))?.statusLog.map((e) => e.newValue)).toEqual(['InProgress', 'Complete']);
  });

  it("the record in one statement: entries in creation order without `internal`, the log in order, the user's keys and values as written", async () => {
    await transaction('t1', { consent: { userId: 'user_1', givenOn: '2024-01-01T00:00:00', isProcessingStoringAllowed: true, isTrainingAllowed: false } });
    await transaction('t2');
    expect(await findOrganizationTransactionWithHistory(database.db, 'org-1', 't2')).toMatchObject({ stateEntries: [], statusLog: [] });
    // Keys in the user's own style (snake case, spaces) and values JSON must keep exactly.
    const entry = startEntry({ input: { customer_name: 'Zoë Ñuñez', 'with space': [1, 2.5, null, true], nested: { deep_key: 'x' } } });
    await upsertStateEntry(database.db, { ...entry, key: 'Start:0' });
    await upsertStateEntry(database.db, { ...entry, key: 'Decision:0', stepId: 2, stepType: 'Decision', input: {} });
    await upsertStateEntry(database.db, { ...entry, key: 'Start:0', output: { done: true }, modifiedOn: at(5) });
    await upsertStateEntry(database.db, { ...entry, transactionId: 't2', key: 'Start:0' });
    for (const [value, comment] of [
      ['InProgress', null],
      ['Complete', 'closed by "system"'],
    ] as const) {
      await appendStatusLog(database.db, 't1', { changedOn: at(2), changedBy: 'system', field: 'processingStatus', oldValue: null, newValue: value, comment });
    }
    const read = await findOrganizationTransactionWithHistory(database.db, 'org-1', 't1');
    expect(read?.transaction).toEqual(await findTransaction(database.db, 't1'));
    expect(read?.stateEntries).toEqual([
      { key: 'Start:0', stepId: 1, stepType: 'Start', input: entry.input, extraction: {}, output: { done: true }, createdOn: at(1), modifiedOn: at(5) },
      { key: 'Decision:0', stepId: 2, stepType: 'Decision', input: {}, extraction: {}, output: null, createdOn: at(1), modifiedOn: at(1) },
    ]);
    expect(read?.statusLog).toEqual([
      { changedOn: at(2), changedBy: 'system', field: 'processingStatus', oldValue: null, newValue: 'InProgress', comment: null },
      { changedOn: at(2), changedBy: 'system', field: 'processingStatus', oldValue: null, newValue: 'Complete', comment: 'closed by "system"' },
    ]);
    expect(await findOrganizationTransactionWithHistory(database.db, 'org-2', 't1')).toBeUndefined();
    expect(await findOrganizationTransactionWithHistory(database.db, 'org-1', 'missing')).toBeUndefined();
  });

  it('blobs: bytes round-trip exactly; scoped to their transaction', async () => {
    await transaction('t1');
    await transaction('t2');
    const data = Buffer.from([0, 1, 2, 255, 254, 0x89, 0x50]);
    await insertBlob(database.db, { id: 'b1', transactionId: 't1', contentType: 'image/png', size: data.length, data }, at(1));
    const blob = await findBlob(database.db, 't1', 'b1');
    expect(blob?.data.equals(data)).toBe(true);
    expect(await findBlob(database.db, 't2', 'b1')).toBeUndefined();
    await deleteBlobs(database.db, 't1', ['b1']);
    expect(await countRows(database.db, 'blobs', 't1')).toBe(0);
  });

  it('delete: only closed, unleased transactions; children go with them in one statement', async () => {
    await transaction('t1');
    await insertBlob(database.db, { id: 'b1', transactionId: 't1', contentType: 'image/png', size: 1, data: Buffer.from([1]) }, at(1));
    await upsertStateEntry(database.db, {
      transactionId: 't1',
      key: 'Start:0',
      stepId: 1,
      stepType: 'Start',
      input: {},
      extraction: {},
      output: null,
      internal: null,
      createdOn: at(1),
      modifiedOn: at(1),
    });
    await appendStatusLog(database.db, 't1', {
      changedOn: at(2),
      changedBy: 'system',
      field: 'processingStatus',
      oldValue: null,
      newValue: 'InProgress',
      comment: null,
    });
    await insertIdempotencyKey(database.db, { organizationId: 'org-1', key: 'k', requestHash: 'h', transactionId: 't1', createdOn: at(1) });
    expect(await deleteClosedTransaction(database.db, 'org-1', 't1', ['Complete', 'Error'], at(50))).toBe(false);
    await updateTransaction(database.db, 't1', {}, { processingStatus: 'Complete', leaseOwner: 'x', leaseUntil: at(60) });
    expect(await deleteClosedTransaction(database.db, 'org-1', 't1', ['Complete', 'Error'], at(50))).toBe(false); // leased
    expect(await deleteClosedTransaction(database.db, 'org-2', 't1', ['Complete', 'Error'], at(61))).toBe(false); // other org
    expect(await deleteClosedTransaction(database.db, 'org-1', 't1', ['Complete', 'Error'], at(61))).toBe(true);
    expect(await countRows(database.db, 'blobs', 't1')).toBe(0);
    expect(await listStateEntries(database.db, 't1')).toEqual([]);
    expect(await countRows(database.db, 'statusLog', 't1')).toBe(0);
    expect(await findIdempotencyKey(database.db, 'org-1', 'k', at(0))).toBeUndefined();
  });

  it('listing: newest first, keyset pages, filters; expiry finder', async () => {
    for (let i = 0; i < 5; i++)
      await transaction(`t${i}`, { createdOn: at(10 + (i % 3)), processingStatus: i === 4 ? 'Complete' : 'InProgress', keyExpiresOn: at(i === 0 ? 5 : 100) });
    const first = await listTransactions(database.db, 'org-1', { limit: 2 });
    const last = first.at(-1)!;
    const second = await listTransactions(database.db, 'org-1', { limit: 10, after: { createdOn: last.createdOn, id: last.id } });
    const all = [...first, ...second].map((t) => t.id);
    expect(all).toEqual(['t2', 't4', 't1', 't3', 't0']);
    expect((await listTransactions(database.db, 'org-1', { limit: 10, processingStatus: 'Complete' })).map((t) => t.id)).toEqual(['t4']);
    expect(await listTransactions(database.db, 'org-2', { limit: 10 })).toEqual([]);
    expect(await findExpiredTransactionIds(database.db, at(50))).toEqual(['t0']);
    expect(await findIdempotencyKey(database.db, 'org-1', 'none', at(0))).toBeUndefined();
  });

  /** A create's Start entry and first status-log entry, with JSON the way users write it. */
  const start = {
    key: 'Start:0',
    stepId: 1,
    stepType: 'Start' as const,
    input: { customer_name: 'Zoë Ñuñez', 'with space': [1, 2.5, null, true], nested: { deep_key: 'x' } },
    extraction: {},
    output: { done: true },
    internal: null,
    createdOn: at(10),
    modifiedOn: at(10),
  };
  const created = {
    changedOn: at(10),
    changedBy: 'client:c',
    field: 'processingStatus' as const,
    oldValue: null,
    newValue: 'InProgress',
    comment: 'created',
  };

  /** The create's `transaction.created` outbox rows (its event id and payload name the transaction). */
  const createdEvent = (tx: StoredTransaction) => eventDeliveryParams(transactionEvent(tx, { type: 'transaction.created' }, at(10)), at(99));

  /** A transaction's rows in the four tables exactly as stored (JSON as text), without the ids that differ. */
  async function storedRows(id: string) {
    const { db } = database;
    const transactions = await db.selectFrom('transactions').selectAll().where('id', '=', id).execute();
    const entries = await db.selectFrom('stateEntries').selectAll().where('transactionId', '=', id).execute();
    const log = await db.selectFrom('statusLog').selectAll().where('transactionId', '=', id).execute();
    const deliveries = await db.selectFrom('webhookDeliveries').selectAll().where('transactionId', '=', id).orderBy('endpointId').execute();
    return {
      transactions: transactions.map(({ id: _id, ...row }) => row),
      entries: entries.map(({ transactionId: _id, ...row }) => row),
      log: log.map(({ id: _id, transactionId: _tx, ...row }) => row),
      deliveries: deliveries.map(({ id: _id, transactionId: _tx, eventId: _event, payload, ...row }) => ({
        ...row,
        payload: { ...JSON.parse(payload), data: { ...JSON.parse(payload).data, transactionId: 'the transaction' } },
      })),
    };
  }

  /** Endpoints of org-1: one receives created events, one receives others only, one is disabled. */
  async function endpoints() {
    const endpoint = (id: string, types: Parameters<typeof eventMaskOf>[0], enabled: number) =>
      insertWebhookEndpoint(database.db, {
        id,
        organizationId: 'org-1',
        url: `https://example.com/${id}`,
        description: '',
        eventMask: eventMaskOf(types),
        secret: 'whsec_x',
        enabled,
        createdOn: at(0),
        modifiedOn: at(0),
      });
    await endpoint('receives-created', ['transaction.created', 'transaction.deleted'], 1);
    await endpoint('receives-others', ['transaction.completed'], 1);
    await endpoint('disabled', ['transaction.created'], 0);
  }

  describe('a new transaction in one statement (insertCreatedTransaction: PostgreSQL only)', () => {
    it('writes the transaction, its Start entry, its status-log entry and its outbox rows exactly as the four inserts in a transaction do', async () => {
      const tx = await newTransaction(database, 'one-statement', { tags: ['vip', 'ü'], linkFields: { orderId: 'o "1"' } });
      if (dialect.name === 'sqlite') {
        await expect(insertCreatedTransaction(database.db, tx, start, created, createdEvent(tx))).rejects.toThrow(/PostgreSQL only/);
        expect(await findTransaction(database.db, tx.id)).toBeUndefined();
        return;
      }
      await endpoints();
      const reference = { ...tx, id: 'four-inserts' };
      const referenceDeliveries = await database.db.transaction().execute(async (trx) => {
        await insertTransaction(trx, reference);
        await insertStateEntry(trx, { ...start, transactionId: reference.id });
        await appendStatusLog(trx, reference.id, created);
        return recordEventDeliveries(trx, createdEvent(reference));
      });
      // The children reference a row written by the same statement: PostgreSQL checks the foreign
      // keys at the end of the statement, when that row is there.
      expect(await insertCreatedTransaction(database.db, tx, start, created, createdEvent(tx))).toEqual({ deliveries: 1 });
      expect(referenceDeliveries).toBe(1);
      const rows = await storedRows(tx.id);
      expect(rows.transactions).toHaveLength(1);
      expect(rows.entries).toHaveLength(1);
      expect(rows.log).toHaveLength(1);
      expect(rows.deliveries).toMatchObject([{ endpointId: 'receives-created', status: 'pending', attempts: 0, type: 'transaction.created' }]);
      expect(rows).toEqual(await storedRows('four-inserts'));
      expect(await findOrganizationTransactionWithHistory(database.db, 'org-1', tx.id)).toMatchObject({
        transaction: tx,
        stateEntries: [{ key: 'Start:0', stepId: 1, stepType: 'Start', input: start.input, extraction: {}, output: { done: true } }],
        statusLog: [created],
      });
      expect((await listStateEntries(database.db, tx.id)).map((e) => e.seq)).toEqual([0]);
    });

    it('a failure anywhere in the statement leaves no row at all', async () => {
      if (dialect.name === 'sqlite') return; // refused above
      const rowCounts = async () => {
        const count = async (table: 'transactions' | 'stateEntries' | 'statusLog' | 'webhookDeliveries') =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        return {
          transactions: await count('transactions'),
          entries: await count('stateEntries'),
          log: await count('statusLog'),
          deliveries: await count('webhookDeliveries'),
        };
      };
      await endpoints();
      const existing = await newTransaction(database, 'existing');
      await insertCreatedTransaction(database.db, existing, start, created, createdEvent(existing));
      const before = await rowCounts();
      expect(before).toEqual({ transactions: 1, entries: 1, log: 1, deliveries: 1 });
      const fails = async (tx: StoredTransaction, log = created) => {
        const error = await insertCreatedTransaction(database.db, tx, start, log, createdEvent(tx)).then(
          () => null,
          (e: unknown) => e as { code?: string },
        );
        return error?.code;
      };
      // A log row breaking NOT NULL.
      expect(await fails(await newTransaction(database, 'bad-log'), { ...created, field: null as never })).toBe('23502');
      // No such workflow version: the check of the latest version writes nothing (before any
      // foreign key could fail) and answers null.
      const badVersion = await newTransaction(database, 'bad-version', { workflowVersionId: 'missing' });
      expect(await insertCreatedTransaction(database.db, badVersion, start, created, createdEvent(badVersion))).toBeNull();
      // The transaction's primary key is taken: no second Start entry or log entry for it either.
      expect(await fails({ ...existing, progress: { ...existing.progress, totalExecutions: 99 } })).toBe('23505');
      expect(await rowCounts()).toEqual(before);
      for (const id of ['bad-log', 'bad-version']) expect(await storedRows(id)).toEqual({ transactions: [], entries: [], log: [], deliveries: [] });
      expect((await findTransaction(database.db, 'existing'))?.progress).toEqual(existing.progress);
    });
  });

  // On PostgreSQL the hot queries are named statements, parsed and planned once per connection
  // (db/named-statements.ts); a replica must keep running them while another one migrates.
  describe('named statements (PostgreSQL)', () => {
    it('a query marked for it is prepared once on its connection and answers each call with that call’s values; others are not prepared', async () => {
      if (dialect.name === 'sqlite') return; // SQLite caches its statements itself (sqlite-driver.ts)
      await insertClient(database.db, { id: 'c1', organizationId: 'org-1', name: 'one', secretHash: 'aa', createdOn: at(0) });
      await insertClient(database.db, { id: 'c2', organizationId: 'org-2', name: 'two', secretHash: 'bb', createdOn: at(0) });
      await insertTransaction(database.db, await newTransaction(database, 't1'));
      const prepared = await database.db.connection().execute(async (connection) => {
        expect((await findClient(connection, 'c1'))?.organizationId).toBe('org-1');
        expect((await findClient(connection, 'c2'))?.organizationId).toBe('org-2');
        expect(await findClient(connection, 'c3')).toBeUndefined();
        // A lookup in a table that grows with traffic: a generic plan made while it was small would
        // scan it whole once it is big (db/named-statements.ts).
        expect((await findTransaction(connection, 't1'))?.id).toBe('t1');
        expect((await findTransaction(connection, 't1'))?.id).toBe('t1');
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
        return rows.map((row) => row.statement);
      });
      expect(prepared.filter((statement) => statement.includes('from "clients"'))).toHaveLength(1);
      expect(prepared.filter((statement) => statement.includes('from "transactions"'))).toEqual([]);
    });

    it('a column added to a table by a migration elsewhere does not break the statements prepared before it', async () => {
      if (dialect.name === 'sqlite') return;
      await insertClient(database.db, { id: 'c1', organizationId: 'org-1', name: 'one', secretHash: 'aa', createdOn: at(0) });
      const before = await newTransaction(database, 'before');
      const after = await newTransaction(database, 'after');
      await database.db.connection().execute(async (connection) => {
        expect((await findClient(connection, 'c1'))?.name).toBe('one');
        expect(await insertCreatedTransaction(connection, before, start, created, createdEvent(before))).toEqual({ deliveries: 0 });
        await sql`alter table clients add column added_later text`.execute(database.db);
        await sql`alter table transactions add column added_later text`.execute(database.db);
        expect((await findClient(connection, 'c1'))?.name).toBe('one');
        expect(await insertCreatedTransaction(connection, after, start, created, createdEvent(after))).toEqual({ deliveries: 0 });
      });
      expect((await findTransaction(database.db, 'after'))?.id).toBe('after');
    });

    it('a named query selecting * is refused: its result would change with the table', async () => {
      if (dialect.name === 'sqlite') return;
      const everything = preparedQuery(['id'], (db, p: { id: string }) => db.selectFrom('clients').selectAll().where('id', '=', p.id), {
        namedOnPostgres: true,
      });
      expect(() => everything(database.db, { id: 'c1' })).toThrow(/list the columns/);
    });
  });

  describe('the version a one-statement create runs is checked to be the latest in that statement', () => {
    it('a version replaced by a newer one writes nothing (no transaction, entry, log or delivery); the newer one writes', async () => {
      if (dialect.name === 'sqlite') return; // PostgreSQL only: refused above
      const stale = await newTransaction(database, 'stale');
      const newer = await insertWorkflowVersion(database.db, 'org-1', definition, at(5));
      expect(newer.workflowVersionId).not.toBe(stale.workflowVersionId);
      await endpoints();
      expect(await insertCreatedTransaction(database.db, stale, start, created, createdEvent(stale))).toBeNull();
      expect(await storedRows('stale')).toEqual({ transactions: [], entries: [], log: [], deliveries: [] });
      const current = { ...stale, id: 'current', workflowVersionId: newer.workflowVersionId };
      expect(await insertCreatedTransaction(database.db, current, start, created, createdEvent(current))).toEqual({ deliveries: 1 });
      expect(await findTransaction(database.db, 'current')).toMatchObject({ workflowVersionId: newer.workflowVersionId });
    });
  });

  // Prepared statements are shared by every call of a shape: values must never leak from one call
  // into the next, and shapes that differ only in a guard or a field must not share a statement.
  describe('transaction writes prepared once per shape', () => {
    it('the same shape with other values writes those values, to that row only', async () => {
      await transaction('t1');
      await transaction('t2');
      expect(await claimLease(database.db, 't1', 'owner-a', at(20), at(80))).toMatchObject({ leaseOwner: 'owner-a', leaseUntil: at(80), rowVersion: 2 });
      expect(await claimLease(database.db, 't2', 'owner-b', at(21), at(81))).toMatchObject({ leaseOwner: 'owner-b', leaseUntil: at(81), rowVersion: 2 });
      // Leased: the same shape now fails its guard for t1, while t2's lease is untouched.
      expect(await claimLease(database.db, 't1', 'owner-c', at(22), at(82))).toBeUndefined();
      expect(await findTransaction(database.db, 't2')).toMatchObject({ leaseOwner: 'owner-b', modifiedOn: at(21) });
    });

    it('undefined fields are left alone, null ones are written; a guard present or absent is a shape of its own', async () => {
      await transaction('t1');
      await claimLease(database.db, 't1', 'owner-a', at(20), at(80));
      // No lease guard: writes whatever holds the lease.
      expect(await updateTransaction(database.db, 't1', {}, { modifiedOn: at(30), verificationStatus: undefined })).toMatchObject({
        modifiedOn: at(30),
        verificationStatus: null,
        leaseOwner: 'owner-a',
      });
      // A lease guard for someone else: nothing written.
      expect(await updateTransaction(database.db, 't1', { leaseOwner: 'owner-b' }, { leaseOwner: null, leaseUntil: null })).toBeUndefined();
      const released = await updateTransaction(database.db, 't1', { leaseOwner: 'owner-a' }, { leaseOwner: null, leaseUntil: null });
      expect(released).toMatchObject({ leaseOwner: null, leaseUntil: null, modifiedOn: at(30), rowVersion: 4 });
      expect((await findOrganizationTransaction(database.db, 'org-1', 't1'))?.rowVersion).toBe(4);
      expect(await findOrganizationTransaction(database.db, 'org-2', 't1')).toBeUndefined();
      // Two statuses instead of one: another statement, which still matches.
      expect(await updateTransaction(database.db, 't1', { statuses: ['Complete', 'InProgress'] }, { processingStatus: 'Complete' })).toMatchObject({
        processingStatus: 'Complete',
        rowVersion: 5,
      });
    });

    it('state entries: one upsert statement appends new keys in order and replaces an existing key in place', async () => {
      await transaction('t1');
      const entry = (key: string, output: Record<string, unknown>, on: number) => ({
        transactionId: 't1',
        key,
        stepId: 1,
        stepType: 'Decision' as const,
        input: {},
        extraction: {},
        output,
        internal: null,
        createdOn: at(on),
        modifiedOn: at(on),
      });
      await upsertStateEntry(database.db, entry('A:0', { n: 1 }, 40));
      await upsertStateEntry(database.db, entry('B:0', { n: 2 }, 41));
      await upsertStateEntry(database.db, entry('A:0', { n: 3 }, 42));
      const entries = await listStateEntries(database.db, 't1');
      expect(entries.map((e) => [e.key, e.seq, e.output, e.createdOn, e.modifiedOn])).toEqual([
        ['A:0', 0, { n: 3 }, at(40), at(42)],
        ['B:0', 1, { n: 2 }, at(41), at(41)],
      ]);
    });
  });
});
