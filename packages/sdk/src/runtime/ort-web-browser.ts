import * as ortWeb from 'onnxruntime-web/wasm';
import type { OrtRuntime } from '../engine/ocr/ort-runtime.ts';

/**
 * `ort-wasm-simd-threaded.wasm`, already fetched and verified by the caller: its URL on the host's
 * origin, and its bytes when the runtime must compile those rather than stream the URL.
 */
export interface OrtWasmSource {
  url: string;
  bytes?: Uint8Array;
}

export interface OrtWebBrowserOptions {
  wasm: OrtWasmSource;
  /** Threads: only when the page is cross-origin isolated (SharedArrayBuffer); otherwise 1. */
  threads?: number;
}

/**
 * onnxruntime-web (wasm backend, SIMD) for browsers and workers. The bundle build embeds the
 * Emscripten glue, so no script is imported at run time — which is also what lets it run under
 * `script-src 'self' 'wasm-unsafe-eval'`.
 *
 * Given the wasm's URL, Emscripten compiles it with `WebAssembly.instantiateStreaming`, and
 * Chromium keeps the machine code of a module streamed from its HTTP cache (V8's wasm code cache):
 * the next visit skips compiling 13.6 MB and the slow first inference of lazily compiled, not yet
 * optimised code (`pnpm bench browser`: the cold start from the caches, docs/sdk.md). The caller
 * gives the URL only when the HTTP cache will answer the runtime's fetch with the bytes it checked
 * (see `keptByHttpCache` and the worker's `ortWasmSource`), else the bytes.
 */
export async function loadOrtWebBrowser({ wasm, threads }: OrtWebBrowserOptions): Promise<OrtRuntime> {
  const ort = ortWeb;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 1;
  // Only the wasm is named (on the host's origin): naming a prefix would make the bundle import
  // its Emscripten glue from there instead of using the embedded copy.
  ort.env.wasm.wasmPaths = { wasm: wasm.url };
  const { bytes } = wasm;
  ort.env.wasm.wasmBinary = bytes ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : undefined;
  ort.env.wasm.numThreads = isolated ? Math.max(1, Math.min(threads ?? 4, cores)) : 1;
  ort.env.wasm.proxy = false; // we already are in a worker
  return ort as unknown as OrtRuntime;
}
