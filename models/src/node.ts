import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelEntry, ModelSet } from './manifest.ts';
import { loadModels } from './load-models.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The file path of an asset in Node, or null when it is not there. Package assets are looked up
 * along Node's own module search path (so hoisted and pnpm layouts both work) rather than through
 * the package's `exports`, which do not list the weight files.
 */
export function resolveModelPath(entry: ModelEntry): string | null {
  if (!entry.from) {
    const file = path.resolve(here, '../weights', entry.file);
    return existsSync(file) ? file : null;
  }
  for (const dir of require.resolve.paths(entry.from.package) ?? []) {
    const file = path.join(dir, entry.from.package, entry.from.path);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Loads (and verifies) assets from disk. */
export function loadModelsFromDisk(options: { names?: readonly string[] } = {}): Promise<ModelSet> {
  return loadModels({
    names: options.names,
    read: async (entry) => {
      const file = resolveModelPath(entry);
      return file ? new Uint8Array(await readFile(file)) : null;
    },
  });
}
