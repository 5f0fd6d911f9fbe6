import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the server looks for the console by default (packages/server/src/console/console-routes.ts). */
export const defaultConsoleOutDir = path.join(here, 'dist');

/**
 * The console: one HTML page, one script and one stylesheet under `/console/`. No inline script
 * or style (the server's CSP forbids both), no module-preload polyfill (it would be inline code),
 * nothing from a CDN.
 */
export function consoleBundleConfig(outDir = defaultConsoleOutDir): InlineConfig {
  return {
    configFile: false,
    root: here,
    base: '/console/',
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      cssCodeSplit: false,
    },
  };
}

const { configFile: _none, ...config } = consoleBundleConfig();
export default defineConfig(config);
