import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressAssets, listCompressible } from './compress-assets.ts';

describe('compressAssets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-compress-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes .br and .gz that decode to the original, and none for bytes that do not compress', async () => {
    const script = Buffer.from('function f(x) { return x * 2; }\n'.repeat(500));
    await mkdir(path.join(dir, 'models'));
    await writeFile(path.join(dir, 'idlens-worker.js'), script);
    await writeFile(path.join(dir, 'models', 'weights.onnx'), randomBytes(64 * 1024));
    await writeFile(path.join(dir, 'models', 'weights.onnx.gz'), 'stale from an earlier run');
    await writeFile(path.join(dir, 'photo.jpg'), randomBytes(100));

    const files = await listCompressible(dir);
    expect(files).toEqual(['idlens-worker.js', path.join('models', 'weights.onnx')]);
    const sizes = await compressAssets(dir, files);

    const worker = sizes.find((s) => s.path === 'idlens-worker.js')!;
    expect(worker.brotli).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(await readFile(path.join(dir, 'idlens-worker.js.br'))).equals(script)).toBe(true);
    expect(gunzipSync(await readFile(path.join(dir, 'idlens-worker.js.gz'))).equals(script)).toBe(true);

    const weights = sizes.find((s) => s.path.endsWith('weights.onnx'))!;
    expect(weights).toMatchObject({ gzip: null, brotli: null });
    expect(existsSync(path.join(dir, 'models', 'weights.onnx.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'models', 'weights.onnx.gz'))).toBe(false);
  });
});
