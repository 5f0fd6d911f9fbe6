import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { ZxingReader } from '../engine/barcode/zxing-reader.ts';

/**
 * Prepares zxing-wasm's reader for Node from the wasm file inside the package. zxing-wasm's default
 * `locateFile` points at a CDN, which must never be reached: the product works offline.
 */
export async function loadZxingNode(): Promise<ZxingReader> {
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const wasm = await readFile(wasmPath);
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  // zxing-wasm tells ImageData apart by its width/height/data keys, so a plain RGBA frame is enough.
  return { readBarcodes: (image, options) => readBarcodes(image as ImageData, options) };
}
