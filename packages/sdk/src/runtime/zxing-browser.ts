import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { ZxingReader } from '../engine/barcode/zxing-reader.ts';

/**
 * Prepares zxing-wasm's reader in a browser or worker from wasm bytes the caller fetched from the
 * host's origin. `wasmBinary` is handed over directly and `locateFile` points at the same base, so
 * zxing-wasm's default (a CDN) can never be reached, even by a code path we did not foresee.
 */
export async function loadZxingBrowser({ wasm, baseUrl }: { wasm: Uint8Array; baseUrl: string }): Promise<ZxingReader> {
  await prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
      locateFile: (path: string) => new URL(path, baseUrl).href,
    },
    fireImmediately: true,
  });
  return { readBarcodes: (image, options) => readBarcodes(image as ImageData, options) };
}
