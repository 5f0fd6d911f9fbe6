import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What one file weighs as served: raw, and each encoding written beside it (null: not worth it). */
export interface CompressedSizes {
  path: string;
  bytes: number;
  gzip: number | null;
  brotli: number | null;
}

export interface CompressOptions {
  /**
   * Brotli quality. 9 by default: 11 saves another 12 % on onnxruntime's wasm (2.36 vs 2.69 MB)
   * but took 126 s instead of 6 s on one core, too slow for a build step an app runs often.
   */
  brotliQuality?: number;
  /** An encoding is kept only where it saves at least this share of the bytes (float weights barely compress). */
  minSaving?: number;
}

/** The suffix of each precompressed file beside its original, as static servers look for them. */
export const precompressedSuffixes = { brotli: '.br', gzip: '.gz' } as const;

/** The encodings of `bytes` worth serving, by file suffix (`.br`, `.gz`); none where compression saves less than `minSaving`. */
export async function compressBytes(bytes: Uint8Array, { brotliQuality = 9, minSaving = 0.05 }: CompressOptions = {}): Promise<Record<string, Uint8Array>> {
  const encoded = {
    brotli: await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzip: await gzipAsync(bytes, { level: 9 }),
  };
  const worth: Record<string, Uint8Array> = {};
  for (const encoding of ['brotli', 'gzip'] as const) {
    if (encoded[encoding].length <= bytes.length * (1 - minSaving)) worth[precompressedSuffixes[encoding]] = encoded[encoding];
  }
  return worth;
}

/**
 * Writes `file.br` and `file.gz` beside each of `files` (paths inside `dir`), so a static server
 * that serves precompressed files (the idlens server, nginx `gzip_static`/`brotli_static`, most
 * CDNs) sends the smaller one without compressing on every request. An encoding not worth it is
 * not written, and a stale one from an earlier run is removed.
 */
export async function compressAssets(dir: string, files: string[], options: CompressOptions = {}): Promise<CompressedSizes[]> {
  const sizes: CompressedSizes[] = [];
  for (const file of files) {
    const source = path.join(dir, file);
    const bytes = await readFile(source);
    const worth = await compressBytes(bytes, options);
    const entry: CompressedSizes = { path: file, bytes: bytes.length, gzip: null, brotli: null };
    for (const encoding of ['brotli', 'gzip'] as const) {
      const suffix = precompressedSuffixes[encoding];
      const encoded = worth[suffix];
      if (encoded) {
        await writeFile(source + suffix, encoded);
        entry[encoding] = encoded.length;
      } else {
        await rm(source + suffix, { force: true });
      }
    }
    sizes.push(entry);
  }
  return sizes;
}

// Not .json: the demo rewrites its config.json at start, and a stale config.json.gz would win over it.
const compressibleExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.wasm', '.onnx', '.txt']);

/** Scripts, wasm, models and text under `dir` (recursively), as paths inside it: what is worth precompressing. */
export async function listCompressible(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && compressibleExtensions.has(path.extname(e.name)))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
