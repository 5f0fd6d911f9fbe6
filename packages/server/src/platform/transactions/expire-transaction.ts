import { appendStatusLog } from '../../db/repositories/status-log-repository.ts';
import { findExpiredTransactionIds, findTransaction, updateTransaction, type StoredTransaction } from '../../db/repositories/transaction-repository.ts';
import { recordEvent } from '../../webhooks/outbox.ts';
import { transactionEvent } from '../../webhooks/webhook-events.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';
import { allowedFrom, transition } from './state-machine.ts';

/** Whether the transaction is still InProgress although its ephemeral key expired before `now` (ISO). */
export function isExpiryDue(tx: Pick<StoredTransaction, 'processingStatus' | 'keyExpiresOn'>, now: string): boolean {
  return tx.processingStatus === 'InProgress' && tx.keyExpiresOn < now;
}

/**
 * Closes an InProgress transaction whose ephemeral key has expired as Error, so that it can be
 * deleted (GDPR erasure) — nobody can progress it any more. Answers the transaction as it is now.
 * A transaction a resume is running is left alone; the sweep comes back to it.
 */
export async function expireIfDue(ctx: PlatformContext, tx: StoredTransaction): Promise<StoredTransaction> {
  const now = isoAt(ctx.now());
  if (!isExpiryDue(tx, now)) return tx;
  const result = transition(tx.processingStatus, 'expire');
  if (!('to' in result) || result.to === null) return tx;
  const next = result.to;
  let deliveries = 0;
  const expired = await ctx.db.transaction().execute(async (trx) => {
    const written = await updateTransaction(
      trx,
      tx.id,
      { rowVersion: tx.rowVersion, statuses: allowedFrom('expire'), unleasedAt: now },
      { processingStatus: next, modifiedOn: now },
    );
    if (!written) return undefined;
    await appendStatusLog(trx, tx.id, {
      changedOn: now,
      changedBy: 'system',
      field: 'processingStatus',
      oldValue: tx.processingStatus,
      newValue: next,
      comment: 'the ephemeral key expired before the workflow finished',
    });
    deliveries = await recordEvent(trx, ctx.webhooks, transactionEvent(written, { type: 'transaction.failed', failure: 'keyExpired' }, now));
    return written;
  });
  if (deliveries > 0) ctx.webhooks.wake();
  if (expired) {
    ctx.logger.info('transaction expired', { transactionId: tx.id });
    return expired;
  }
  // Someone else wrote first (a resume, another expiry): the row as it is now.
  return (await findTransaction(ctx.db, tx.id)) ?? tx;
}

/** The periodic sweep: closes every transaction whose key has expired. Answers how many it closed. */
export async function expireDueTransactions(ctx: PlatformContext): Promise<number> {
  let closed = 0;
  for (const id of await findExpiredTransactionIds(ctx.db, isoAt(ctx.now()))) {
    const tx = await findTransaction(ctx.db, id);
    if (tx && (await expireIfDue(ctx, tx)).processingStatus !== tx.processingStatus) closed++;
  }
  return closed;
}
