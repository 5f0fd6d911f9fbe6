import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { docsCsp, responseHeaders } from '../http/response-headers.ts';

/** Swagger UI assets served from the swagger-ui-dist package: the docs page works offline, no CDN. */
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>idlens API</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>`;

// In a file of its own (not inline) so the page works under a CSP without 'unsafe-inline'.
const init = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs', deepLinking: true });`;

export function createDocsRoutes() {
  const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return new Hono()
    .use('/docs', responseHeaders([['Content-Security-Policy', docsCsp]]))
    .use('/docs/*', responseHeaders([['Content-Security-Policy', docsCsp]]))
    .get('/docs', (c) => c.html(page))
    .get('/docs/assets/:file', async (c) => {
      const file = c.req.param('file');
      const type = assets[file];
      if (!type) return c.notFound();
      const body = file === 'docs-init.js' ? init : await readFile(path.join(distDir, file));
      return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=3600' });
    });
}
