import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findModel, type ModelEntry } from './manifest.ts';

// `src/` in the workspace and `dist/` in the package sit at the same depth: `../weights` is the
// package's weights folder from both.
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The file path of an asset in Node, or null when it is not there. Package assets are looked up
 * along Node's own module search path from this package (so hoisted npm, nested npm and pnpm
 * layouts all work) rather than through the package's `exports`, which do not list the weight files.
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

/** `resolveModelPath` by manifest name; throws for a name the manifest does not list. */
export function resolveModelPathByName(name: string): string | null {
  const entry = findModel(name);
  if (!entry) throw new Error(`model ${name} is not in @idlens/models' manifest.json`);
  return resolveModelPath(entry);
}
