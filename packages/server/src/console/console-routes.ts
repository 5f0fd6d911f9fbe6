import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { ApiError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { responseHeaders } from '../http/response-headers.ts';
import { staticFiles } from '../http/static-files.ts';

/** Where `pnpm start` builds the console (packages/console/dist), from src/console or dist/console alike. */
export const defaultConsoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../console/dist');

/**
 * The console's Content-Security-Policy: scripts, styles and fonts only from this origin, no
 * inline script or style, images from this origin or the `blob:` URLs of images it fetched
 * through the blob API, requests only to this origin, no frames, no plugins, no forms posting
 * elsewhere.
 */
export const consoleCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * `/console`: the operator console's built files (packages/console, a Vite build) with a strict
 * CSP. The console talks to the agent API only, with the token it obtained at sign-in.
 */
export function createConsoleRoutes({ dir = defaultConsoleDir }: { dir?: string | null } = {}) {
  const root = dir ?? defaultConsoleDir;
  const app = new Hono<AppEnv>();
  app.use(
    '/console/*',
    responseHeaders([
      ['Content-Security-Policy', consoleCsp],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ]),
  );
  app.get('/console', (c) => c.redirect('/console/', 308));
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/console/*', () => {
      throw new ApiError('NOT_FOUND', 'the console is not built (pnpm start builds it; or set CONSOLE_DIR)');
    });
    return app;
  }
  app.use(
    '/console/*',
    staticFiles(root, (p) => p.replace(/^\/console/, '') || '/'),
  );
  return app;
}
