import { updateTransaction } from '../../db/repositories/transaction-repository.ts';
import { isoAt, type PlatformContext } from '../platform-context.ts';

/**
 * Keeps a resume's lease alive while its process is: every third of `leaseMs` the holder pushes
 * `lease_until` on by `leaseMs`. So the lease only has to outlive a pause of the holder, not its
 * longest step — a step may recognize for minutes on a loaded machine and keep the transaction,
 * while a replica that dies gives it up within `leaseMs`. The renewal is guarded by the owner and
 * InProgress like every write of the runner: once the lease is released, closed or taken over, a
 * renewal changes nothing (and the runner's next guarded write finds out it was fenced off).
 */
export function renewLeaseWhileRunning(ctx: PlatformContext, transactionId: string, owner: string): { stop(): void } {
  let renewing = false;
  const timer = setInterval(() => {
    // A renewal still waiting on a busy database is enough; another would only queue behind it.
    if (renewing) return;
    renewing = true;
    updateTransaction(ctx.db, transactionId, { leaseOwner: owner, statuses: ['InProgress'] }, { leaseUntil: isoAt(ctx.now() + ctx.settings.leaseMs) })
      .catch((error: unknown) => ctx.logger.warn('lease renewal failed', { transactionId, reason: (error as Error).message }))
      .finally(() => {
        renewing = false;
      });
  }, ctx.settings.leaseMs / 3);
  // A renewal never keeps a process alive that is otherwise done.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
