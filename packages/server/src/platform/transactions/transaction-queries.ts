import { processingStatuses, type ProcessingStatus, type TransactionList, type TransactionRecord, type VerificationStatus } from '@idlens/sdk/api';
import { findBlob, type StoredBlob } from '../../db/repositories/blob-repository.ts';
import { listStateEntries } from '../../db/repositories/state-entry-repository.ts';
import { listStatusLog } from '../../db/repositories/status-log-repository.ts';
import {
  findOrganizationTransaction,
  findOrganizationTransactionVersion,
  listTransactions,
  type StoredTransaction,
} from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import type { AgentPrincipal } from '../auth/agent-principal.ts';
import type { PlatformContext } from '../platform-context.ts';
import { expireIfDue } from './expire-transaction.ts';
import { toRecord, toSummary } from './transaction-views.ts';

/** The organization's transaction, expired if due; another organization's is a plain 404. */
export async function loadOwnTransaction(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<StoredTransaction> {
  const tx = await findOrganizationTransaction(ctx.db, principal.organizationId, id);
  if (!tx) throw new ApiError('NOT_FOUND', 'transaction not found');
  return expireIfDue(ctx, tx);
}

/**
 * The full record: readable at any time, also while a resume runs. The record is assembled from
 * several reads; a re-read of the row's version afterwards proves nothing changed (or was deleted)
 * in between, so a reader never sees half of a resume's step or half of a deletion.
 */
export async function getTransactionRecord(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<TransactionRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const tx = await loadOwnTransaction(ctx, principal, id);
    const [{ definition }, entries, statusLog] = await Promise.all([
      ctx.workflows.get(ctx.db, tx.workflowVersionId),
      listStateEntries(ctx.db, tx.id),
      listStatusLog(ctx.db, tx.id),
    ]);
    const rowVersion = await findOrganizationTransactionVersion(ctx.db, principal.organizationId, id);
    if (rowVersion === undefined) throw new ApiError('NOT_FOUND', 'transaction not found');
    if (rowVersion === tx.rowVersion) return toRecord(tx, definition, entries, statusLog);
  }
  throw new ApiError('TRANSACTION_BUSY', 'the transaction keeps changing; retry');
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

/** Cursor = Base64url of the last item's [createdOn, id]: stable paging while new transactions arrive. */
function decodeCursor(cursor: string): { createdOn: string; id: string } {
  try {
    const [createdOn, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof createdOn === 'string' && typeof id === 'string') return { createdOn, id };
  } catch {
    // fall through
  }
  throw new ApiError('INVALID_REQUEST', 'cursor: not a cursor returned by this API');
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
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toSummary),
    nextCursor: rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.createdOn, last.id])).toString('base64url') : null,
  };
}
