import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The evaluation corpus: `IDLENS_CORPUS`, else `../shared/corpus` beside the checkout. */
export function corpusDir(): string {
  const dir = process.env.IDLENS_CORPUS ?? path.resolve(repoRoot, '../shared/corpus');
  if (!existsSync(dir)) throw new Error(`corpus not found at ${dir}; set IDLENS_CORPUS`);
  return dir;
}
