import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ComponentsBundleOptions {
  outDir: string;
  /** Where the page loads the SDK bundle from (it is not bundled again: its worker sits beside it). */
  sdkUrl?: string;
  /** Leave `lit` out too (to measure the components' own code). */
  externalLit?: boolean;
  /** Entry modules by output name (default: the package's index as `idlens-components.js`). */
  input?: Record<string, string>;
  minify?: boolean;
}

/**
 * A browser bundle of the components: ES modules, `@idlens/sdk/client` left as an import of the
 * prebuilt SDK bundle (`/sdk/idlens.js` by default) so the worker, wasm and models are the SDK's
 * own files on the page's origin. No inline scripts, nothing from a CDN.
 */
export function componentsBundleConfig({
  outDir,
  sdkUrl = '/sdk/idlens.js',
  externalLit = false,
  input,
  minify = true,
}: ComponentsBundleOptions): InlineConfig {
  const external = (id: string) =>
    id === '@idlens/sdk/client' ||
    (externalLit && (id === 'lit' || id.startsWith('lit/') || id.startsWith('@lit/') || id.startsWith('lit-html') || id.startsWith('lit-element')));
  return {
    configFile: false,
    root: here,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify,
      sourcemap: false,
      modulePreload: false,
      copyPublicDir: false,
      rollupOptions: {
        input: input ?? { 'idlens-components': path.join(here, 'src/index.ts') },
        external,
        preserveEntrySignatures: 'strict',
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          paths: (id) => (id === '@idlens/sdk/client' ? sdkUrl : id),
        },
      },
    },
  };
}

const { configFile: _none, ...config } = componentsBundleConfig({ outDir: path.join(here, 'dist/browser') });
export default defineConfig(config);
