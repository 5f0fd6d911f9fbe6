import type { MiddlewareHandler } from 'hono';

export interface CorsOptions {
  /** The value of Access-Control-Allow-Origin for a request's Origin (`''` when absent), or null for none. */
  origin: (origin: string) => string | null;
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  /** Seconds a browser may cache a preflight's answer. */
  maxAge: number;
}

/**
 * CORS with the behaviour of Hono's `cors()` for a per-request origin, minus its cost: Hono's sets
 * its headers on `c.res` before the handler ran and `Vary` after, so every answer was copied twice
 * (a finished response is immutable). Here every header is set before the handler, where Hono
 * merges it into the response the handler — or the error handler — builds.
 */
export function corsHeaders({ origin, allowMethods, allowHeaders, exposeHeaders, maxAge }: CorsOptions): MiddlewareHandler {
  const methods = allowMethods.join(',');
  const allowed = allowHeaders.join(',');
  const exposed = exposeHeaders.join(',');
  return async function corsMiddleware(c, next) {
    const allowOrigin = origin(c.req.header('origin') ?? '');
    if (allowOrigin) c.header('Access-Control-Allow-Origin', allowOrigin);
    if (exposed) c.header('Access-Control-Expose-Headers', exposed);
    // The answer depends on the Origin: caches must keep one per origin.
    c.header('Vary', 'Origin', { append: true });
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Max-Age', String(maxAge));
      if (methods) c.header('Access-Control-Allow-Methods', methods);
      const headers =
        allowed ||
        (c.req.header('access-control-request-headers') ?? '')
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean)
          .join(',');
      if (headers) {
        c.header('Access-Control-Allow-Headers', headers);
        c.header('Vary', 'Access-Control-Request-Headers', { append: true });
      }
      return c.body(null, 204);
    }
    await next();
  };
}
