import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import { modelManifest } from '@idlens/models';
import { resolveModelPath } from '@idlens/models/node';
import { bundleFiles } from './src/assets/browser-assets.ts';
import { runtimeFiles } from './src/runtime/runtime-files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** Where `pnpm --filter @idlens/sdk build` writes the prebuilt bundle (shipped in the package). */
export const defaultBrowserOutDir = path.join(here, 'dist/browser');

export interface BrowserBundleOptions {
  /** Also copy the models into `models/` (a folder the tests and the demo serve as is); the package's build leaves them to `@idlens/models`. */
  models?: boolean;
}

/**
 * Vite copies whatever a `new URL(…, import.meta.url)` pattern of a dependency can match (a
 * default wasm location). The worker never uses those URLs — it is given explicit base URLs — so the hashed
 * duplicates are dropped.
 */
const dropPatternAssets: Plugin = {
  name: 'idlens-drop-pattern-assets',
  generateBundle(_options, bundle) {
    for (const [name, output] of Object.entries(bundle)) if (output.type === 'asset' && name.startsWith('assets/')) delete bundle[name];
  },
};

const common = (outDir: string) =>
  ({
    configFile: false,
    root: here,
    logLevel: 'warn',
    build: { outDir, target: 'es2022', minify: true, sourcemap: false, assetsInlineLimit: 0, modulePreload: false, copyPublicDir: false },
  }) satisfies InlineConfig;

/**
 * The worker: `idlens-worker.js` (zxing-wasm's glue, the engine, comlink) and
 * `idlens-worker-ocr.js`, the OCR runtime (`createConvnetRuntime`), imported only on the first card/document call, and
 * `idlens-worker-field-assigner-model.js`, the printed-field assigner's trees, on the first printed page, so a
 * barcode-only page loads neither. Fixed names: apps copy exactly these files.
 */
function workerConfig(outDir: string): InlineConfig {
  const base = common(outDir);
  return {
    ...base,
    build: {
      ...base.build,
      emptyOutDir: false,
      rollupOptions: {
        input: { 'idlens-worker': path.join(here, 'src/worker/engine-worker.ts') },
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'idlens-worker-[name].js', assetFileNames: 'assets/[name]-[hash][extname]' },
      },
    },
    plugins: [dropPatternAssets],
  };
}

/** After the page module: the worker, zxing-wasm's wasm (the version whose glue the worker embeds) and optionally the models. */
function workerAndRuntimeFiles(outDir: string, { models = true }: BrowserBundleOptions): Plugin {
  let dir = outDir;
  return {
    name: 'idlens-worker-and-runtime-files',
    apply: 'build',
    // `vite build --outDir …` overrides the configured folder; everything follows it.
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build(workerConfig(dir));
      const expected = new Set<string>(Object.values(bundleFiles));
      const produced = (await readdir(dir)).filter((f) => f.endsWith('.js'));
      if (produced.length !== expected.size || produced.some((f) => !expected.has(f))) {
        throw new Error(`the browser bundle should be ${[...expected].join(', ')}, got ${produced.join(', ')}: a chunk split changed`);
      }
      for (const file of runtimeFiles) await copyFile(require.resolve(file.from), path.join(dir, file.file));
      if (!models) return;
      await mkdir(path.join(dir, 'models'), { recursive: true });
      for (const entry of modelManifest) {
        const file = resolveModelPath(entry);
        if (file) await copyFile(file, path.join(dir, 'models', entry.file));
        else if (!entry.optional) throw new Error(`model ${entry.name} not found`);
      }
    },
  };
}

/**
 * The prebuilt browser SDK: `idlens.js`, the page's API as one ES module (for pages without a
 * bundler), then the worker (`idlens-worker.js` + `idlens-worker-ocr.js`) and the wasm file beside
 * it. App-style builds, not library mode: library mode would inline the worker and the wasm as
 * `data:` URLs, which a strict CSP refuses.
 */
export function browserBundleConfig(outDir = defaultBrowserOutDir, options: BrowserBundleOptions = {}): InlineConfig {
  const base = common(outDir);
  return {
    ...base,
    build: {
      ...base.build,
      emptyOutDir: true,
      rollupOptions: {
        input: { idlens: path.join(here, 'src/bundle.ts') },
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'idlens-[name].js', assetFileNames: 'assets/[name]-[hash][extname]' },
      },
    },
    plugins: [dropPatternAssets, workerAndRuntimeFiles(outDir, options)],
  };
}

// `vite build --mode package` (the package's build): no models, they ship in @idlens/models.
export default defineConfig(({ mode }) => {
  const { configFile: _none, ...config } = browserBundleConfig(defaultBrowserOutDir, { models: mode !== 'package' });
  return config;
});
