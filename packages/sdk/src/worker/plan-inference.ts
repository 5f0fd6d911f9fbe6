import type { OnnxruntimeWebBackend } from '../runtime/runtime-files.ts';

/**
 * Which inference runtime runs the OCR models in the browser: the SDK's own convnet runtime (small,
 * every browser; threads on a cross-origin isolated page), onnxruntime-web (an optional peer dependency: threads on a
 * cross-origin isolated page, WebGPU, models with operators the convnet runtime lacks), or `auto`.
 */
export type Inference = 'convnet' | 'onnxruntime-web' | 'auto';

/** Which runtime ran, on which execution provider and how many threads (`recognizer.info()`). */
export interface InferenceInfo {
  inference: 'convnet' | 'onnxruntime-web';
  backend: OnnxruntimeWebBackend;
  threads: number;
}

export interface InferencePlan {
  inference: 'convnet' | 'onnxruntime-web';
  /** onnxruntime-web's builds to try in order: the first whose files are served runs. */
  backends: OnnxruntimeWebBackend[];
  threads: number;
  /** When no build of onnxruntime-web is served: run the convnet runtime (`auto`) rather than fail. */
  convnetIfMissing: boolean;
}

export interface InferenceCircumstances {
  requested: Inference;
  /** The page is cross-origin isolated (SharedArrayBuffer, so wasm threads). */
  isolated: boolean;
  cores: number;
  /** The app's `threads` (either runtime's, on an isolated page; default up to 4). */
  threads?: number;
  /** The browser gave a WebGPU adapter and the app allows WebGPU. */
  webgpu: boolean;
}

/** Up to this many threads by default: past four, a model this small gains little and the page's other work loses a core. */
const defaultThreads = 4;

/**
 * The choice, made once when the OCR part loads. Both runtimes run the page's threads (up to
 * `threads`, at most the cores, on an isolated page). `auto` takes onnxruntime-web only where it has
 * something the convnet runtime cannot give — WebGPU — and falls back to the convnet runtime when the
 * app does not serve onnxruntime-web's files: on the same threads the convnet runtime reads about as
 * fast and starts 0.6–1 s sooner (docs/sdk.md, "Inference runtimes"; decision 0004).
 */
export function planInference({ requested, isolated, cores, threads, webgpu }: InferenceCircumstances): InferencePlan {
  const pageThreads = isolated ? Math.max(1, Math.min(Math.floor(threads ?? defaultThreads), cores)) : 1;
  const backends: OnnxruntimeWebBackend[] = webgpu ? ['webgpu', 'wasm'] : ['wasm'];
  if (requested === 'onnxruntime-web') return { inference: 'onnxruntime-web', backends, threads: pageThreads, convnetIfMissing: false };
  if (requested === 'auto' && webgpu) return { inference: 'onnxruntime-web', backends, threads: pageThreads, convnetIfMissing: true };
  return { inference: 'convnet', backends: [], threads: pageThreads, convnetIfMissing: true };
}
