/**
 * The WebAssembly files the browser worker loads besides the models, with the size and sha256 of
 * the exact versions the prebuilt worker embeds the glue code of (zxing-wasm and onnxruntime-web
 * are pinned). Sizes give progress events a total before the first byte arrives; the sha256 turns a
 * wasm of another version (which would fail deep inside Emscripten) into a clear `ASSET_INTEGRITY`.
 * `runtime-files.test.ts` checks the table against the installed packages.
 */
export interface RuntimeFile {
  /** File name in the assets folder the app serves. */
  file: string;
  /** Where the file comes from at build time (a package subpath). */
  from: string;
  bytes: number;
  sha256: string;
  /** Needed only for cards and documents (OCR), not for barcodes. */
  ocr: boolean;
}

export const zxingWasm: RuntimeFile = {
  file: 'zxing_reader.wasm',
  from: 'zxing-wasm/reader/zxing_reader.wasm',
  bytes: 953_527,
  sha256: 'e8af31edb56d0522f4de74495839385ef019ba8bc90d38e5ecb2f18795d86fb2',
  ocr: false,
};

export const ortWasm: RuntimeFile = {
  file: 'ort-wasm-simd-threaded.wasm',
  from: 'onnxruntime-web/ort-wasm-simd-threaded.wasm',
  bytes: 14_239_897,
  sha256: '3398c10d07d229bd91b364548e130e0e51a8e5704b88c7c083ebbeb78842dee2',
  ocr: true,
};

export const runtimeFiles: readonly RuntimeFile[] = [zxingWasm, ortWasm];
