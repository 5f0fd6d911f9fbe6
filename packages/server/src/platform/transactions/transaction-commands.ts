import type { TransactionStatusResponse, VerificationStatus } from '@idlens/sdk/api';
import { appendStatusLog } from '../../db/repositories/status-log-repository.ts';
import { deleteClosedTransaction, findOrganizationTransaction, updateTransaction } from '../../db/repositories/transaction-repository.ts';
import { ApiError } from '../../errors.ts';
import type { AgentPrincipal } from '../auth/agent-principal.ts';
import { maskCardNumbersIn } from '../../workflow/sanitize-extraction.ts';
import { recordEvent } from '../../webhooks/outbox.ts';
import { transactionEvent } from '../../webhooks/webhook-events.ts';
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
    const changedBy = `client:${principal.clientId}`;
    let deliveries = 0;
    const written = await ctx.db.transaction().execute(async (trx) => {
      const updated = await updateTransaction(
        trx,
        tx.id,
        { rowVersion: tx.rowVersion, statuses: allowedFrom('setVerificationStatus') },
        { verificationStatus: status, modifiedOn: now },
      );
      if (!updated) return false;
      await appendStatusLog(trx, tx.id, {
        changedOn: now,
        changedBy,
        field: 'verificationStatus',
        oldValue: tx.verificationStatus,
        newValue: status,
        // Free text of the caller's: no card number is kept in it.
        comment: comment === null ? null : maskCardNumbersIn(comment),
      });
      const overridden = transactionEvent(
        updated,
        { type: 'transaction.verificationStatusOverridden', previousVerificationStatus: tx.verificationStatus, changedBy },
        now,
      );
      deliveries = await recordEvent(trx, ctx.webhooks, overridden);
      return true;
    });
    if (deliveries > 0) ctx.webhooks.wake();
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
 * The `transaction.deleted` event is written in the same database transaction.
 */
export async function deleteTransaction(ctx: PlatformContext, principal: AgentPrincipal, id: string): Promise<void> {
  const tx = await loadOwnTransaction(ctx, principal, id);
  const allowed = transition(tx.processingStatus, 'delete');
  if ('refused' in allowed)
    throw new ApiError(allowed.refused, 'the transaction is in progress and locked against deletion; it can be deleted once Complete or Error');
  const now = isoAt(ctx.now());
  const deliveries = await ctx.writes.run(async (trx) => {
    if (!(await deleteClosedTransaction(trx, principal.organizationId, id, allowedFrom('delete'), now))) return null;
    return recordEvent(trx, ctx.webhooks, transactionEvent(tx, { type: 'transaction.deleted' }, now));
  });
  if (deliveries !== null) {
    if (deliveries > 0) ctx.webhooks.wake();
    return;
  }
  const current = await findOrganizationTransaction(ctx.db, principal.organizationId, id);
  if (!current) throw new ApiError('NOT_FOUND', 'transaction not found');
  throw new ApiError(
    current.processingStatus === 'InProgress' ? 'TRANSACTION_IN_PROGRESS' : 'TRANSACTION_BUSY',
    'the transaction is being processed and cannot be deleted now',
  );
}
