import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { remoteAddress } from '../http/remote-address.ts';
import type { AuthAttempt } from '../platform/auth/failure-limiter.ts';
import { authenticateClient } from '../platform/auth/authenticate.ts';
import { parseBasicAuthorization } from '../platform/auth/basic-credentials.ts';
import type { PlatformContext } from '../platform/platform-context.ts';

/** An RFC 6749 §5.2 error, with the server's usual fields beside it. */
function oauthError(c: Context<AppEnv>, status: 400 | 401, error: string, description: string) {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (status === 401) headers['WWW-Authenticate'] = 'Basic realm="idlens-agent"';
  return c.json(
    {
      error,
      error_description: description,
      code: status === 401 ? 'UNAUTHORIZED' : 'INVALID_REQUEST',
      message: description,
      traceId: null,
      executionId: c.get('executionId') ?? null,
    },
    status,
    headers,
  );
}

/**
 * `POST /agent/oauth/token`: the OAuth 2.0 client-credentials grant (RFC 6749 §4.4). Credentials
 * come as HTTP Basic or as client_id/client_secret in the body; the body is JSON or form-encoded.
 * Answers a short-lived bearer token for the agent API.
 */
export function createOAuthRoutes(ctx: PlatformContext) {
  return new Hono<AppEnv>().post('/agent/oauth/token', async (c) => {
    const type = c.req.header('content-type') ?? '';
    let body: Record<string, unknown> = {};
    try {
      if (/application\/json/i.test(type)) body = (await c.req.json()) as Record<string, unknown>;
      else if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) body = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      return oauthError(c, 400, 'invalid_request', 'the body is neither valid JSON nor a form');
    }
    if (typeof body !== 'object' || body === null) body = {};
    if (body.grant_type !== 'client_credentials') return oauthError(c, 400, 'unsupported_grant_type', 'grant_type must be client_credentials');
    const basic = parseBasicAuthorization(c.req.header('authorization'));
    const clientId = basic?.user ?? (typeof body.client_id === 'string' ? body.client_id : null);
    const secret = basic?.password ?? (typeof body.client_secret === 'string' ? body.client_secret : null);
    const limited: AuthAttempt = { id: clientId ? `client:${clientId}` : null, address: remoteAddress(c) };
    await ctx.authFailures.check(limited);
    const principal = clientId && secret ? await authenticateClient(ctx, clientId, secret) : null;
    if (!principal) {
      await ctx.authFailures.fail(limited);
      return oauthError(c, 401, 'invalid_client', 'unknown client or wrong secret');
    }
    const { token, expiresIn } = ctx.tokens.issue(principal.clientId, principal.organizationId, principal.tokenGeneration, ctx.now());
    return c.json({ access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn }, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  });
}
