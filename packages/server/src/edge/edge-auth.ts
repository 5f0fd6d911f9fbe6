import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import { remoteAddress } from '../http/remote-address.ts';
import type { AuthAttempt } from '../platform/auth/failure-limiter.ts';
import { authenticateEdge } from '../platform/auth/authenticate.ts';
import { parseBasicAuthorization } from '../platform/auth/basic-credentials.ts';
import { heldByAnotherDevice } from '../platform/handoff/handoff.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import type { EdgeEnv } from './edge-env.ts';

/**
 * Not `Basic`: browsers answer a Basic challenge with a login dialog, which an SDK calling the edge
 * from a page must never trigger. A scheme of our own keeps the 401 well-formed (RFC 9110 §11.6.1).
 */
export const edgeChallenge = 'IdlensTransaction realm="idlens-edge"';

/**
 * Edge authentication: Basic `transactionId:ephemeralKey`, for the transaction named in the path
 * (the key is the transaction's own, or that of the device it was handed off to).
 */
export function edgeAuth(ctx: PlatformContext): MiddlewareHandler<EdgeEnv> {
  return async function edgeAuthMiddleware(c, next) {
    const credentials = parseBasicAuthorization(c.req.header('authorization'));
    const pathId = c.req.param('transactionId') ?? '';
    const limited: AuthAttempt = { id: `transaction:${pathId}`, address: remoteAddress(c) };
    try {
      if (!credentials) throw new ApiError('UNAUTHORIZED', 'Authorization: Basic base64(transactionId:ephemeralKey) is required');
      await ctx.authFailures.check(limited);
      const { tx, device } = await authenticateEdge(ctx, pathId, credentials.user, credentials.password);
      c.set('transaction', tx);
      c.set('device', device);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
        if (credentials) await ctx.authFailures.fail(limited);
        throw new ApiError(error.code, error.message, { headers: { 'WWW-Authenticate': edgeChallenge } });
      }
      if (error instanceof ApiError && error.status === 401) throw new ApiError(error.code, error.message, { headers: { 'WWW-Authenticate': edgeChallenge } });
      throw error;
    }
    await next();
  };
}

/**
 * Steps and resumes: refused to the transaction's own key while a device it was handed off to
 * holds it (the desktop watches, the phone acts), until the desktop cancels the hand-off.
 */
export function ownerUnlessHandedOff(ctx: PlatformContext): MiddlewareHandler<EdgeEnv> {
  return async function handedOffMiddleware(c, next) {
    if (!c.get('device') && (await heldByAnotherDevice(ctx, c.get('transaction').id)))
      throw new ApiError('TRANSACTION_HANDED_OFF', 'the transaction continues on another device; cancel the hand-off to continue here');
    await next();
  };
}

/** The hand-off itself is the transaction's own key's to start, watch and cancel. */
export function ownerOnly(): MiddlewareHandler<EdgeEnv> {
  return async function ownerOnlyMiddleware(c, next) {
    if (c.get('device')) throw new ApiError('FORBIDDEN', 'a device the transaction was handed off to cannot hand it off again');
    await next();
  };
}
