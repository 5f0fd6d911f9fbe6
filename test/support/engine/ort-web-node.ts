import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InferenceRuntime } from '../../../packages/sdk/src/engine/ocr/inference-runtime.ts';

/**
 * onnxruntime-web (wasm) in Node, for the parity tests and the benchmark (test support: the SDK
 * ships no Node loader for it). Its wasm files are loaded from the installed package's dist folder:
 * the default would fetch them from a CDN, which must never be reached.
 * One thread: results must not depend on the machine, and the server parallelises across workers.
 */
export async function loadOrtWebNode(): Promise<InferenceRuntime> {
  const ort = await import('onnxruntime-web');
  const dist = path.dirname(createRequire(import.meta.url).resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm'));
  ort.env.wasm.wasmPaths = pathToFileURL(dist + path.sep).href;
  ort.env.wasm.numThreads = 1;
  return ort as unknown as InferenceRuntime;
}
