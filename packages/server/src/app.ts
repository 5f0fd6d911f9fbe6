import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { InfoEntry } from '@idlens/sdk/api';
import type { Config } from './config.ts';
import { createDocsRoutes } from './docs-page/routes.ts';
import { ApiError } from './errors.ts';
import { createHealthRoutes, type HealthCheck } from './health/routes.ts';
import type { AppEnv } from './http/context.ts';
import { createErrorHandler } from './http/error-handler.ts';
import type { Logger } from './logger.ts';
import { createImageLoader } from './recognition/image/create-image-loader.ts';
import { recognitionGuard } from './recognition/guard.ts';
import type { Recognizer } from './recognition/recognizer.ts';
import { createRecognitionRoutes } from './recognition/routes.ts';
import { createAgentRoutes } from './agent/routes.ts';
import { createOAuthRoutes } from './agent/oauth-routes.ts';
import { createEdgeRoutes } from './edge/routes.ts';
import type { PlatformContext } from './platform/platform-context.ts';

export interface AppDeps {
  config: Config;
  recognizer: Recognizer;
  logger: Logger;
  healthChecks: HealthCheck[];
  info: InfoEntry[];
  /** The transaction platform (agent + edge APIs); absent = recognition service only. */
  platform?: PlatformContext;
}

const recognitionPaths = ['/barcode', '/id-barcode', '/card', '/document-multi-side', '/document-single-side'];

/** The whole HTTP API, built from explicit dependencies (tests call `app.request()` on it). */
export function createApp({ config, recognizer, logger, healthChecks, info, platform }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // Two images of up to maxBytes each, Base64-inflated by 4/3, plus room for the options.
  const maxBodyBytes = Math.ceil((config.image.maxBytes * 2 * 4) / 3) + 64 * 1024;

  app.use('*', async (c, next) => {
    const executionId = randomUUID();
    c.set('executionId', executionId);
    c.set('traceId', null);
    const started = performance.now();
    await next();
    c.header('x-execution-id', executionId);
    // Method, path and outcome only: bodies hold images and personal data and are never logged.
    logger.info('request', { executionId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });
  app.use('*', secureHeaders({ crossOriginResourcePolicy: false }));
  for (const path of recognitionPaths) {
    app.use(path, recognitionGuard({ apiKeys: config.apiKeys, apiKeyOnCard: config.apiKeyOnCard, maxBodyBytes }));
  }

  app.route('/', createRecognitionRoutes({ recognizer, loadImage: createImageLoader(config) }));
  app.route('/', createHealthRoutes({ checks: healthChecks, info, customPath: config.healthCustomPath }));
  app.route('/', createDocsRoutes());
  if (platform) {
    app.use('/agent/*', bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw new ApiError('INVALID_REQUEST', 'the request body is larger than 1 MiB'); } }));
    app.route('/', createOAuthRoutes(platform));
    app.route('/', createAgentRoutes(platform));
    // Three images of up to maxBytes, Base64-inflated, plus the browser's extraction.
    app.route('/', createEdgeRoutes(platform, { corsOrigins: config.corsOrigins, maxBodyBytes: Math.ceil((config.image.maxBytes * 3 * 4) / 3) + 256 * 1024 }));
    app.openAPIRegistry.registerComponent('securitySchemes', 'agentBasic', { type: 'http', scheme: 'basic', description: 'client_id:client_secret' });
    app.openAPIRegistry.registerComponent('securitySchemes', 'agentBearer', { type: 'http', scheme: 'bearer', description: 'access token from POST /agent/oauth/token' });
    app.openAPIRegistry.registerComponent('securitySchemes', 'edgeBasic', { type: 'http', scheme: 'basic', description: 'transactionId:ephemeralKey' });
  }
  if (config.demoDir) app.use('/*', serveStatic({ root: config.demoDir }));
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'idlens recognition service',
      version: '5.1.0',
      description: 'Self-hosted recognition of identity documents, payment cards and barcodes (the v5 recognition-service contract).',
    },
  });

  app.notFound(() => {
    throw new ApiError('NOT_FOUND', 'not found');
  });
  app.onError(createErrorHandler(logger));
  return app;
}
