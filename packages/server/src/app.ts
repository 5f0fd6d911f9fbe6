import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, ErrorHandler, Handler, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { InfoEntry } from '@idlens/sdk/api';
import { createAdminRoutes } from './admin/admin-routes.ts';
import { createMemoryBudgets } from './admission/memory-budgets.ts';
import { createAgentOrganizationRoutes } from './admin/agent-organization-routes.ts';
import { createOAuthRoutes } from './agent/oauth-routes.ts';
import { createAgentRoutes } from './agent/routes.ts';
import type { Config } from './config.ts';
import { createConsoleRoutes } from './console/console-routes.ts';
import { createConsoleSessionRoutes } from './console/console-session-routes.ts';
import { createDocsRoutes } from './docs-page/routes.ts';
import { createEdgeRoutes } from './edge/routes.ts';
import { ApiError } from './errors.ts';
import { createHealthRoutes, type HealthCheck } from './health/routes.ts';
import { limitBody } from './http/body-limit.ts';
import type { AppEnv } from './http/context.ts';
import { createErrorHandler } from './http/error-handler.ts';
import { createPathRedactor } from './http/loggable-path.ts';
import { createClientAddress } from './http/remote-address.ts';
import { demoPageCspHeader, demoPageHeaders, responseHeaders, securityHeaders } from './http/response-headers.ts';
import { staticFiles } from './http/static-files.ts';
import { createImageLoader } from './image/create-image-loader.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import { createMetricsRoutes } from './metrics/metrics-routes.ts';
import type { PlatformContext } from './platform/platform-context.ts';
import { admitRecognition, createAdmission } from './recognition/admission.ts';
import { recognitionGuard } from './recognition/guard.ts';
import type { RecognitionBackend } from './recognition/recognition-backend.ts';
import { createRecognitionRoutes, recognitionPaths } from './recognition/routes.ts';
import { createRunRoutes, registerRunPaths } from './run/run-routes.ts';

/** The largest admin API body (`{name}`, 100 characters at most). */
const adminMaxBodyBytes = 64 * 1024;

export interface AppDeps {
  config: Config;
  recognition: RecognitionBackend;
  logger: Logger;
  healthChecks: HealthCheck[];
  info: InfoEntry[];
  /** The transaction platform (agent + edge APIs); absent = recognition service only. */
  platform?: PlatformContext;
  /** Prometheus metrics at `/metrics`; absent = none (tests). */
  metrics?: Metrics;
}

/**
 * The pattern of the endpoint that answered (`/agent/api/v1/transaction/:transactionId`), for
 * metrics: never the path itself, which holds ids and whatever a client put there. Middleware
 * (`app.use`, method ALL) is skipped — the demo's static files match `/*` after every route;
 * what no endpoint answered (those files, unknown paths) is `(none)`.
 */
function endpointPattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return '(none)';
}

/** The whole HTTP API, built from explicit dependencies (tests call `app.request()` on it). */
export function createApp({ config, recognition, logger, healthChecks, info, platform, metrics }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // One body budget and one pixel budget per process, shared with the platform (its own when there is none).
  const budgets =
    platform?.memory ?? createMemoryBudgets({ maxBodyBytesInFlight: config.bodies.maxBytesInFlight, maxPixelsInFlight: config.recognition.maxPixelsInFlight });
  // Paths are logged without anything a client may have put there by mistake (a key, a secret).
  const loggablePath = createPathRedactor([...config.apiKeys, config.adminToken ?? '', config.metricsToken ?? '', config.platform.tokenSecret ?? '']);
  const errorHandler = createErrorHandler(logger, loggablePath);

  const clientAddress = createClientAddress(config.http.trustedProxies);
  app.use('*', async (c, next) => {
    const executionId = randomUUID();
    c.set('executionId', executionId);
    c.set('clientAddress', clientAddress(c));
    c.set('traceId', null);
    const started = performance.now();
    // Before the handler: set on a finished response, a header costs a copy of the response.
    c.header('x-execution-id', executionId);
    await next();
    // Method, path and outcome only: bodies hold images and personal data and are never logged.
    const ms = performance.now() - started;
    logger.request({ executionId, method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms });
    metrics?.observeRequest(c.req.method, endpointPattern(c), c.res.status, ms / 1000);
  });
  app.use('*', responseHeaders(securityHeaders));
  // Every path of the recognition routes table: a route added there cannot miss the guard, nor the
  // door behind it — at most workers + queue requests within the body budget, refused (503)
  // before their bodies are read, any image fetched or decoded.
  const guard = recognitionGuard({ apiKeys: config.apiKeys, apiKeyOnCard: config.apiKeyOnCard, maxBodyBytes: config.bodies.recognitionMaxBytes });
  const admission = createAdmission({ maxInFlight: config.recognition.workers + config.recognition.maxQueue, budgets });
  for (const path of recognitionPaths) app.use(path, guard, admitRecognition(admission, config.bodies.recognitionMaxBytes));
  app.route('/', createRecognitionRoutes({ recognition, images: createImageLoader(config) }));
  app.route('/', createHealthRoutes({ checks: healthChecks, info, customPath: config.healthCustomPath }));
  app.route('/', createDocsRoutes());
  if (metrics) app.route('/', createMetricsRoutes(metrics, config.metricsToken));
  if (platform) {
    // Records hold personal data and credentials pass through: no cache may keep any platform
    // answer, errors (401, 429, 413…) included — so this comes before anything that can refuse.
    for (const path of ['/agent/*', '/edge/*', '/admin/*']) app.use(path, responseHeaders([['Cache-Control', 'no-store']]));
    app.use(
      '/agent/*',
      limitBody(1024 * 1024, () => new ApiError('PAYLOAD_TOO_LARGE', 'the request body is larger than 1 MiB')),
    );
    // Admin bodies are `{name}`: a few bytes. Counted as they stream, so a huge one is not read.
    app.use(
      '/admin/*',
      limitBody(adminMaxBodyBytes, () => new ApiError('PAYLOAD_TOO_LARGE', `the request body is larger than ${adminMaxBodyBytes} bytes`)),
    );
    app.route('/', createOAuthRoutes(platform));
    app.route('/', createAgentRoutes(platform));
    // The console's extras (clients, workflow versions) and the operator's admin API (docs/console.md).
    app.route('/', createAgentOrganizationRoutes(platform));
    app.route('/', createAdminRoutes(platform, config.adminToken));
    // Before the console's files: its session and the agent API behind it (console/console-session-routes.ts).
    app.route(
      '/',
      createConsoleSessionRoutes(platform, {
        ttlSeconds: config.consoleSessionTtlSeconds,
        secureCookie: config.publicUrl.startsWith('https:'),
        dispatch: (request, env) => app.fetch(request, env),
      }),
    );
    app.route('/', createConsoleRoutes({ dir: config.consoleDir }));
    app.route('/', createEdgeRoutes(platform, { corsOrigins: config.corsOrigins, maxBodyBytes: config.bodies.stepMaxBytes }));
    // The hosted run page of verification links (docs/verification-links.md), an app of its own
    // behind one route: its paths (`/run/{token}` beside `/run/join/{key}` and `/run/assets/…`)
    // are ones Hono's RegExpRouter cannot hold, and merged here they sent every route of this app
    // to the slower TrieRouter (the agent GET lost ~15 % of its rate on SQLite).
    app.all('/run/*', isolatedRoutes(createRunRoutes(platform, { dir: config.runPageDir }), errorHandler));
    registerRunPaths(app.openAPIRegistry);
    app.openAPIRegistry.registerComponent('securitySchemes', 'agentBasic', { type: 'http', scheme: 'basic', description: 'client_id:client_secret' });
    app.openAPIRegistry.registerComponent('securitySchemes', 'agentBearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'access token from POST /agent/oauth/token',
    });
    app.openAPIRegistry.registerComponent('securitySchemes', 'edgeBasic', { type: 'http', scheme: 'basic', description: 'transactionId:ephemeralKey' });
  }
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'idlens recognition service',
      version: '5.1.0',
      description: 'Self-hosted recognition of identity documents, payment cards and barcodes (the v5 recognition-service contract).',
    },
  });

  // Last: the demo's files, and its COEP, for what no route above answers (`/openapi.json` is answered without).
  if (config.demoDir) app.use('/*', responseHeaders(demoPageHeaders), demoPageCspHeader(config.publicUrl), staticFiles(config.demoDir));

  app.notFound(() => {
    throw new ApiError('NOT_FOUND', 'not found');
  });
  app.onError(errorHandler);
  return app;
}

/**
 * A handler running `routes` as an app of their own (their own router), on this request, with this
 * app's per-request values, error answers and 404.
 */
function isolatedRoutes(routes: Hono<AppEnv>, errorHandler: ErrorHandler<AppEnv>): Handler<AppEnv> {
  routes.use('*', async (c, next) => {
    const parent = (c.env as { parent: Context<AppEnv> }).parent;
    c.set('executionId', parent.get('executionId'));
    c.set('clientAddress', parent.get('clientAddress'));
    c.set('traceId', parent.get('traceId'));
    await next();
  });
  routes.notFound(() => {
    throw new ApiError('NOT_FOUND', 'not found');
  });
  routes.onError(errorHandler);
  return (c) => routes.fetch(c.req.raw, { ...(c.env as object | undefined), parent: c });
}
