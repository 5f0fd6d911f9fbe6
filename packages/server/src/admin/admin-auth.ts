import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import { matchesAnySecret } from '../http/constant-time.ts';
import { remoteAddress } from '../http/remote-address.ts';
import { parseOperatorBearer } from '../platform/auth/basic-credentials.ts';
import type { AuthAttempt, FailureLimiter } from '../platform/auth/failure-limiter.ts';

export const adminChallenge = 'Bearer realm="idlens-admin"';

/**
 * The operator credential: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time.
 * No token configured = the admin API does not exist (404). Agent credentials (a client's
 * Basic or bearer token) are never accepted here. Failures count against the remote address
 * (not against an id, so nobody can lock the operator out by guessing).
 */
export function adminAuth(token: string | null, failures: FailureLimiter): MiddlewareHandler {
  return async function adminAuthMiddleware(c, next) {
    if (!token) throw new ApiError('NOT_FOUND', 'not found');
    const header = c.req.header('authorization') ?? '';
    const limited: AuthAttempt = { id: null, address: remoteAddress(c) };
    if (header) await failures.check(limited);
    if (!matchesAnySecret(parseOperatorBearer(header), [token])) {
      if (header) await failures.fail(limited);
      throw new ApiError('UNAUTHORIZED', 'the operator token (Bearer) is required', { headers: { 'WWW-Authenticate': adminChallenge } });
    }
    await next();
  };
}
