import type { MiddlewareHandler } from 'hono';

/**
 * The headers of Hono's `secureHeaders()` defaults (without Cross-Origin-Resource-Policy: the
 * recognition API and the SDK's assets are fetched cross-origin).
 */
export const securityHeaders: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * The demo page's and the SDK assets' it serves: with COOP `same-origin` (every response has it)
 * COEP `require-corp` makes the page cross-origin isolated. Until 2026-11-29 that let the SDK's
 * onnxruntime-web use several cores; its own OCR runtime uses one either way, and the demo keeps the
 * policy so that the SDK stays tested on an isolated page as well. The page loads nothing
 * cross-origin but its CORS requests to the example proxy, which COEP allows.
 */
export const demoPageHeaders: ReadonlyArray<readonly [string, string]> = [['Cross-Origin-Embedder-Policy', 'require-corp']];

/**
 * Sets headers on every response, error answers included. They are set before the handler runs
 * (Hono merges them into the response the handler builds): setting a header on a finished
 * response makes Hono copy the whole response, which cost a fifth of a small request's time.
 * A header the handler sets itself wins.
 */
export function responseHeaders(headers: ReadonlyArray<readonly [string, string]>): MiddlewareHandler {
  return async function responseHeadersMiddleware(c, next) {
    for (const [name, value] of headers) c.header(name, value);
    await next();
  };
}
