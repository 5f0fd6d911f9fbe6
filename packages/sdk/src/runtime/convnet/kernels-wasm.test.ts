import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('kernels-wasm.ts', () => {
  // `pnpm test` installs Debian's clang and lld (test/provision.ts), so this runs on every test run.
  it('is exactly what build-kernels.sh builds from kernels.c with this machine’s clang', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-kernels-'));
    try {
      const rebuilt = path.join(dir, 'kernels-wasm.ts');
      execFileSync('sh', [path.join(here, 'build-kernels.sh'), rebuilt], { stdio: 'pipe' });
      const [committed, fresh] = await Promise.all([readFile(path.join(here, 'kernels-wasm.ts'), 'utf8'), readFile(rebuilt, 'utf8')]);
      // The header names the clang version first: a mismatch there means another compiler, not other sources.
      expect(fresh.split('\n')[0]).toBe(committed.split('\n')[0]);
      expect(fresh === committed, 'kernels-wasm.ts is not built from this kernels.c: run sh build-kernels.sh').toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
