import type { Consent, ProcessingStatus, VerificationStatus } from '@idlens/sdk/api';
import type { Progress } from '../../workflow/progress.ts';
import type { Db, TransactionTable } from '../schema.ts';

/** A transaction row with its JSON columns parsed. */
export interface StoredTransaction {
  id: string;
  organizationId: string;
  clientId: string;
  workflowId: string;
  workflowVersionId: string;
  platform: string;
  sdkVersion: string;
  processingStatus: ProcessingStatus;
  verificationStatus: VerificationStatus | null;
  originalVerificationStatus: VerificationStatus | null;
  consent: Consent;
  tags: string[];
  linkFields: Record<string, string>;
  progress: Progress;
  keyHash: string;
  keyExpiresOn: string;
  rowVersion: number;
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdOn: string;
  modifiedOn: string;
}

function toStored(row: TransactionTable): StoredTransaction {
  return {
    id: row.id,
    organizationId: row.organization_id,
    clientId: row.client_id,
    workflowId: row.workflow_id,
    workflowVersionId: row.workflow_version_id,
    platform: row.platform,
    sdkVersion: row.sdk_version,
    processingStatus: row.processing_status as ProcessingStatus,
    verificationStatus: row.verification_status as VerificationStatus | null,
    originalVerificationStatus: row.original_verification_status as VerificationStatus | null,
    consent: JSON.parse(row.consent) as Consent,
    tags: JSON.parse(row.tags) as string[],
    linkFields: JSON.parse(row.link_fields) as Record<string, string>,
    progress: JSON.parse(row.progress) as Progress,
    keyHash: row.key_hash,
    keyExpiresOn: row.key_expires_on,
    rowVersion: Number(row.row_version),
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    createdOn: row.created_on,
    modifiedOn: row.modified_on,
  };
}

export async function insertTransaction(db: Db, tx: StoredTransaction): Promise<void> {
  await db
    .insertInto('transactions')
    .values({
      id: tx.id,
      organization_id: tx.organizationId,
      client_id: tx.clientId,
      workflow_id: tx.workflowId,
      workflow_version_id: tx.workflowVersionId,
      platform: tx.platform,
      sdk_version: tx.sdkVersion,
      processing_status: tx.processingStatus,
      verification_status: tx.verificationStatus,
      original_verification_status: tx.originalVerificationStatus,
      consent: JSON.stringify(tx.consent),
      tags: JSON.stringify(tx.tags),
      link_fields: JSON.stringify(tx.linkFields),
      progress: JSON.stringify(tx.progress),
      key_hash: tx.keyHash,
      key_expires_on: tx.keyExpiresOn,
      row_version: tx.rowVersion,
      lease_owner: tx.leaseOwner,
      lease_until: tx.leaseUntil,
      created_on: tx.createdOn,
      modified_on: tx.modifiedOn,
    })
    .execute();
}

export async function findTransaction(db: Db, id: string): Promise<StoredTransaction | undefined> {
  const row = await db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStored(row);
}

/** A transaction only if it belongs to the organization: other organizations' look like missing ones. */
export async function findOrganizationTransaction(db: Db, organizationId: string, id: string): Promise<StoredTransaction | undefined> {
  const row = await db.selectFrom('transactions').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  return row && toStored(row);
}

/** Fields a write may change. */
export interface TransactionPatch {
  processingStatus?: ProcessingStatus;
  verificationStatus?: VerificationStatus | null;
  originalVerificationStatus?: VerificationStatus | null;
  progress?: Progress;
  keyHash?: string;
  keyExpiresOn?: string;
  leaseOwner?: string | null;
  leaseUntil?: string | null;
  /** Omitted by writes that change nothing a client sees (lease release). */
  modifiedOn?: string;
}

function toColumns(patch: TransactionPatch) {
  const columns: Partial<TransactionTable> = {};
  if (patch.modifiedOn !== undefined) columns.modified_on = patch.modifiedOn;
  if (patch.processingStatus !== undefined) columns.processing_status = patch.processingStatus;
  if (patch.verificationStatus !== undefined) columns.verification_status = patch.verificationStatus;
  if (patch.originalVerificationStatus !== undefined) columns.original_verification_status = patch.originalVerificationStatus;
  if (patch.progress !== undefined) columns.progress = JSON.stringify(patch.progress);
  if (patch.keyHash !== undefined) columns.key_hash = patch.keyHash;
  if (patch.keyExpiresOn !== undefined) columns.key_expires_on = patch.keyExpiresOn;
  if (patch.leaseOwner !== undefined) columns.lease_owner = patch.leaseOwner;
  if (patch.leaseUntil !== undefined) columns.lease_until = patch.leaseUntil;
  return columns;
}

/** What a guarded write requires of the row; the write changes nothing when the row no longer matches. */
export interface WriteGuard {
  /** The row_version the writer read (optimistic concurrency). */
  rowVersion?: number;
  /** The writer holds the execution lease. */
  leaseOwner?: string;
  /** The row is in one of these statuses. */
  statuses?: ProcessingStatus[];
  /** No unexpired lease is held by anyone (ISO now). */
  unleasedAt?: string;
}

/**
 * Applies a patch only if the guard still holds, bumping row_version; answers whether it did.
 * One UPDATE … WHERE, so it is atomic on SQLite and on Postgres (where a concurrent writer's
 * commit makes the WHERE re-evaluate and fail).
 */
export async function updateTransaction(db: Db, id: string, guard: WriteGuard, patch: TransactionPatch): Promise<boolean> {
  let query = db
    .updateTable('transactions')
    .set(toColumns(patch))
    .set((eb) => ({ row_version: eb('row_version', '+', 1) }))
    .where('id', '=', id);
  if (guard.rowVersion !== undefined) query = query.where('row_version', '=', guard.rowVersion);
  if (guard.leaseOwner !== undefined) query = query.where('lease_owner', '=', guard.leaseOwner);
  if (guard.statuses) query = query.where('processing_status', 'in', guard.statuses);
  if (guard.unleasedAt !== undefined) {
    const at = guard.unleasedAt;
    query = query.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the execution lease of an InProgress transaction nobody else runs: the one way into the
 * runner, so two resumes never execute steps at the same time.
 */
export async function claimLease(db: Db, id: string, owner: string, now: string, until: string): Promise<boolean> {
  return updateTransaction(db, id, { statuses: ['InProgress'], unleasedAt: now }, { leaseOwner: owner, leaseUntil: until, modifiedOn: now });
}

/**
 * Deletes a closed transaction that nobody runs. Children go by ON DELETE CASCADE inside the same
 * statement, so a racing resume either sees the whole transaction or none of it.
 */
export async function deleteClosedTransaction(db: Db, organizationId: string, id: string, statuses: ProcessingStatus[], now: string): Promise<boolean> {
  const result = await db
    .deleteFrom('transactions')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('processing_status', 'in', statuses)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface ListFilter {
  processingStatus?: ProcessingStatus;
  workflowId?: string;
  limit: number;
  /** Continue after this (createdOn, id): the cursor of the previous page. */
  after?: { createdOn: string; id: string };
}

/** One page of an organization's transactions, newest first (keyset paging on created_on, id). */
export async function listTransactions(db: Db, organizationId: string, filter: ListFilter): Promise<StoredTransaction[]> {
  let query = db.selectFrom('transactions').selectAll().where('organization_id', '=', organizationId);
  if (filter.processingStatus) query = query.where('processing_status', '=', filter.processingStatus);
  if (filter.workflowId) query = query.where('workflow_id', '=', filter.workflowId);
  if (filter.after) {
    const { createdOn, id } = filter.after;
    query = query.where((eb) => eb.or([eb('created_on', '<', createdOn), eb.and([eb('created_on', '=', createdOn), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('created_on', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toStored);
}

/** InProgress transactions whose ephemeral key expired before `now` (the expiry sweep). */
export async function findExpiredTransactionIds(db: Db, now: string, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('transactions')
    .select('id')
    .where('processing_status', '=', 'InProgress')
    .where('key_expires_on', '<', now)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
