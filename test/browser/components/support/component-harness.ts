import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { componentsBundleConfig } from '../../../../packages/web-components/vite.config.ts';
import { buildBrowserBundle, chromiumLaunchOptions, startPageServer } from '../../support/browser-harness.ts';
import { oneWaitMs } from '../../../support/patience.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Builds the components (lit bundled, the SDK imported from /sdk/idlens.js) into a temp folder. */
export async function buildComponentsBundle(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-wc-bundle-'));
  await build(componentsBundleConfig({ outDir: dir }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Routes for startPageServer: the component test page and the components bundle. */
export function componentRoutes(componentsDir: string) {
  return (app: Hono) => {
    app.get('/components.html', async (c) => c.html(await readFile(path.join(here, '../page/index.html'), 'utf8')));
    app.get('/components-page.js', async (c) => c.body(await readFile(path.join(here, '../page/page.js'), 'utf8'), 200, { 'content-type': 'text/javascript' }));
    // Beside the SDK bundle (/sdk/ falls through to here for files it does not have).
    app.use('/sdk/components/*', serveStatic({ root: componentsDir, rewriteRequestPath: (p) => p.replace(/^\/sdk\/components/, '') }));
  };
}

/**
 * Debian's Chromium with a fake camera that plays `y4m` (or Chromium's built-in test pattern).
 * Camera permission is granted only to `grantOrigins`; any other origin is denied, as a user
 * who clicked "Block" would be.
 */
export async function launchWithCamera({
  y4m,
  grantOrigins = [],
}: {
  y4m?: string;
  grantOrigins?: string[];
}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-chromium-cam-'));
  const context = await chromium.launchPersistentContext(
    userDataDir,
    chromiumLaunchOptions(['--use-fake-device-for-media-stream', ...(y4m ? [`--use-file-for-fake-video-capture=${y4m}`] : [])]),
  );
  context.setDefaultTimeout(oneWaitMs);
  for (const origin of grantOrigins) await context.grantPermissions(['camera'], { origin });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the component test page and waits for the components to register. */
export async function openComponentsPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${url}/components.html`);
  await page.waitForFunction(() => (window as unknown as { componentsReady?: boolean }).componentsReady === true);
  return page;
}

/** Runs axe-core on the page (or one element) and returns the serious and critical violations. */
export async function seriousViolations(page: Page, selector?: string): Promise<Array<{ id: string; impact: string; help: string; targets: string[] }>> {
  // Evaluated over the DevTools protocol, which the page's CSP does not restrict (no inline <script>).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(sel ? { include: [[sel]] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, selector ?? null);
}

/** The SDK and the components built, served, and open in Chromium: what a component browser test stands on. */
export interface ComponentsStack {
  page: Page;
  context: BrowserContext;
  /** The page server's origin. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds both bundles, serves them with the components page, launches Chromium with its fake camera
 * (allowed for the page when `camera`, else the user can only upload) and opens the page.
 * `permissions` are granted to the page's origin besides.
 */
export async function openComponentsStack({ camera, permissions = [] }: { camera: boolean; permissions?: string[] }): Promise<ComponentsStack> {
  const [sdk, wc] = await Promise.all([buildBrowserBundle(), buildComponentsBundle()]);
  const server = await startPageServer({ bundleDir: sdk.dir, routes: componentRoutes(wc.dir) });
  const browser = await launchWithCamera({ grantOrigins: camera ? [server.url] : [] });
  if (permissions.length) await browser.context.grantPermissions(permissions, { origin: server.url });
  const page = await openComponentsPage(browser.context, server.url);
  return {
    page,
    context: browser.context,
    url: server.url,
    close: async () => {
      await browser.close();
      await server.close();
      await sdk.remove();
      await wc.remove();
    },
  };
}
