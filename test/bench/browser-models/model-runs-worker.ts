/// <reference lib="webworker" />
import { createConvnetRuntime } from '../../../packages/sdk/src/runtime/convnet/convnet-runtime.ts';
import { runKernelThread, type KernelThreadInit } from '../../../packages/sdk/src/runtime/convnet/kernel-threads.ts';
import { importOnnxruntimeWeb, onnxruntimeWebRuntime } from '../../../packages/sdk/src/runtime/onnxruntime-web-browser.ts';
import { onnxruntimeWebBuilds, onnxruntimeWebDir } from '../../../packages/sdk/src/runtime/runtime-files.ts';
import type { InferenceRuntime } from '../../../packages/sdk/src/engine/ocr/inference-runtime.ts';

/**
 * The per-model part of `pnpm bench browser` (browser-models.ts): a module worker that runs one
 * model after another on one inference runtime, as the engine worker creates it (the convnet runtime
 * with its kernel threads — this script started again under another name —, or onnxruntime-web's
 * wasm build from the assets folder), and answers each model's warm run times.
 */
export interface ModelRunsRequest {
  runtime: 'convnet' | 'onnxruntime-web';
  threads: number;
  /** The SDK bundle's folder URL (its `models/` and `onnxruntime-web/`). */
  base: string;
  models: Array<{ name: string; file: string; dims: number[] }>;
  runs: number;
}

export type ModelRunsAnswer = { threads: number; ms: Record<string, number[]> } | { error: string };

const kernelThreadName = 'model-runs-kernel-thread';

async function createRuntime({ runtime, threads, base }: ModelRunsRequest): Promise<InferenceRuntime & { threads(): number }> {
  if (runtime === 'convnet') {
    const spawnThread = (init: KernelThreadInit) => new Worker(self.location.href, { type: 'module', name: kernelThreadName }).postMessage(init);
    const convnet = await createConvnetRuntime({ threads, spawnThread });
    // The helpers start in the background; the figures are for all of them.
    for (let i = 0; i < 400 && convnet.threads() < threads; i++) await new Promise((r) => setTimeout(r, 25));
    return convnet;
  }
  const build = onnxruntimeWebBuilds.wasm;
  const served = (file: string) => new URL(`${onnxruntimeWebDir}${file}`, base).href;
  const ort = await importOnnxruntimeWeb(served(build.entry));
  const wasm = new Uint8Array(await (await fetch(served(build.wasm.file))).arrayBuffer());
  return onnxruntimeWebRuntime(ort, { backend: 'wasm', glue: served(build.glue), wasmUrl: served(build.wasm.file), wasm, threads });
}

async function measure(request: ModelRunsRequest): Promise<ModelRunsAnswer> {
  const runtime = await createRuntime(request);
  const ms: Record<string, number[]> = {};
  for (const { name, file, dims } of request.models) {
    const bytes = new Uint8Array(await (await fetch(new URL(`models/${file}`, request.base))).arrayBuffer());
    const session = await runtime.InferenceSession.create(bytes);
    // A page-like input (values in [0, 1) varying over the image); a run's time does not depend on the values.
    const x = Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => ((i * 2654435761) % 1000) / 1000);
    const feed = { [session.inputNames[0]!]: new runtime.Tensor('float32', x, dims) };
    for (let i = 0; i < 2; i++) await session.run(feed); // first runs are not warm ones
    ms[name] = [];
    for (let i = 0; i < request.runs; i++) {
      const start = performance.now();
      await session.run(feed);
      ms[name].push(performance.now() - start);
    }
  }
  return { threads: runtime.threads(), ms };
}

if (self.name === kernelThreadName) {
  self.addEventListener('message', (event) => runKernelThread(event.data as KernelThreadInit), { once: true });
} else {
  self.addEventListener('message', (event) => {
    measure(event.data as ModelRunsRequest).then(
      (answer) => self.postMessage(answer),
      (error: unknown) => self.postMessage({ error: String((error as Error)?.stack ?? error) } satisfies ModelRunsAnswer),
    );
  });
}
