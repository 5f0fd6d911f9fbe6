import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { findLatestWorkflowVersion } from '../db/repositories/workflow-repository.ts';
import { ApiError } from '../errors.ts';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv } from '../http/context.ts';
import { responseHeaders } from '../http/response-headers.ts';
import { staticFiles } from '../http/static-files.ts';
import { validationError } from '../http/validation-hook.ts';
import { runBranding, findLogo } from '../links/branding.ts';
import { runStartSchema } from '../links/link-schemas.ts';
import { createTransactionResponseSchema, platformErrorResponses } from '../platform/platform-schemas.ts';
import { openVerificationLink, startLinkTransaction } from '../links/verification-links.ts';
import { joinTransaction, openJoin } from '../platform/handoff/handoff.ts';
import type { PlatformContext } from '../platform/platform-context.ts';
import { startStep } from '../workflow/definition.ts';
import { joinPageHtml, joinUnavailablePageHtml, runPageHtml, unavailablePageHtml } from './run-page-html.ts';
import { runPageLanguage, runPageTexts } from './run-page-text.ts';

/** Where `pnpm start` builds the run page's script, styles and SDK (packages/console/dist-run), from src/run or dist/run alike. */
export const defaultRunPageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../console/dist-run');

/**
 * The run page's Content-Security-Policy: everything from this origin, the SDK's wasm compiled
 * (`'wasm-unsafe-eval'`) and its worker started from here, no inline script or style, no frames,
 * no forms posting elsewhere. The redirect at the end is a navigation, which no directive limits.
 */
export const runPageCsp = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const runHeaders: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', runPageCsp],
  ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=()'],
  ['Referrer-Policy', 'no-referrer'],
  // Cross-origin isolated (everything comes from here): the SDK may use wasm threads.
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Embedder-Policy', 'require-corp'],
];

/**
 * Text on the accent colour: black or white, whichever contrasts more (WCAG relative luminance),
 * so an organization's light brand colour still gives readable buttons.
 */
export function onAccent(hex: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

/** The largest start request: consent choices and a few form values. */
const maxStartBytes = 64 * 1024;

/**
 * `/run/{token}`: the hosted run page of a verification link (links/verification-links.ts) and
 * what it calls — its theme and logo, the Start form's open fields, and the start of a transaction
 * (the proxy `<idlens-transaction>` expects; the edge API does the rest). `/run/assets/…`: the
 * page's built script, styles and the SDK (`RUN_PAGE_DIR`).
 */
export function createRunRoutes(ctx: PlatformContext, { dir }: { dir?: string | null } = {}) {
  const root = dir ?? defaultRunPageDir;
  const app = new Hono<AppEnv>();
  app.use('/run/*', responseHeaders(runHeaders));

  if (existsSync(path.join(root, 'run-page.js')))
    app.use(
      '/run/assets/*',
      staticFiles(root, (p) => p.replace(/^\/run\/assets/, '')),
    );
  app.get('/run/assets/*', () => {
    throw new ApiError('NOT_FOUND', 'not found (the run page is built by pnpm start; or set RUN_PAGE_DIR)');
  });

  /**
   * The link of the path when it can start a transaction — or, with `retry`, when it was used: a
   * start retried with its Idempotency-Key (its answer was lost) replays the transaction it made,
   * which the claim in the create refuses to anything else.
   */
  const usable = async (c: Context<AppEnv>, { retry = false } = {}) => {
    const opened = await openVerificationLink(ctx, c.req.param('token') ?? '');
    return opened.state === 'active' || (retry && opened.state === 'used') ? opened.link : null;
  };

  /** The page's language and words (`?lang=`, else Accept-Language). */
  const wordsOf = (c: Context<AppEnv>) => {
    const lang = runPageLanguage(c.req.query('lang'), c.req.header('accept-language'));
    return { lang, text: runPageTexts[lang]! };
  };

  // A hand-off's join URL (platform/handoff/): before the link routes, whose `:token` would take `join`.
  app.get('/run/join/:joinKey', async (c) => {
    c.header('Cache-Control', 'no-store');
    const joinKey = c.req.param('joinKey');
    const opened = await openJoin(ctx, joinKey);
    const branding = opened.transaction ? await runBranding(ctx.db, opened.transaction.organizationId) : null;
    const frame = { ...wordsOf(c), branding, linkPath: opened.transaction ? `/run/join/${joinKey}` : null };
    if (opened.status !== 'waiting') {
      const reason = opened.status === 'joined' ? 'used' : opened.status === 'cancelled' || opened.status === 'expired' ? opened.status : 'unknown';
      return c.html(joinUnavailablePageHtml(frame, reason), reason === 'unknown' ? 404 : 410);
    }
    return c.html(joinPageHtml({ ...frame, joinPath: `/run/join/${joinKey}` }));
  });

  // Joining is a POST (the page's button): a link preview or prefetch that GETs the URL does not use it up.
  app.post('/run/join/:joinKey', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await joinTransaction(ctx, c.req.param('joinKey')), 201);
  });

  app.get('/run/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.param('token');
    const opened = await openVerificationLink(ctx, token);
    const branding = opened.link ? await runBranding(ctx.db, opened.link.organizationId) : null;
    const frame = { ...wordsOf(c), branding, linkPath: opened.link ? `/run/${token}` : null };
    if (opened.state !== 'active') return c.html(unavailablePageHtml(frame, opened.state), opened.state === 'unknown' ? 404 : 410);
    return c.html(runPageHtml({ ...frame, workflowId: opened.link.workflowId, redirectUrl: opened.link.redirectUrl }));
  });

  /** Whose theme and logo a page path names: a link's organization, or that of a join URL's transaction. */
  const organizationOf = async (c: Context<AppEnv>): Promise<string | null> => {
    const joinKey = c.req.param('joinKey');
    if (joinKey !== undefined) return (await openJoin(ctx, joinKey)).transaction?.organizationId ?? null;
    return (await openVerificationLink(ctx, c.req.param('token') ?? '')).link?.organizationId ?? null;
  };

  // The theme and logo are served while the link (or join URL) exists at all: the "cannot be used" page shows them too.
  const theme = async (c: Context<AppEnv>) => {
    const organizationId = await organizationOf(c);
    const branding = organizationId ? await runBranding(ctx.db, organizationId) : null;
    // The colour was checked as #rrggbb when it was set: nothing else can reach this rule.
    const css = branding?.accentColor
      ? `:root {\n  --idlens-accent: ${branding.accentColor};\n  --idlens-on-accent: ${onAccent(branding.accentColor)};\n}\n`
      : '';
    return c.body(css, organizationId ? 200 : 404, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
  };
  const logo = async (c: Context<AppEnv>) => {
    const organizationId = await organizationOf(c);
    const found = organizationId ? await findLogo(ctx.db, organizationId) : null;
    if (!found) throw new ApiError('NOT_FOUND', 'no logo');
    return c.body(new Uint8Array(found.bytes), 200, { 'content-type': found.contentType, 'cache-control': 'no-cache' });
  };
  app.get('/run/join/:joinKey/theme.css', theme);
  app.get('/run/join/:joinKey/logo', logo);
  app.get('/run/:token/theme.css', theme);
  app.get('/run/:token/logo', logo);

  // The Start form's fields the link left open (what `<idlens-transaction>` asks its proxy for).
  app.get('/run/:token/workflow/:workflowId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const found = await usable(c);
    if (!found) throw new ApiError('VERIFICATION_LINK_UNAVAILABLE', 'this verification link cannot be used');
    const version = await findLatestWorkflowVersion(ctx.db, found.organizationId, found.workflowId);
    if (!version) throw new ApiError('WORKFLOW_NOT_FOUND', 'the workflow of this link no longer exists');
    const fixed = JSON.parse(found.formValues) as Record<string, unknown>;
    return c.json({ formFields: startStep(version.definition).settings.formFields.filter((f) => !Object.hasOwn(fixed, f.name)) });
  });

  app.post(
    '/run/:token/transaction',
    limitBody(maxStartBytes, () => new ApiError('PAYLOAD_TOO_LARGE', `the request body is larger than ${maxStartBytes} bytes`)),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const key = c.req.header('idempotency-key') ?? null;
      if (key !== null && (key.length < 1 || key.length > 255)) throw new ApiError('INVALID_REQUEST', 'Idempotency-Key: 1 to 255 characters');
      const found = await usable(c, { retry: key !== null });
      if (!found) throw new ApiError('VERIFICATION_LINK_UNAVAILABLE', 'this verification link has expired, was withdrawn or was already used');
      const body = await c.req.json().catch(() => {
        throw new ApiError('INVALID_JSON', 'the request body is not JSON');
      });
      const parsed = runStartSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      const { response, replayed } = await startLinkTransaction(ctx, found, parsed.data, key);
      return c.json(response, replayed ? 200 : 201);
    },
  );
  return app;
}

/**
 * The run page's two endpoints in the OpenAPI document (they are served by plain routes above: the
 * page is HTML, and the start reads its body under its own, smaller limit).
 */
export function registerRunPaths(registry: OpenAPIHono['openAPIRegistry']): void {
  const token = z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'the token of the verification link URL' });
  const tags = ['Verification links'];
  registry.registerPath({
    method: 'get',
    path: '/run/{token}',
    tags,
    summary: 'The hosted run page of a verification link (HTML in the browser’s language; `?lang=` overrides)',
    request: { params: z.object({ token }), query: z.object({ lang: z.string().optional() }) },
    responses: {
      200: { description: 'The run page', content: { 'text/html': { schema: z.string() } } },
      404: { description: 'No such link: a page saying so', content: { 'text/html': { schema: z.string() } } },
      410: { description: 'Expired, revoked or used: a page saying so', content: { 'text/html': { schema: z.string() } } },
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/run/{token}/transaction',
    tags,
    summary: 'Start a transaction as the link says (what <idlens-transaction> posts to its proxy); workflow and consent.userId are the link’s',
    request: {
      params: z.object({ token }),
      headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
      body: { required: true, content: { 'application/json': { schema: runStartSchema } } },
    },
    responses: {
      201: { description: 'Created', content: { 'application/json': { schema: createTransactionResponseSchema } } },
      ...platformErrorResponses,
    },
  });
  const joinKey = z.string().openapi({ param: { name: 'joinKey', in: 'path' }, description: 'the key of a hand-off’s join URL' });
  registry.registerPath({
    method: 'get',
    path: '/run/join/{joinKey}',
    tags,
    summary: 'The page a hand-off’s join URL opens on the other device (HTML); joining is its button’s POST',
    request: { params: z.object({ joinKey }) },
    responses: {
      200: { description: 'The join page', content: { 'text/html': { schema: z.string() } } },
      404: { description: 'No such code: a page saying so', content: { 'text/html': { schema: z.string() } } },
      410: { description: 'Expired, used or cancelled: a page saying so', content: { 'text/html': { schema: z.string() } } },
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/run/join/{joinKey}',
    tags,
    summary: 'Join the handed-off transaction (once): its id, a key of this device’s own and the edge URL',
    request: { params: z.object({ joinKey }) },
    responses: {
      201: {
        description: 'Joined',
        content: {
          'application/json': {
            schema: z
              .object({ transactionId: z.string(), ephemeralKey: z.string(), authorization: z.string(), edgeApiUrl: z.string() })
              .openapi('JoinedTransaction'),
          },
        },
      },
      ...platformErrorResponses,
    },
  });
}
