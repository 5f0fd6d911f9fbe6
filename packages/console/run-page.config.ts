import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { browserBundleConfig } from '@idlens/sdk/browser-bundle';
import { componentsBundleConfig } from '../web-components/vite.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the server looks for the run page by default (packages/server/src/run/run-routes.ts). */
export const defaultRunPageDir = path.join(here, 'dist-run');

/**
 * The hosted run page's files, served by the server at `/run/assets/`: `run-page.js` (the page's
 * script with the web components and lit), `run-page.css`, `favicon.svg`, and the SDK's browser bundle with its
 * worker, wasm and models in `sdk/` — everything the page needs from its own origin, nothing from
 * a CDN. The HTML itself is the server's (it holds the organization's name and the page's words).
 */
export async function buildRunPage(outDir = defaultRunPageDir): Promise<void> {
  // First: this build empties the folder.
  await build(componentsBundleConfig({ outDir, input: { 'run-page': path.join(here, 'src/run/run-page.ts') }, sdkUrl: '/run/assets/sdk/idlens.js' }));
  await build(browserBundleConfig(path.join(outDir, 'sdk')));
  await copyFile(path.join(here, 'src/run/run-page.css'), path.join(outDir, 'run-page.css'));
  await copyFile(path.join(here, 'public/favicon.svg'), path.join(outDir, 'favicon.svg'));
}

// `tsx packages/console/run-page.config.ts [outDir]`: what `pnpm start` runs.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildRunPage(process.argv[2] ?? defaultRunPageDir);
