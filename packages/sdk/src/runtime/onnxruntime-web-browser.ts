import type { InferenceRuntime, RuntimeSession } from '../engine/ocr/inference-runtime.ts';
import type { OnnxruntimeWebBackend } from './runtime-files.ts';

/** The part of onnxruntime-web's module the worker touches. */
interface OnnxruntimeWebModule {
  env: { wasm: { wasmPaths?: unknown; wasmBinary?: ArrayBuffer; numThreads?: number; proxy?: boolean } };
  InferenceSession: { create(model: Uint8Array, options?: Record<string, unknown>): Promise<RuntimeSession> };
  Tensor: InferenceRuntime['Tensor'];
}

/**
 * Imports one build of onnxruntime-web (`entry`: its ES module in the app's assets folder, copied
 * from the app's own install by the Vite plugin or `idlens-sdk assets copy --onnxruntime-web`). The
 * SDK bundles none of it: onnxruntime-web is an optional peer dependency, and a page that never
 * chooses it loads nothing of it. Rejects when the module is not served.
 */
export async function importOnnxruntimeWeb(entry: string): Promise<OnnxruntimeWebModule> {
  return (await import(/* @vite-ignore */ entry)) as OnnxruntimeWebModule;
}

export interface OnnxruntimeWebSetup {
  backend: OnnxruntimeWebBackend;
  /** URLs of the build's Emscripten glue and wasm (the glue is imported, and wasm threads start from it). */
  glue: string;
  wasmUrl: string;
  /** The build's wasm, fetched and checked by the caller (sha256, progress, Cache Storage): the runtime fetches nothing itself. */
  wasm: Uint8Array;
  /** Worker threads of the wasm provider: more than 1 only on a cross-origin isolated page. */
  threads: number;
}

/**
 * onnxruntime-web as the engine's inference runtime: its glue module imported from the assets
 * folder (which is what lets it run under `script-src 'self'`), the checked wasm bytes handed over,
 * not running in a proxy worker of its own (this is one), and every session created on the chosen
 * execution provider — WebGPU with the wasm provider behind it for operators WebGPU lacks.
 */
export function onnxruntimeWebRuntime(
  ort: OnnxruntimeWebModule,
  { backend, glue, wasmUrl, wasm, threads }: OnnxruntimeWebSetup,
): InferenceRuntime & { threads(): number } {
  ort.env.wasm.wasmPaths = { mjs: glue, wasm: wasmUrl };
  ort.env.wasm.wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
  ort.env.wasm.numThreads = threads;
  ort.env.wasm.proxy = false;
  const executionProviders = backend === 'webgpu' ? ['webgpu', 'wasm'] : ['wasm'];
  return {
    InferenceSession: { create: (model, options) => ort.InferenceSession.create(model, { ...options, executionProviders }) },
    Tensor: ort.Tensor,
    // What onnxruntime-web runs on, read back: it drops to one thread itself where wasm threads cannot start.
    threads: () => ort.env.wasm.numThreads ?? 1,
  };
}
