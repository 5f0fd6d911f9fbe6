import type { TransactionStatusResponse, VerificationStatus } from '@idlens/sdk/api';
import { appendStatusLog } from '../../db/repositories/status-log-repository.ts';
import { deleteClosedTransaction, findOrganizationTransaction, updateTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import type { AgentPrincipal } from '../auth/agent-principal.ts';
import { maskCardNumbersIn } from '../../workflow/sanitize-extraction.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { allowedFrom, transition } from './state-machine.ts';
import { loadOwnTransaction } from './transaction-queries.ts';

const attempts = 3;

/**
 * Replaces verificationStatus of a Complete transaction and logs who, when, old, new and why.
 * originalVerificationStatus is never touched. Concurrent updates are serialized by the row
 * version (a lost race re-reads and applies on top, so no log entry is lost).
 */
export async function setVerificationStatus(
  ctx: PlatformContext,
  principal: AgentPrincipal,
  id: string,
  status: VerificationStatus,
  comment: string | null,
): Promise<TransactionStatusResponse> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const tx = await loadOwnTransaction(ctx, principal, id);
    const allowed = transition(tx.processingStatus, 'setVerificationStatus');
    if ('refused' in allowed)
      throw new ApiError(allowed.refused, `the verification status can be set only on Complete transactions (this one is ${tx.processingStatus})`);
    const now = isoAt(ctx.now());
    const written = await ctx.db.transaction().execute(async (trx) => {
      const ok = await updateTransaction(
        trx,
        tx.id,
        { rowVersion: tx.rowVersion, statuses: allowedFrom('setVerificationStatus') },
        { verificationStatus: status, modifiedOn: now },
      );
      if (!ok) return false;
      await appendStatusLog(trx, tx.id, {
        changedOn: now,
        changedBy: `client:${principal.clientId}`,
        field: 'verificationStatus',
        oldValue: tx.verificationStatus,
        newValue: status,
        // Free text of the caller's: no card number is kept in it.
        comment: comment === null ? null : maskCardNumbersIn(comment),
      });
      return true;
    });
    if (written) {
      return {
        transactionId: tx.id,
        processingStatus: tx.processingStatus,
        verificationStatus: status,
        originalVerificationStatus: tx.originalVerificationStatus,
      };
    }
  }
  throw new ApiError('TRANSACTION_BUSY', 'the transaction keeps changing; retry');
}

/**
 * Deletes a Complete or Error transaction with its state, status log and blobs — in one statement
 * (ON DELETE CASCADE), guarded by status and lease, so a racing resume either finished before
 * (then this deletes everything) or holds the lease (then this is refused): never half-deleted.
 */
export async function deleteTransaction(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<void> {
  const tx = await loadOwnTransaction(ctx, principal, id);
  const allowed = transition(tx.processingStatus, 'delete');
  if ('refused' in allowed)
    throw new ApiError(allowed.refused, 'the transaction is in progress and locked against deletion; it can be deleted once Complete or Error');
  const deleted = await deleteClosedTransaction(ctx.db, principal.organizationId, id, allowedFrom('delete'), isoAt(ctx.now()));
  if (deleted) return;
  const now = await findOrganizationTransaction(ctx.db, principal.organizationId, id);
  if (!now) throw new ApiError('NOT_FOUND', 'transaction not found');
  throw new ApiError(
    now.processingStatus === 'InProgress' ? 'TRANSACTION_IN_PROGRESS' : 'TRANSACTION_BUSY',
    'the transaction is being processed and cannot be deleted now',
  );
}
