import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoAutoWorkflow } from '../../platform/demo/demo-workflows.ts';
import { parseWorkflowDefinition } from '../../platform/workflow-versions/workflow-admin.ts';
import { initialProgress } from '../../workflow/progress.ts';
import { migrateToLatest } from '../migrate.ts';
import { openDatabase, type OpenDatabase } from '../open-database.ts';
import { insertOrganization } from './organization-repository.ts';
import { listStateEntries, upsertStateEntry } from './state-entry-repository.ts';
import {
  claimLease,
  findOrganizationTransactionVersion,
  findTransaction,
  insertTransaction,
  updateTransaction,
  type StoredTransaction,
} from './transaction-repository.ts';
import { insertWorkflowVersion } from './workflow-repository.ts';

// Prepared statements are shared by every call of a shape: values must never leak from one call
// into the next, and shapes that differ only in a guard or a field must not share a statement.
describe('transaction writes prepared once per shape', () => {
  let database: OpenDatabase;
  let workflowVersionId = '';
  const definition = parseWorkflowDefinition(demoAutoWorkflow);
  const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();

  async function transaction(id: string): Promise<StoredTransaction> {
    const tx: StoredTransaction = {
      id,
      organizationId: 'org-1',
      clientId: 'c',
      workflowId: 'demo-auto',
      workflowVersionId,
      platform: 'Browser',
      sdkVersion: '1',
      processingStatus: 'InProgress',
      verificationStatus: null,
      originalVerificationStatus: null,
      consent: { userId: 'u', givenOn: '2024-01-01T00:00:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
      tags: [],
      linkFields: {},
      progress: initialProgress(definition),
      keyHash: 'ab'.repeat(32),
      keyExpiresOn: at(100),
      rowVersion: 1,
      leaseOwner: null,
      leaseUntil: null,
      createdOn: at(10),
      modifiedOn: at(10),
    };
    await insertTransaction(database.db, tx);
    return tx;
  }

  beforeEach(async () => {
    database = openDatabase('file::memory:');
    await migrateToLatest(database.db);
    await insertOrganization(database.db, { id: 'org-1', name: 'One', createdOn: at(0) });
    workflowVersionId = (await insertWorkflowVersion(database.db, 'org-1', definition, at(0))).workflowVersionId;
  });
  afterEach(() => database.close());

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
    expect(await findOrganizationTransactionVersion(database.db, 'org-1', 't1')).toBe(4);
    expect(await findOrganizationTransactionVersion(database.db, 'org-2', 't1')).toBeUndefined();
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
