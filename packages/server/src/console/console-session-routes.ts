import { z } from '@hono/zod-openapi';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../errors.ts';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv } from '../http/context.ts';
import { remoteAddress } from '../http/remote-address.ts';
import { responseHeaders } from '../http/response-headers.ts';
import { validationError } from '../http/validation-hook.ts';
import { authenticateClient } from '../platform/auth/authenticate.ts';
import type { AuthAttempt } from '../platform/auth/failure-limiter.ts';
import { isoAt, type PlatformContext } from '../platform/platform-context.ts';
import { type ConsoleSession, createConsoleSession, csrfTokenMatches, deleteConsoleSession, findConsoleSession } from './console-sessions.ts';

/** The console's own API: its session, and the agent API behind it (`/console/api/v1/…` = `/agent/api/v1/…`). */
export const consoleApiBase = '/console/api';
export const consoleSessionCookie = 'idlens_console_session';
export const csrfHeader = 'x-csrf-token';

export interface ConsoleSessionOptions {
  ttlSeconds: number;
  /** Mark the cookie `Secure` (the public URL is https). */
  secureCookie: boolean;
  /** Answers an agent API request (the app itself): the console's requests are passed on to it. */
  dispatch: (request: Request, env: unknown) => Response | Promise<Response>;
}

const signInSchema = z.object({ clientId: z.string().min(1).max(200), clientSecret: z.string().min(1).max(500) }).strict();

/** The request headers an agent API call of the console may carry on; everything else (cookies included) stays here. */
const forwardedHeaders = ['content-type', 'accept', 'idempotency-key'];

type ConsoleEnv = AppEnv & { Variables: { session: ConsoleSession; sessionId: string } };

const unauthorized = () => new ApiError('UNAUTHORIZED', 'not signed in to the console, or the session ended; sign in again');

/**
 * A browser's request from another site, told apart by Fetch Metadata (every current browser sends
 * it). The SameSite=Strict cookie already stays home; this also refuses a sign-in posted from
 * elsewhere (login CSRF). Clients without the header (old browsers, tools) rely on the cookie rules
 * and the CSRF token.
 */
const sameOrigin: MiddlewareHandler = async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') throw new ApiError('FORBIDDEN', 'the console API answers requests of the console itself only');
  await next();
};

/**
 * `/console/api/session` (sign-in, the current session, sign-out) and `/console/api/v1/*`, the
 * agent API for a signed-in console. The browser holds an HttpOnly, SameSite=Strict cookie scoped
 * to `/console/api`, so neither the client secret nor any token is ever reachable from the page's
 * scripts; every request but sign-in and reading the session must also carry the session's CSRF
 * token in `X-CSRF-Token`. A request passed on to the agent API carries a bearer token minted for
 * it alone, so the agent API's authorization (its organization, its client) applies unchanged.
 */
export function createConsoleSessionRoutes(ctx: PlatformContext, options: ConsoleSessionOptions) {
  const app = new Hono<ConsoleEnv>();
  app.use(`${consoleApiBase}/*`, responseHeaders([['Cache-Control', 'no-store']]));
  app.use(`${consoleApiBase}/*`, sameOrigin);
  app.use(
    `${consoleApiBase}/*`,
    limitBody(1024 * 1024, () => new ApiError('PAYLOAD_TOO_LARGE', 'the request body is larger than 1 MiB')),
  );

  const cookieOptions = { path: consoleApiBase, httpOnly: true, sameSite: 'Strict', secure: options.secureCookie } as const;

  /** The session of the request's cookie (a presented but dead cookie counts as a failed authentication). */
  const requireSession = (csrf: boolean): MiddlewareHandler<ConsoleEnv> =>
    async function consoleSessionMiddleware(c, next) {
      const sessionId = getCookie(c, consoleSessionCookie);
      if (!sessionId) throw unauthorized();
      // A session id names no client before it is found: the failure counts against the address only.
      const limited: AuthAttempt = { id: null, address: remoteAddress(c) };
      await ctx.authFailures.check(limited);
      const session = await findConsoleSession(ctx.db, sessionId, isoAt(ctx.now()));
      if (!session) {
        await ctx.authFailures.fail(limited);
        deleteCookie(c, consoleSessionCookie, cookieOptions);
        throw unauthorized();
      }
      if (csrf && !csrfTokenMatches(sessionId, c.req.header(csrfHeader))) throw new ApiError('FORBIDDEN', `missing or wrong ${csrfHeader} header`);
      c.set('session', session);
      c.set('sessionId', sessionId);
      await next();
    };

  const sessionView = (s: ConsoleSession) => ({ clientId: s.clientId, organizationId: s.organizationId, expiresOn: s.expiresOn, csrfToken: s.csrfToken });

  app.post(`${consoleApiBase}/session`, async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    const body = await c.req.json().catch(() => {
      throw new ApiError('INVALID_JSON', 'the request body is not valid JSON');
    });
    const parsed = signInSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const { clientId, clientSecret } = parsed.data;
    // The same counters as the agent API's Basic and OAuth sign-ins of this client.
    const limited: AuthAttempt = { id: `client:${clientId}`, address: remoteAddress(c) };
    await ctx.authFailures.check(limited);
    const principal = await authenticateClient(ctx, clientId, clientSecret);
    if (!principal) {
      await ctx.authFailures.fail(limited);
      throw new ApiError('UNAUTHORIZED', 'unknown client or wrong secret');
    }
    const now = ctx.now();
    const { sessionId, session } = await createConsoleSession(ctx.db, principal, isoAt(now), isoAt(now + options.ttlSeconds * 1000));
    setCookie(c, consoleSessionCookie, sessionId, { ...cookieOptions, maxAge: options.ttlSeconds });
    return c.json(sessionView(session), 200);
  });

  app.get(`${consoleApiBase}/session`, requireSession(false), (c) => c.json(sessionView(c.get('session')), 200));

  app.delete(`${consoleApiBase}/session`, requireSession(true), async (c) => {
    await deleteConsoleSession(ctx.db, c.get('sessionId'));
    deleteCookie(c, consoleSessionCookie, cookieOptions);
    return c.body(null, 204);
  });

  app.all(`${consoleApiBase}/v1/*`, requireSession(true), async (c) => forwardToAgentApi(c, ctx, options));
  return app;
}

/** The console's request as an agent API request of the session's client, answered by the app. */
async function forwardToAgentApi(c: Context<ConsoleEnv>, ctx: PlatformContext, options: ConsoleSessionOptions): Promise<Response> {
  const { clientId, organizationId, tokenGeneration } = c.get('session');
  const url = new URL(c.req.url);
  url.pathname = `/agent/api/v1${url.pathname.slice(`${consoleApiBase}/v1`.length)}`;
  const headers = new Headers({ authorization: `Bearer ${ctx.tokens.issue(clientId, organizationId, tokenGeneration, ctx.now()).token}` });
  for (const name of forwardedHeaders) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const method = c.req.method;
  const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  // The connection's address goes along, so failure limits count the browser's address.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  const answer = await options.dispatch(new Request(url, { method, headers, body }), incoming ? { incoming } : undefined);
  const out = new Headers();
  for (const name of ['content-type', 'content-length', 'idempotent-replayed']) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  out.set('cache-control', 'no-store');
  return new Response(answer.body, { status: answer.status, headers: out });
}
