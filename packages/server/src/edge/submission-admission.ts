import type { MiddlewareHandler } from 'hono';
import { bodyBytesToReserve } from '../admission/body-budget.ts';
import { ApiError } from '../errors.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import type { EdgeEnv } from './edge-env.ts';

/**
 * The door of step submissions, after edge authentication and before the body is read — so that
 * one ephemeral key, or one organization's keys, cannot make the server read and decode without
 * bound (issue #56). In this order, each refusal costing nothing:
 * - one submission per transaction at a time (409 TRANSACTION_BUSY: only one could be written
 *   anyway, the others would lose the row-version race after decoding), and none while a resume
 *   holds the transaction's lease;
 * - at most `submissionsPerOrganization` per organization (429 TOO_MANY_IN_FLIGHT + Retry-After);
 * - the body within the process's body budget (503 QUEUE_FULL + Retry-After).
 * All of it is let go once the submission is answered; its decoded pixels are the frame decoder's.
 */
export function admitSubmission(ctx: PlatformContext, maxBodyBytes: number): MiddlewareHandler<EdgeEnv> {
  const busy = new Set<string>();
  const perOrganization = new Map<string, number>();
  return async function admitSubmissionMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const tx = c.get('transaction');
    if (busy.has(tx.id)) throw new ApiError('TRANSACTION_BUSY', 'another submission to this transaction is being processed; check its state and retry');
    if (tx.leaseUntil && tx.leaseUntil > isoAt(ctx.now())) {
      throw new ApiError('TRANSACTION_BUSY', 'the transaction is being processed; submit again after the resume finished');
    }
    const organization = perOrganization.get(tx.organizationId) ?? 0;
    if (organization >= ctx.settings.submissionsPerOrganization) {
      throw new ApiError('TOO_MANY_IN_FLIGHT', `this organization has ${organization} step submissions being processed; retry shortly`, {
        headers: { 'Retry-After': '1' },
      });
    }
    const releaseBody = ctx.memory.bodies.tryReserve(bodyBytesToReserve(c, maxBodyBytes));
    if (!releaseBody) throw new ApiError('QUEUE_FULL', 'the server is busy; try again shortly', { headers: { 'Retry-After': '1' } });
    busy.add(tx.id);
    perOrganization.set(tx.organizationId, organization + 1);
    try {
      await next();
    } finally {
      busy.delete(tx.id);
      const left = (perOrganization.get(tx.organizationId) ?? 1) - 1;
      if (left > 0) perOrganization.set(tx.organizationId, left);
      else perOrganization.delete(tx.organizationId);
      releaseBody();
    }
  };
}
