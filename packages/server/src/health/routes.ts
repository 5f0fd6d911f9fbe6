import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { healthSelectors, type HealthResult, type HealthSelector, type InfoEntry } from '@idlens/sdk/api';
import { ApiError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';

/** One health check; `check` must be cheap and never throw (a throw counts as not operational). */
export interface HealthCheck {
  name: HealthSelector;
  check(): Promise<{ operational: boolean; description?: string; details?: unknown }>;
}

const healthResultSchema = z
  .object({
    name: z.string(),
    status: z.object({
      name: z.string(),
      description: z.string().nullable(),
      operational: z.boolean().nullable(),
      severity: z.number().int().nullable(),
    }),
    details: z.unknown().nullable(),
  })
  .openapi('HealthResult');
const healthResults = { 'application/json': { schema: z.array(healthResultSchema) } };
const healthResponse = {
  200: { description: 'Every check asked for is UP', content: healthResults },
  503: { description: 'A check asked for is DOWN (load balancers look at the status code)', content: healthResults },
};
/** 200 when every result is UP, else 503: a load balancer checks the code, not the body. */
const healthStatus = (results: HealthResult[]) => (results.every((r) => r.status.operational) ? 200 : 503);
const infoEntrySchema = z.object({ name: z.string(), version: z.string(), details: z.record(z.string(), z.unknown()).nullable() }).openapi('InfoEntry');

async function runCheck(check: HealthCheck): Promise<HealthResult> {
  let outcome: Awaited<ReturnType<HealthCheck['check']>>;
  try {
    outcome = await check.check();
  } catch (error) {
    outcome = { operational: false, description: (error as Error).message };
  }
  return {
    name: check.name,
    status: {
      name: outcome.operational ? 'UP' : 'DOWN',
      description: outcome.description ?? null,
      operational: outcome.operational,
      // 0 = fine, 2 = not operational (the spec leaves the scale open; documented in docs/api.md).
      severity: outcome.operational ? 0 : 2,
    },
    details: outcome.details ?? null,
  };
}

/** `GET /health`, `/health/{selector}`, `/info` and the operator's custom health path. */
export function createHealthRoutes({ checks, info, customPath }: { checks: HealthCheck[]; info: InfoEntry[]; customPath: string | null }) {
  const all = () => Promise.all(checks.map(runCheck));
  const app = new OpenAPIHono<AppEnv>()
    .openapi(createRoute({ method: 'get', path: '/health', tags: ['Health'], summary: 'All health checks', responses: healthResponse }), async (c) => {
      const results = await all();
      return c.json(results, healthStatus(results));
    })
    .openapi(
      createRoute({
        method: 'get',
        path: '/health/{selector}',
        tags: ['Health'],
        summary: 'One health check',
        request: {
          params: z.object({
            selector: z.string().openapi({ param: { name: 'selector', in: 'path' }, description: `one of ${healthSelectors.join(', ')} (case-insensitive)` }),
          }),
        },
        responses: healthResponse,
      }),
      async (c) => {
        const selector = c.req.valid('param').selector.toLowerCase();
        const check = checks.find((ch) => ch.name === selector);
        if (!check) throw new ApiError('NOT_FOUND', `unknown health selector; use one of ${healthSelectors.join(', ')}`);
        const results = [await runCheck(check)];
        return c.json(results, healthStatus(results));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/info',
        tags: ['Health'],
        summary: 'Versions of the server, engine, models and zxing',
        responses: { 200: { description: 'Components', content: { 'application/json': { schema: z.array(infoEntrySchema) } } } },
      }),
      (c) => c.json(info, 200),
    );
  if (customPath)
    app.get(`/${customPath}`, async (c) => {
      const results = await all();
      return c.json(results, healthStatus(results));
    });
  return app;
}
