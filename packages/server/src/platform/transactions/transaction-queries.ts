import { processingStatuses, type ProcessingStatus, type TransactionList, type VerificationStatus } from '@idlens/sdk/api';
import { findBlob, type StoredBlob } from '../../db/repositories/blob-repository.ts';
import { findOrganizationTransactionHead, findOrganizationTransactionWithHistory } from '../../db/repositories/transaction-record-repository.ts';
import { findOrganizationTransaction, listTransactions, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import type { AgentPrincipal } from '../auth/agent-principal.ts';
import { decodePageCursor, pageOf } from '../paging.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { expireIfDue, isExpiryDue } from './expire-transaction.ts';
import { toRecord, toSummary } from './transaction-views.ts';

/** The organization's transaction, expired if due; another organization's is a plain 404. */
export async function loadOwnTransaction(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<StoredTransaction> {
  const tx = await findOrganizationTransaction(ctx.db, principal.organizationId, id);
  if (!tx) throw new ApiError('NOT_FOUND', 'transaction not found');
  return expireIfDue(ctx, tx);
}

/**
 * The full record as JSON: readable at any time, also while a resume runs. It is read in one
 * statement, so a reader never sees half of a resume's step or half of a deletion; a transaction
 * whose key expired is closed first and read again, so the record shows the closing in its status
 * log. A record this process serialized is answered as it was (record-cache.ts) after a one-row
 * check that the row is still at that version; with nothing cached the record is read at once.
 */
export async function getTransactionRecordJson(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<string> {
  if (ctx.records.holds(id)) {
    const head = await findOrganizationTransactionHead(ctx.db, principal.organizationId, id);
    if (!head) throw new ApiError('NOT_FOUND', 'transaction not found');
    const cached = isExpiryDue(head, isoAt(ctx.now())) ? undefined : ctx.records.get(id, head.rowVersion);
    if (cached !== undefined) return cached;
  }
  let read = await findOrganizationTransactionWithHistory(ctx.db, principal.organizationId, id);
  if (read && (await expireIfDue(ctx, read.transaction)) !== read.transaction) {
    read = await findOrganizationTransactionWithHistory(ctx.db, principal.organizationId, id);
  }
  if (!read) throw new ApiError('NOT_FOUND', 'transaction not found');
  const { definition } = await ctx.workflows.get(ctx.db, read.transaction.workflowVersionId);
  const json = JSON.stringify(toRecord(read.transaction, definition, read.stateEntries, read.statusLog));
  ctx.records.set(id, read.transaction.rowVersion, json);
  return json;
}

export async function getTransactionBlob(ctx: PlatformContext, principal: AgentPrincipal, id: string, blobId: string): Promise<StoredBlob> {
  const tx = await loadOwnTransaction(ctx, principal, id);
  const blob = await findBlob(ctx.db, tx.id, blobId);
  if (!blob) throw new ApiError('NOT_FOUND', 'blob not found');
  return blob;
}

export interface ListQuery {
  transactionId?: string;
  /** consent.userId, exact. */
  userId?: string;
  processingStatus?: ProcessingStatus;
  verificationStatus?: VerificationStatus;
  workflowId?: string;
  /** ISO 8601 UTC bounds of createdOn: from inclusive, to exclusive. */
  createdFrom?: string;
  createdTo?: string;
  limit: number;
  cursor?: string;
}

export async function listOwnTransactions(ctx: PlatformContext, principal: AgentPrincipal, query: ListQuery): Promise<TransactionList> {
  if (query.processingStatus && !processingStatuses.includes(query.processingStatus)) throw new ApiError('INVALID_REQUEST', 'processingStatus: unknown value');
  const rows = await listTransactions(ctx.db, principal.organizationId, {
    transactionId: query.transactionId,
    userId: query.userId,
    processingStatus: query.processingStatus,
    verificationStatus: query.verificationStatus,
    workflowId: query.workflowId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
    limit: query.limit + 1,
    after: query.cursor ? decodePageCursor(query.cursor) : undefined,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { items: page.map(toSummary), nextCursor };
}
