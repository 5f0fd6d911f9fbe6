import * as ortWeb from 'onnxruntime-web/wasm';
import type { OrtRuntime } from '../engine/ocr/ort-runtime.ts';

/**
 * `ort-wasm-simd-threaded.wasm`, already fetched and verified by the caller: its bytes, and the
 * module compiled from them as they streamed in when the caller could (see the worker's
 * `ortWasmSource`).
 */
export interface OrtWasmSource {
  /** Where it was fetched from (named to the runtime, which never fetches it itself: it has the bytes). */
  url: string;
  bytes: Uint8Array;
  module?: WebAssembly.Module;
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
 * The runtime is handed the checked bytes, so it fetches nothing. When there is a module compiled
 * from them as they were fetched, it is used instead of compiling the bytes again: compiled by
 * `WebAssembly.compileStreaming` from a response of the HTTP cache, Chromium keeps its machine code
 * (V8's wasm code cache), and the next visit neither compiles 13.6 MB nor runs lazily compiled, not
 * yet optimised code on its first inference (`pnpm bench browser`: the cold start from the caches,
 * docs/sdk.md).
 */
export async function loadOrtWebBrowser({ wasm, threads }: OrtWebBrowserOptions): Promise<OrtRuntime> {
  const ort = ortWeb;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 1;
  // Only the wasm is named (on the host's origin): naming a prefix would make the bundle import
  // its Emscripten glue from there instead of using the embedded copy.
  ort.env.wasm.wasmPaths = { wasm: wasm.url };
  const binary = wasm.bytes.buffer.slice(wasm.bytes.byteOffset, wasm.bytes.byteOffset + wasm.bytes.byteLength) as ArrayBuffer;
  ort.env.wasm.wasmBinary = binary;
  if (wasm.module) instantiateCompiled(binary, wasm.module);
  ort.env.wasm.numThreads = isolated ? Math.max(1, Math.min(threads ?? 4, cores)) : 1;
  ort.env.wasm.proxy = false; // we already are in a worker
  return ort as unknown as OrtRuntime;
}

/**
 * onnxruntime-web takes a wasm's bytes or URL, not a compiled module (its Emscripten glue would take
 * one through `instantiateWasm`, which onnxruntime does not pass on). So the one call that
 * instantiates those very bytes — `WebAssembly.instantiate(bytes, imports)` when the runtime first
 * starts — is answered from `module`, compiled from the same bytes, and then the global is put back.
 * A glue that started some other way would simply compile the bytes: slower, not wrong.
 */
function instantiateCompiled(binary: ArrayBuffer, module: WebAssembly.Module): void {
  const original = WebAssembly.instantiate;
  const patched = ((source: BufferSource | WebAssembly.Module, imports?: WebAssembly.Imports) => {
    const buffer = source instanceof ArrayBuffer ? source : ArrayBuffer.isView(source) ? source.buffer : null;
    if (buffer !== binary) return Reflect.apply(original, WebAssembly, [source, imports]);
    WebAssembly.instantiate = original;
    return original(module, imports).then((instance) => ({ module, instance }));
  }) as typeof WebAssembly.instantiate;
  WebAssembly.instantiate = patched;
}
