import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { listBrowserAssets } from '@idlens/sdk/assets';
import { browserBundleConfig } from '@idlens/sdk/browser-bundle';
import { readConfig, silentLogger, startServer, type RunningServer } from '@idlens/server';
import { staticFiles } from '../../../packages/server/src/http/static-files.ts';
import { oneWaitMs } from '../../support/patience.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The strict policy the SDK must work under (issue 6). */
export const strictCsp = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

/** Builds the browser bundle (Vite) into a fresh temporary folder; ~2 s. */
export async function buildBrowserBundle(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-sdk-bundle-'));
  await build(browserBundleConfig(dir));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Copies onnxruntime-web's files into a built bundle's folder, as an app does that chooses
 * `inference: 'onnxruntime-web'` (`idlens-sdk assets copy --onnxruntime-web`): its wasm build, and
 * with `webgpu` its WebGPU build too.
 */
export async function addOnnxruntimeWeb(bundleDir: string, { webgpu = false } = {}): Promise<void> {
  for (const asset of listBrowserAssets({ ocr: false, onnxruntimeWeb: webgpu ? 'webgpu' : true }).filter((a) => a.for === 'onnxruntime-web')) {
    await mkdir(path.dirname(path.join(bundleDir, asset.path)), { recursive: true });
    await copyFile(asset.source, path.join(bundleDir, asset.path));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The host application's origin: the test page, the SDK bundle at /sdk/, in-memory fixtures at
 * /fixtures/NAME and optional extra routes (the customer proxy) — every answer with the strict CSP.
 */
export async function startPageServer({
  bundleDir,
  port = 0,
  fixtures = new Map<string, Uint8Array>(),
  routes,
  csp = strictCsp,
  headers = {},
  requests,
}: {
  bundleDir: string;
  /** Extra response headers (e.g. COOP/COEP for cross-origin isolation). */
  headers?: Record<string, string>;
  port?: number;
  fixtures?: Map<string, Uint8Array>;
  routes?: (app: Hono) => void;
  csp?: string | null;
  /** Every request's path and query is appended here, in order (what reached the server, not the browser's cache). */
  requests?: string[];
}): Promise<PageServer> {
  const app = new Hono();
  if (requests) {
    app.use('*', async (c, next) => {
      const url = new URL(c.req.url);
      requests.push(url.pathname + url.search);
      await next();
    });
  }
  app.use('*', async (c, next) => {
    await next();
    if (csp) c.res.headers.set('content-security-policy', csp);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  app.get('/', async (c) => c.html(await readFile(path.join(here, '../page/index.html'), 'utf8')));
  app.get('/page.js', async (c) => c.body(await readFile(path.join(here, '../page/page.js'), 'utf8'), 200, { 'content-type': 'text/javascript' }));
  app.get('/fixtures/:name', (c) => {
    const bytes = fixtures.get(c.req.param('name'));
    return bytes ? c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'image/png' }) : c.notFound();
  });
  // As the idlens server serves them (cache policy, ETags, precompressed files): the cold-start
  // figures depend on what the browser may keep.
  app.use(
    '/sdk/*',
    staticFiles(bundleDir, (p) => p.replace(/^\/sdk/, '')),
  );
  routes?.(app);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    // close() alone waits for the open connections to end, and Chromium may hold one open after its
    // pages closed: the browser bench waited there for good (2026-11-28). They are cut instead.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server).closeAllConnections();
      }),
  };
}

/** A real idlens server (worker threads, SQLite in a temp dir, demo workflows and client seeded). */
export async function startIdlensServer(env: Record<string, string> = {}): Promise<RunningServer & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-browser-test-'));
  const port = await freePort();
  const server = await startServer(
    readConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${path.join(dataDir, 'idlens.sqlite')}`,
      RECOGNITION_WORKERS: '1',
      ...env,
    }),
    silentLogger,
  );
  return {
    ...server,
    dataDir,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How every browser test starts Debian's Chromium: headless, without the background services whose
 * connections this machine's closed network refuses, plus `extraArgs` (a fake camera, say).
 */
export function chromiumLaunchOptions(extraArgs: string[] = []): { executablePath: string; headless: true; args: string[] } {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(`${executablePath} not found: install Debian's Chromium (apt-get install -y chromium); browsers are never downloaded`);
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  return { executablePath, headless: true, args: [...args, ...extraArgs] };
}

/**
 * Debian's Chromium through playwright-core (never a downloaded browser), headless, with a fresh
 * profile so Cache Storage starts empty. Console lines are collected for CSP checks.
 */
export async function launchChromium(): Promise<{ context: BrowserContext; console: string[]; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, chromiumLaunchOptions());
  context.setDefaultTimeout(oneWaitMs);
  // tsx (esbuild keepNames) wraps named functions in `__name(…)`; functions serialized into the
  // page by page.evaluate() need that helper there too.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const console: string[] = [];
  context.on('console', (msg) => console.push(`${msg.type()}: ${msg.text()}`));
  return {
    context,
    console,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the test page and waits for the SDK module to load. */
export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { pageReady?: boolean }).pageReady === true);
  return page;
}

/** Tears down what a browser suite started, in reverse order; tolerates a setup that failed half-way. */
export async function closeHarness(
  h:
    | {
        browser?: { close(): Promise<void> };
        pageServer?: { close(): Promise<void> };
        server?: { close(): Promise<void> };
        bundle?: { remove(): Promise<void> };
      }
    | undefined,
): Promise<void> {
  await h?.browser?.close();
  await h?.pageServer?.close();
  await h?.server?.close();
  await h?.bundle?.remove();
}
