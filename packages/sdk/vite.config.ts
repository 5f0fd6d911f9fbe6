import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { modelManifest } from '@idlens/models';
import { resolveModelPath } from '@idlens/models/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** Where `pnpm --filter @idlens/sdk build:browser` writes the bundle (the demo serves it at /sdk/). */
export const defaultBrowserOutDir = path.join(here, 'dist/browser');

/**
 * Copies the runtime files the worker fetches at run time next to the bundle: the two `.wasm`
 * files and every model of the manifest (under `models/`). The host app serves this folder from
 * its own origin; nothing is ever fetched from a CDN.
 */
function copyRuntimeAssets(configuredOutDir: string): Plugin {
  let outDir = configuredOutDir;
  return {
    name: 'idlens-runtime-assets',
    apply: 'build',
    // `vite build --outDir …` overrides the configured folder; the assets follow it.
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Vite copies whatever a `new URL(…, import.meta.url)` pattern can match (the models
    // resolver's own URL patterns, onnxruntime-web's default wasm). The worker never uses those
    // URLs — it is given explicit base URLs — so the hashed duplicates are dropped.
    generateBundle(_options, bundle) {
      for (const [name, output] of Object.entries(bundle)) if (output.type === 'asset' && name.startsWith('assets/')) delete bundle[name];
    },
    async closeBundle() {
      await mkdir(path.join(outDir, 'models'), { recursive: true });
      await copyFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'), path.join(outDir, 'zxing_reader.wasm'));
      await copyFile(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'), path.join(outDir, 'ort-wasm-simd-threaded.wasm'));
      for (const entry of modelManifest) {
        const file = resolveModelPath(entry);
        if (file) await copyFile(file, path.join(outDir, 'models', entry.file));
        else if (!entry.optional) throw new Error(`model ${entry.name} not found`);
      }
    },
  };
}

/**
 * The browser bundle: `idlens.js` (the page's API) and `idlens-worker.js` (the engine, a module
 * Worker), ES modules with shared chunks. An app-style build (not library mode), because library
 * mode would inline the worker and assets as data: URLs, which a strict CSP refuses.
 */
export function browserBundleConfig(outDir = defaultBrowserOutDir): InlineConfig {
  return {
  configFile: false,
  root: here,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    modulePreload: false,
    copyPublicDir: false,
    rollupOptions: {
      input: {
        idlens: path.join(here, 'src/client/index.ts'),
        'idlens-worker': path.join(here, 'src/worker/engine-worker.ts'),
      },
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  plugins: [copyRuntimeAssets(outDir)],
  };
}

const { configFile: _none, ...config } = browserBundleConfig();
export default defineConfig(config);
