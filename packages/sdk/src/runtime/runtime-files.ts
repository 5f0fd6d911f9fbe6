/**
 * The WebAssembly files the browser worker loads besides the models, with the size and sha256 of
 * the exact versions the prebuilt worker embeds the glue code of (zxing-wasm is pinned; the OCR
 * runtime's own kernels are inside its JS chunk). Sizes give progress events a total before the first byte arrives; the sha256 turns a
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
}

export const zxingWasm: RuntimeFile = {
  file: 'zxing_reader.wasm',
  from: 'zxing-wasm/reader/zxing_reader.wasm',
  bytes: 953_527,
  sha256: 'e8af31edb56d0522f4de74495839385ef019ba8bc90d38e5ecb2f18795d86fb2',
};

export const runtimeFiles: readonly RuntimeFile[] = [zxingWasm];
