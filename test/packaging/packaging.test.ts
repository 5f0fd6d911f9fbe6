/**
 * The packages as users get them (issue 12): `pnpm pack` every package, install the tarballs with
 * npm into a fresh Vite + TypeScript app (strict, `erasableSyntaxOnly`, `skipLibCheck: false`),
 * type-check and build it, and read a barcode and a passport in the worker in Chromium, with a
 * component on the page; the same from a plain page with an import map and no bundler; and the
 * server run from its compiled JavaScript (no tsx) out of its tarball.
 *
 * npm installs from the registry (cached in npm's default cache after the first run). ~2 min on 2 cores.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium } from '../browser/support/browser-harness.ts';
import { passportPng } from '../browser/support/passport.ts';
import { barcodePng } from '../support/fixtures.ts';
import { postgresAvailability } from '../support/postgres.ts';
import { describeReplicas } from '../support/replica-suite.ts';
import { repoRoot } from '../support/paths.ts';

const run = promisify(execFile);
// The pnpm that runs the tests (`pnpm test` may have been started through npx: pnpm need not be on PATH).
const execPath = process.env.npm_execpath;
const pnpm = execPath && /pnpm/.test(path.basename(execPath)) ? [process.execPath, execPath] : ['pnpm'];

/** The published packages: workspace folder → package name. */
const packages = {
  models: '@idlens/models',
  'packages/sdk': '@idlens/sdk',
  'packages/web-components': '@idlens/web-components',
  'packages/server': '@idlens/server',
} as const;

/** What an app serves, by the SDK's asset list (paths under its assets folder). */
const barcodeFiles = ['idlens-worker.js', 'zxing_reader.wasm'];
const ocrFiles = [
  'idlens-worker-ocr.js',
  'idlens-worker-field-assigner-model.js',
  'models/text-det-int8.onnx',
  'models/mrz-rec-int8.onnx',
  'models/latin-rec-int8.onnx',
];
/** Fetched with the first card or document read that does not check out with the distilled text detector. */
const fallbackFiles = ['models/ch_PP-OCRv4_det_int8.onnx'];
/** Fetched on the first request that asks for a portrait (`returnFaceImage`). */
const portraitFiles = ['models/blazeface-back.onnx'];

const strictCsp = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

let work: string;
const postgres = await postgresAvailability();
const tarballs = new Map<string, string>();

async function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    // Without pnpm's NODE_PATH (its bin shims export the workspace's hidden hoisted folder), which
    // would let the app resolve packages it never installed.
    const { stdout } = await run(command, args, { cwd, env: { ...process.env, NODE_PATH: '', ...env }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

/** Every string in an exports/bin map. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets);
  return [];
}

async function startStatic(routes: (app: Hono) => void, csp: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('content-security-policy', csp);
  });
  routes(app);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The page's findings: the barcode text, the passport's document number, the component's text, the asset progress totals. */
interface PageResult {
  barcode: string | null;
  documentNumber: string | null;
  mrzType: string | null;
  component: string;
  totals: Record<string, number>;
  missing: string | null;
}

/** The app's code: the same for the bundled app (TypeScript) and the plain page (its JavaScript). */
const appCode = (ts: boolean) => `
import { createRecognizer, IdlensError } from '@idlens/sdk/client';
import { IdlensBarcodeScanner } from '@idlens/web-components';
${
  // The engine's and the root entry's declarations too, type-checked under Vite's \`types: ['vite/client']\`
  // (they named zxing-wasm's types, whose Emscripten globals such an app does not load).
  ts ? "import type { Engine } from '@idlens/sdk/engine';\nimport type * as sdk from '@idlens/sdk';\nexport type Checked = [Engine, typeof sdk];\n" : ''
}
const out${ts ? ': { totals: Record<string, number>; [key: string]: unknown }' : ''} = { totals: {} };
const recognizer = createRecognizer({ cacheModels: false });
recognizer.addEventListener('progress', (event) => {
  out.totals[event.asset] = event.total;
});
const image = (name${ts ? ': string' : ''}) => fetch('/fixtures/' + name).then((res) => res.blob());
try {
  const barcode = await recognizer.barcode(await image('qr.png'), { scanQrCode: true });
  out.barcode = barcode.stringData;
  const passport = await recognizer.document({ first: await image('passport.png') });
  out.documentNumber = passport.mrzData?.documentNumber ?? null;
  out.mrzType = passport.mrzData?.mrzType ?? null;
  const scanner = new IdlensBarcodeScanner();
  scanner.recognizer = recognizer;
  document.body.append(scanner);
  await scanner.updateComplete;
  out.component = scanner.shadowRoot?.textContent?.replace(/\\s+/g, ' ').trim() ?? '';
  // The worker, but its wasm and models looked for where there are none: a distinct error naming the URL.
  const other = createRecognizer({ workerUrl: '/idlens/idlens-worker.js', assetsBaseUrl: '/no-such-folder/', cacheModels: false });
  out.missing = await other.ready.then(
    () => 'ready',
    (e) => (e instanceof IdlensError ? e.code + ' ' + e.message : 'not an IdlensError: ' + String(e)),
  );
  other.terminate();
} catch (error) {
  out.error = String(error);
}
${ts ? '(window as unknown as { result: unknown }).result' : 'window.result'} = out;
`;

describe('packaging', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'idlens-packaging-'));
    await sh(pnpm[0]!, [...pnpm.slice(1), 'run', 'build'], repoRoot);
    const out = path.join(work, 'tarballs');
    await mkdir(out);
    for (const dir of Object.keys(packages)) {
      const stdout = await sh(pnpm[0]!, [...pnpm.slice(1), 'pack', '--pack-destination', out], path.join(repoRoot, dir));
      const tgz = stdout.trim().split('\n').pop()!.trim();
      tarballs.set(dir, path.isAbsolute(tgz) ? tgz : path.join(out, path.basename(tgz)));
      const unpacked = path.join(work, 'unpacked', dir);
      await mkdir(unpacked, { recursive: true });
      await sh('tar', ['xzf', tarballs.get(dir)!, '-C', unpacked, '--strip-components=1'], work);
    }
  });

  afterAll(async () => {
    if (work && !process.env.KEEP_PACKAGING_DIR) await rm(work, { recursive: true, force: true });
  });

  it.each(Object.entries(packages))('%s packs as %s: compiled JavaScript, types, no tests, no workspace: ranges', async (dir, name) => {
    const root = path.join(work, 'unpacked', dir);
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const list = await files(root);
    expect(manifest.name).toBe(name);
    expect(manifest.private).toBeUndefined();
    expect(JSON.stringify({ ...manifest.dependencies, ...manifest.peerDependencies })).not.toMatch(/workspace:|link:|file:/);
    expect(list.filter((f) => /\.test\.|(^|\/)test\//.test(f))).toEqual([]);
    expect(list.filter((f) => /\.(ts|mts|tsx)$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(list.some((f) => f.endsWith('.js.map'))).toBe(true);
    expect(manifest.dependencies?.tsx).toBeUndefined();
    // Every export and bin target is in the tarball; every `types` condition comes first and resolves.
    for (const target of [...targets(manifest.exports), ...targets(manifest.bin)]) {
      const pattern = target.replace(/^\.\//, '');
      if (pattern.includes('*')) expect(list.some((f) => f.startsWith(pattern.split('*')[0]!))).toBe(true);
      else expect(list, `${name}: ${target}`).toContain(pattern);
    }
    for (const [subpath, value] of Object.entries(manifest.exports as Record<string, unknown>)) {
      if (typeof value === 'object' && value) expect(Object.keys(value)[0], `${name} ${subpath}`).toBe('types');
    }
  });

  describe('in a fresh Vite + TypeScript app installed with npm', () => {
    let app: string;
    let qr: Buffer;
    let passport: Buffer;
    const closers: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      app = path.join(work, 'app');
      await mkdir(path.join(app, 'src'), { recursive: true });
      const dependencies = Object.fromEntries(
        Object.entries(packages)
          .filter(([dir]) => dir !== 'packages/server')
          .map(([dir, name]) => [name, `file:${tarballs.get(dir)}`]),
      );
      const vite = JSON.parse(await readFile(path.join(repoRoot, 'node_modules/vite/package.json'), 'utf8')).version;
      const typescript = JSON.parse(await readFile(path.join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')).version;
      await writeFile(
        path.join(app, 'package.json'),
        JSON.stringify(
          {
            name: 'idlens-packaging-app',
            private: true,
            type: 'module',
            dependencies,
            devDependencies: { vite, typescript, '@types/node': '^20.19.0' },
          },
          null,
          2,
        ),
      );
      const compilerOptions = {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        erasableSyntaxOnly: true,
        verbatimModuleSyntax: true,
        noUncheckedIndexedAccess: true,
        isolatedModules: true,
      };
      await writeFile(
        path.join(app, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { ...compilerOptions, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['vite/client'] }, include: ['src'] }, null, 2),
      );
      await writeFile(
        path.join(app, 'tsconfig.node.json'),
        JSON.stringify({ compilerOptions: { ...compilerOptions, lib: ['ES2023'], types: ['node'] }, include: ['vite.config.ts'] }, null, 2),
      );
      await writeFile(
        path.join(app, 'vite.config.ts'),
        "import { defineConfig } from 'vite';\nimport { idlens } from '@idlens/sdk/vite';\n\nexport default defineConfig({ plugins: [idlens()] });\n",
      );
      await writeFile(
        path.join(app, 'index.html'),
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>app</title></head>\n<body><script type="module" src="/src/main.ts"></script></body></html>\n',
      );
      await writeFile(path.join(app, 'src/main.ts'), appCode(true));
      await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app, { ONNXRUNTIME_NODE_INSTALL: 'skip' });
      [qr, passport] = await Promise.all([barcodePng('idlens packaging', { format: 'QRCode', scale: 6 }), passportPng()]);
    });

    afterAll(async () => {
      for (const close of closers.reverse()) await close();
    });

    async function openInChromium(url: string): Promise<{ result: PageResult; console: string[] }> {
      const browser = await launchChromium();
      closers.push(browser.close);
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { result?: unknown }).result);
      const result = (await page.evaluate(() => (window as unknown as { result: unknown }).result)) as PageResult & { error?: string };
      expect(errors).toEqual([]);
      expect(result.error).toBeUndefined();
      return { result, console: browser.console };
    }

    const fixtures = (app: Hono) => {
      app.get('/fixtures/qr.png', (c) => c.body(new Uint8Array(qr), 200, { 'content-type': 'image/png' }));
      app.get('/fixtures/passport.png', (c) => c.body(new Uint8Array(passport), 200, { 'content-type': 'image/png' }));
    };

    function expectRecognized(result: PageResult): void {
      expect(result).toMatchObject({ barcode: 'idlens packaging', documentNumber: 'L898902C3', mrzType: 'TD3' });
      expect(result.component.length).toBeGreaterThan(0);
      // Totals come from the manifest and the runtime-file table, never null.
      expect(result.totals).toMatchObject({ 'zxing_reader.wasm': 953_527, 'latin-rec-int8.onnx': 1_612_062 });
      expect(result.missing).toMatch(/^(ASSET_NOT_FOUND|ASSET_CONTENT_TYPE|RUNTIME_UNAVAILABLE) /);
    }

    it('type-checks (strict, erasableSyntaxOnly, skipLibCheck false) and builds, emitting each runtime file once', async () => {
      await sh('npx', ['tsc', '-p', 'tsconfig.json'], app);
      await sh('npx', ['tsc', '-p', 'tsconfig.node.json'], app);
      await sh('npx', ['vite', 'build'], app);
      const built = await files(path.join(app, 'dist'));
      expect(built.filter((f) => f.startsWith('idlens/'))).toEqual(
        [...barcodeFiles, ...ocrFiles, ...fallbackFiles, ...portraitFiles].map((f) => `idlens/${f}`).sort(),
      );
      // Nothing else: no hashed copies of the wasm or the models anywhere in the build.
      expect(built.filter((f) => !f.startsWith('idlens/') && /\.(wasm|onnx|txt)$/.test(f))).toEqual([]);
    });

    it('reads a barcode and a passport in the worker and shows a component, under a strict CSP', async () => {
      const site = await startStatic((h) => {
        fixtures(h);
        h.use('/*', serveStatic({ root: path.join(app, 'dist') }));
        // A single-page app's fallback: unknown paths get index.html.
        h.get('*', async (c) => c.html(await readFile(path.join(app, 'dist/index.html'), 'utf8')));
      }, strictCsp);
      closers.push(site.close);
      const { result } = await openInChromium(`${site.url}/`);
      expectRecognized(result);
      expect(result.missing).toMatch(/^ASSET_CONTENT_TYPE .*\/no-such-folder\/|^RUNTIME_UNAVAILABLE /);
    });

    it('installs without onnxruntime-web (an optional peer dependency), and asked to copy its files says how to install it', async () => {
      expect(existsSync(path.join(app, 'node_modules/onnxruntime-web'))).toBe(false);
      await expect(sh('npx', ['idlens-sdk', 'assets', 'list', '--onnxruntime-web'], app)).rejects.toThrow(
        /onnxruntime-web is not installed: .*npm install onnxruntime-web@1\.30\.0/,
      );
    });

    it('works from a plain page with an import map and no bundler (assets copied by the idlens-sdk CLI)', async () => {
      const plain = path.join(app, 'plain');
      const listing = await sh('npx', ['idlens-sdk', 'assets', 'copy', path.join(plain, 'idlens'), '--client'], app);
      expect(listing).toContain('idlens-worker.js');
      expect(await files(path.join(plain, 'idlens'))).toEqual([...barcodeFiles, ...ocrFiles, ...fallbackFiles, ...portraitFiles, 'idlens.js'].sort());
      const importMap = JSON.stringify({
        imports: {
          '@idlens/sdk/client': '/idlens/idlens.js',
          '@idlens/web-components': '/node_modules/@idlens/web-components/dist/index.js',
          lit: '/node_modules/lit/index.js',
          'lit/': '/node_modules/lit/',
          'lit-html': '/node_modules/lit-html/lit-html.js',
          'lit-html/': '/node_modules/lit-html/',
          'lit-element/': '/node_modules/lit-element/',
          '@lit/reactive-element': '/node_modules/@lit/reactive-element/reactive-element.js',
          '@lit/reactive-element/': '/node_modules/@lit/reactive-element/',
        },
      });
      await writeFile(
        path.join(plain, 'index.html'),
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>plain</title>\n<script type="importmap">${importMap}</script>\n<script type="module" src="/main.js"></script></head><body></body></html>\n`,
      );
      await writeFile(path.join(plain, 'main.js'), appCode(false));
      const mapHash = createHash('sha256').update(importMap).digest('base64');
      const site = await startStatic((h) => {
        fixtures(h);
        h.use('/node_modules/*', serveStatic({ root: app }));
        h.use('/*', serveStatic({ root: plain }));
      }, `script-src 'self' 'wasm-unsafe-eval' 'sha256-${mapHash}'; worker-src 'self'`);
      closers.push(site.close);
      const { result } = await openInChromium(`${site.url}/`);
      expectRecognized(result);
      expect(result.missing).toMatch(/^ASSET_NOT_FOUND .*\/no-such-folder\/zxing_reader\.wasm|^RUNTIME_UNAVAILABLE /);
    });
  });

  describe('the server', () => {
    let server: ChildProcess | undefined;
    let root: string;
    let modules: string;
    let cli: string;

    // The three tarballs unpacked as npm would install them; their third-party dependencies are
    // linked from the workspace (installing onnxruntime-node again would download ~300 MB).
    beforeAll(async () => {
      root = path.join(work, 'server-install');
      modules = path.join(root, 'node_modules');
      await mkdir(path.join(modules, '@idlens'), { recursive: true });
      for (const [dir, name] of Object.entries(packages)) {
        if (dir === 'packages/web-components') continue;
        await mkdir(path.join(modules, name));
        await sh('tar', ['xzf', tarballs.get(dir)!, '-C', path.join(modules, name), '--strip-components=1'], work);
      }
      for (const dir of ['packages/server', 'packages/sdk', 'models']) {
        const manifest = JSON.parse(await readFile(path.join(work, 'unpacked', dir, 'package.json'), 'utf8'));
        for (const dep of Object.keys(manifest.dependencies ?? {})) {
          const target = path.join(modules, dep);
          if (dep.startsWith('@idlens/') || existsSync(target)) continue;
          await mkdir(path.dirname(target), { recursive: true });
          await symlink(path.join(repoRoot, dir, 'node_modules', dep), target);
        }
      }
      const manifest = JSON.parse(await readFile(path.join(modules, '@idlens/server/package.json'), 'utf8'));
      cli = path.join(modules, '@idlens/server', manifest.bin['idlens-server']);
    });

    afterAll(() => {
      server?.kill();
    });

    it('runs from its compiled JavaScript out of the tarball (no tsx) and answers a recognition request', async () => {
      expect(existsSync(path.join(modules, 'tsx'))).toBe(false);
      expect((await readFile(cli, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node');

      const dataDir = path.join(root, 'data');
      await mkdir(dataDir);
      const port = await freePort();
      server = spawn(process.execPath, [cli, 'serve'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: `file:${path.join(dataDir, 'idlens.sqlite')}`,
          RECOGNITION_WORKERS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
        const onData = (chunk: Buffer) => {
          output += chunk;
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        server!.stdout!.on('data', onData);
        server!.stderr!.on('data', onData);
        server!.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
      });
      const png = await barcodePng('compiled server', { format: 'QRCode', scale: 4 });
      const res = await fetch(`${url}/barcode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image: { imageBase64: png.toString('base64') }, scanQrCode: true }),
      });
      const body = (await res.json()) as { data?: { stringData?: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data?.stringData).toBe('compiled server');
      expect((await stat(path.join(modules, '@idlens/server/dist/recognition/recognition-worker.js'))).isFile()).toBe(true);
    });

    // Issue #59: a fleet of the compiled server, as a user runs it.
    describeReplicas(postgres, () => cli);
  });
});
