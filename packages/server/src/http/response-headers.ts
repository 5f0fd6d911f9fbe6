import type { Context, MiddlewareHandler } from 'hono';

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
 * COEP `require-corp` makes the page cross-origin isolated: onnxruntime-web, when a page chooses
 * it, then runs wasm threads (the SDK's own OCR runtime uses one thread either way), and the demo
 * keeps the SDK tested on an isolated page. The page loads nothing
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

/** The directives every page of the server shares: nothing from elsewhere, no plugins, no framing, no foreign base or form target. */
const pageCspBase = ["object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"];

/**
 * `/docs` (Swagger UI, served from this server): scripts, styles and fonts from this origin, images
 * also from `data:` URLs (Swagger UI draws its icons so), requests (the OpenAPI document, "Try it
 * out") to this origin only. Checked in Chromium: test/browser/docs-page.test.ts.
 */
export const docsCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  ...pageCspBase,
].join('; ');

/** A host name (or IPv6 literal) with an optional port: what may be written into a policy. */
const hostHeader = /^(?<host>[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The demo page's policy (DEMO_DIR): scripts from this origin plus WebAssembly (the SDK's engine),
 * its worker from this origin, styles from this origin (inline `style` attributes only: a component
 * binds a CSS variable in one), images from this origin, `blob:` (the scanners' previews) and
 * `data:`, and requests to this origin, to the edge API (`PUBLIC_URL`, which a page opened at
 * another host name reaches cross-origin) and to the example customer proxy, which listens on
 * another port of the page's host name (`demo/server/start-demo.ts`) — so `connect-src` names the
 * host the page was requested at, any port. A Host header that is not a host name adds nothing.
 */
export function demoPageCsp(host: string | undefined, scheme: string, publicOrigin: string): string {
  const name = hostHeader.exec(host ?? '')?.groups?.host;
  const pageHost = name ? ` ${scheme}//${name.toLowerCase()}:*` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    `connect-src 'self' ${publicOrigin}${pageHost}`,
    ...pageCspBase,
  ].join('; ');
}

/** The demo page's CSP, per request (it names the host the page was requested at). */
export function demoPageCspHeader(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async function demoPageCspMiddleware(c: Context, next) {
    c.header('Content-Security-Policy', demoPageCsp(c.req.header('host'), new URL(c.req.url).protocol, publicOrigin));
    await next();
  };
}
