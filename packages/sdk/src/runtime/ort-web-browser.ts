import * as ortWeb from 'onnxruntime-web/wasm';
import type { OrtRuntime } from '../engine/ocr/ort-runtime.ts';

export interface OrtWebBrowserOptions {
  /** `ort-wasm-simd-threaded.wasm`, fetched by the caller from the host's origin. */
  wasm: Uint8Array;
  /** Where any further runtime file would be looked up: the host's origin, never a CDN. */
  baseUrl: string;
  /** Threads: only when the page is cross-origin isolated (SharedArrayBuffer); otherwise 1. */
  threads?: number;
}

/**
 * onnxruntime-web (wasm backend, SIMD) for browsers and workers. The bundle build embeds the
 * Emscripten glue, and the wasm bytes are passed in, so nothing is imported or fetched at run time
 * — which is also what lets it run under `script-src 'self' 'wasm-unsafe-eval'`.
 */
export async function loadOrtWebBrowser({ wasm, baseUrl, threads }: OrtWebBrowserOptions): Promise<OrtRuntime> {
  const ort = ortWeb;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 1;
  // Only the wasm is named (on the host's origin): naming a prefix would make the bundle import
  // its Emscripten glue from there instead of using the embedded copy.
  ort.env.wasm.wasmPaths = { wasm: new URL('ort-wasm-simd-threaded.wasm', baseUrl).href };
  ort.env.wasm.wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
  ort.env.wasm.numThreads = isolated ? Math.max(1, Math.min(threads ?? 4, cores)) : 1;
  ort.env.wasm.proxy = false; // we already are in a worker
  return ort as unknown as OrtRuntime;
}
