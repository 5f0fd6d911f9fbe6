import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';
import { componentsBundleConfig } from '../packages/web-components/vite.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where `pnpm start` puts the page's script (served by the idlens server as /app/demo.js). */
export const defaultDemoOutDir = path.join(here, 'public/app');

/**
 * The demo page's script: the page logic plus the web components (and lit), with the SDK left
 * as an import of `/sdk/idlens.js` — the SDK bundle `pnpm start` builds into demo/public/sdk/.
 */
export function demoBundleConfig(outDir = defaultDemoOutDir): InlineConfig {
  return componentsBundleConfig({ outDir, input: { demo: path.join(here, 'src/main.ts') } });
}

const { configFile: _none, ...config } = demoBundleConfig();
export default defineConfig(config);
