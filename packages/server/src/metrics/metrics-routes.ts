import { Hono } from 'hono';
import { ApiError } from '../errors.ts';
import { matchesAnySecret } from '../http/constant-time.ts';
import type { AppEnv } from '../http/context.ts';
import { parseOperatorBearer } from '../platform/auth/basic-credentials.ts';
import type { Metrics } from './metrics.ts';

/**
 * `GET /metrics` in Prometheus's text format. With `METRICS_TOKEN` set, only for
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time); without, open — for a
 * server whose port only the network's scraper reaches (docs/deployment.md). Not in the OpenAPI
 * document: it is for the operator, not for API clients.
 */
export function createMetricsRoutes(metrics: Metrics, token: string | null) {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    if (token) {
      if (!matchesAnySecret(parseOperatorBearer(c.req.header('authorization')), [token])) {
        throw new ApiError('UNAUTHORIZED', 'the metrics token (Bearer) is required', { headers: { 'WWW-Authenticate': 'Bearer realm="idlens-metrics"' } });
      }
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
}
