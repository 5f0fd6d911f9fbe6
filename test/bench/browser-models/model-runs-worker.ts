/// <reference lib="webworker" />
import { createConvnetRuntime } from '../../../packages/sdk/src/runtime/convnet/convnet-runtime.ts';
import { runKernelThread, type KernelThreadInit } from '../../../packages/sdk/src/runtime/convnet/kernel-threads.ts';
import { importOnnxruntimeWeb, onnxruntimeWebRuntime } from '../../../packages/sdk/src/runtime/onnxruntime-web-browser.ts';
import { onnxruntimeWebBuilds, onnxruntimeWebDir } from '../../../packages/sdk/src/runtime/runtime-files.ts';
import type { InferenceRuntime } from '../../../packages/sdk/src/engine/ocr/inference-runtime.ts';

/**
 * The per-model part of `pnpm bench browser` (model-runs.ts): a module worker that holds one
 * inference runtime, as the engine worker creates it (the convnet runtime with its kernel threads —
 * this script started again under another name —, or onnxruntime-web's wasm build from the assets
 * folder), with a session per model, and runs one model once at each request, so that the page can
 * alternate the two runtimes' runs (a burst of load on the machine then falls on both).
 */
export type ModelRunsRequest =
  | {
      kind: 'open';
      runtime: 'convnet' | 'onnxruntime-web';
      threads: number;
      /** The SDK bundle's folder URL (its `models/` and `onnxruntime-web/`). */
      base: string;
      models: Array<{ name: string; file: string; dims: number[] }>;
    }
  | { kind: 'run'; name: string };

/** To `open`: the threads the runtime runs on; to `run`: the run's milliseconds. */
export type ModelRunsAnswer = { threads: number } | { ms: number } | { error: string };

const kernelThreadName = 'model-runs-kernel-thread';

async function createRuntime({ runtime, threads, base }: Extract<ModelRunsRequest, { kind: 'open' }>): Promise<InferenceRuntime & { threads(): number }> {
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

let runs: Map<string, () => Promise<unknown>> | null = null;

async function open(request: Extract<ModelRunsRequest, { kind: 'open' }>): Promise<ModelRunsAnswer> {
  const runtime = await createRuntime(request);
  runs = new Map();
  for (const { name, file, dims } of request.models) {
    const bytes = new Uint8Array(await (await fetch(new URL(`models/${file}`, request.base))).arrayBuffer());
    const session = await runtime.InferenceSession.create(bytes);
    // A page-like input (values in [0, 1) varying over the image); a run's time does not depend on the values.
    const x = Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => ((i * 2654435761) % 1000) / 1000);
    const feed = { [session.inputNames[0]!]: new runtime.Tensor('float32', x, dims) };
    for (let i = 0; i < 2; i++) await session.run(feed); // first runs are not warm ones
    runs.set(name, () => session.run(feed));
  }
  return { threads: runtime.threads() };
}

async function runOnce(name: string): Promise<ModelRunsAnswer> {
  const run = runs?.get(name);
  if (!run) return { error: `no session for ${name}` };
  const start = performance.now();
  await run();
  return { ms: performance.now() - start };
}

if (self.name === kernelThreadName) {
  self.addEventListener('message', (event) => runKernelThread(event.data as KernelThreadInit), { once: true });
} else {
  self.addEventListener('message', (event) => {
    const request = event.data as ModelRunsRequest;
    (request.kind === 'open' ? open(request) : runOnce(request.name)).then(
      (answer) => self.postMessage(answer),
      (error: unknown) => self.postMessage({ error: String((error as Error)?.stack ?? error) } satisfies ModelRunsAnswer),
    );
  });
}
