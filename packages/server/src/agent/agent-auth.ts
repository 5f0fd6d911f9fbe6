import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.ts';
import { remoteAddress } from '../http/remote-address.ts';
import type { AuthAttempt } from '../platform/auth/failure-limiter.ts';
import { authenticateClient, authenticateToken } from '../platform/auth/authenticate.ts';
import { parseBasicAuthorization, parseBearerAuthorization } from '../platform/auth/basic-credentials.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import type { AgentEnv } from './agent-env.ts';

/** The agent interface is server-to-server, so it may name Basic as a scheme (the edge never does). */
export const agentChallenge = 'Basic realm="idlens-agent", Bearer realm="idlens-agent"';

/**
 * Agent authentication: HTTP Basic client_id:client_secret or a bearer token from
 * `POST /agent/oauth/token`. Every failure is the same 401, whatever was wrong.
 */
export function agentAuth(ctx: PlatformContext): MiddlewareHandler<AgentEnv> {
  return async function agentAuthMiddleware(c, next) {
    const header = c.req.header('authorization');
    const basic = parseBasicAuthorization(header);
    const bearer = basic ? null : parseBearerAuthorization(header);
    // A missing header is not a guess: only presented credentials count as failures.
    const limited: AuthAttempt = { id: basic ? `client:${basic.user}` : null, address: remoteAddress(c) };
    if (header) await ctx.authFailures.check(limited);
    const principal = basic ? await authenticateClient(ctx, basic.user, basic.password) : bearer ? await authenticateToken(ctx, bearer) : null;
    if (!principal) {
      if (header) await ctx.authFailures.fail(limited);
      throw new ApiError('UNAUTHORIZED', 'valid client credentials (Basic) or an access token (Bearer) are required', {
        headers: { 'WWW-Authenticate': agentChallenge },
      });
    }
    c.set('principal', principal);
    await next();
  };
}
