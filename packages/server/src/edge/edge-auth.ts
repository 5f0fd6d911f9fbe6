import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import { remoteAddress } from '../http/remote-address.ts';
import type { AuthAttempt } from '../platform/auth/failure-limiter.ts';
import { authenticateEdge } from '../platform/auth/authenticate.ts';
import { parseBasicAuthorization } from '../platform/auth/basic-credentials.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import type { EdgeEnv } from './edge-env.ts';

/**
 * Not `Basic`: browsers answer a Basic challenge with a login dialog, which an SDK calling the edge
 * from a page must never trigger. A scheme of our own keeps the 401 well-formed (RFC 9110 §11.6.1).
 */
export const edgeChallenge = 'IdlensTransaction realm="idlens-edge"';

/** Edge authentication: Basic `transactionId:ephemeralKey`, for the transaction named in the path. */
export function edgeAuth(ctx: PlatformContext): MiddlewareHandler<EdgeEnv> {
  return async function edgeAuthMiddleware(c, next) {
    const credentials = parseBasicAuthorization(c.req.header('authorization'));
    const pathId = c.req.param('transactionId') ?? '';
    const limited: AuthAttempt = { id: `transaction:${pathId}`, address: remoteAddress(c) };
    try {
      if (!credentials) throw new ApiError('UNAUTHORIZED', 'Authorization: Basic base64(transactionId:ephemeralKey) is required');
      await ctx.authFailures.check(limited);
      c.set('transaction', await authenticateEdge(ctx, pathId, credentials.user, credentials.password));
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
