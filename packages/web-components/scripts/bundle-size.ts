/**
 * Prints the size of the components' browser JavaScript, minified and gzipped: the components'
 * own code (lit and the SDK left out) and with lit bundled in (the SDK is always a separate
 * bundle). `pnpm --filter @idlens/web-components size`
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { componentsBundleConfig } from '../vite.config.ts';

async function measure(externalLit: boolean): Promise<{ bytes: number; gzip: number }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-wc-size-'));
  try {
    await build(componentsBundleConfig({ outDir, externalLit }));
    let bytes = 0;
    let gzip = 0;
    for (const file of await readdir(outDir, { recursive: true })) {
      if (!file.endsWith('.js')) continue;
      const code = await readFile(path.join(outDir, file));
      bytes += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    return { bytes, gzip };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const own = await measure(true);
const withLit = await measure(false);
console.log(`components only (lit, @idlens/sdk external): ${kib(own.bytes)} minified, ${kib(own.gzip)} gzip`);
console.log(`components + lit (@idlens/sdk external):     ${kib(withLit.bytes)} minified, ${kib(withLit.gzip)} gzip`);
