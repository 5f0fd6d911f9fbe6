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

/**
 * onnxruntime-web, the optional second inference runtime (`inference: 'onnxruntime-web'`): an
 * optional peer dependency the app installs, at exactly this version — its wasm files are checked
 * by the sha256s below, and `idlens-sdk assets copy --onnxruntime-web` refuses another version.
 */
export const onnxruntimeWebVersion = '1.30.0';

/** Folder under the assets folder that holds onnxruntime-web's files. */
export const onnxruntimeWebDir = 'onnxruntime-web/';

/** Its execution providers the SDK uses: wasm (SIMD, threads when the page is cross-origin isolated) or WebGPU. */
export type OnnxruntimeWebBackend = 'wasm' | 'webgpu';

/**
 * One build of onnxruntime-web, as files of its `dist/` folder: the ES module the worker imports,
 * the Emscripten glue that module imports (threads start workers from it too) and the wasm — the
 * one file the worker fetches itself (checked, cached, with progress). The WebGPU build also runs
 * the wasm provider, but its wasm is twice the size, so pages without WebGPU get the plain one.
 */
export interface OnnxruntimeWebBuild {
  entry: string;
  glue: string;
  wasm: RuntimeFile;
}

export const onnxruntimeWebBuilds: Readonly<Record<OnnxruntimeWebBackend, OnnxruntimeWebBuild>> = {
  wasm: {
    entry: 'ort.wasm.min.mjs',
    glue: 'ort-wasm-simd-threaded.mjs',
    wasm: {
      file: 'ort-wasm-simd-threaded.wasm',
      from: 'onnxruntime-web/ort-wasm-simd-threaded.wasm',
      bytes: 14_239_897,
      sha256: '3398c10d07d229bd91b364548e130e0e51a8e5704b88c7c083ebbeb78842dee2',
    },
  },
  webgpu: {
    entry: 'ort.min.mjs',
    glue: 'ort-wasm-simd-threaded.jsep.mjs',
    wasm: {
      file: 'ort-wasm-simd-threaded.jsep.wasm',
      from: 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm',
      bytes: 28_312_028,
      sha256: '3ad23231b5bd6d9dda55a7f84606315e0bf35b6750c28ee993c987c54cacab0f',
    },
  },
};
