/// <reference lib="webworker" />
import { expose } from 'comlink';
import { browserModels, type ModelEntry } from '@idlens/models';
import { createEngine, type DeferredModel, type Engine } from '../engine/index.ts';
import { IdlensError } from '../core/errors.ts';
import { fetchAsset, openCache, type AssetProgress } from '../runtime/fetch-asset.ts';
import { deferredModelUses } from '../runtime/deferred-models.ts';
import { loadModelsFromUrl } from '../runtime/load-models.ts';
import { onnxruntimeWebBuilds, onnxruntimeWebDir, zxingWasm, type RuntimeFile } from '../runtime/runtime-files.ts';
import type { InferenceRuntime } from '../engine/ocr/inference-runtime.ts';
import type { KernelThreadInit } from '../runtime/convnet/kernel-threads.ts';
import { loadZxingBrowser } from '../runtime/zxing-browser.ts';
import { registerIdlensErrorTransfer } from './comlink-errors.ts';
import { CallScope, checkpointedInference, checkpointedZxing } from './call-scope.ts';
import { decodeFrame } from './decode-frame.ts';
import { RecentImages } from './recent-images.ts';
import { documentInView } from '../engine/document/corners/document-in-view.ts';
import { measureFrameQuality } from './frame-quality.ts';
import type { EngineWorkerApi, WorkerInit } from './worker-api.ts';
import { planInference, type InferenceInfo } from './plan-inference.ts';

/**
 * The browser's engine worker (a module Worker): the same `createEngine` as the server, with
 * zxing-wasm loaded from the host's origin and, for the OCR models, the SDK's own runtime
 * (`createConvnetRuntime`: its wasm kernels are inside the OCR chunk) or onnxruntime-web from the
 * assets folder, as the app chose (`planInference`). The OCR part and the models load only when a
 * card or document is first asked for, unless preloaded, so a barcode-only page never downloads
 * them; the face detector only when a portrait is first asked for.
 */
registerIdlensErrorTransfer();

let settings: WorkerInit | null = null;
let progress: ((p: AssetProgress) => void) | undefined;
let barcodeEngine: Promise<Engine> | null = null;
let ocrEngine: Promise<Engine> | null = null;
/** Which runtime runs the OCR models, once the OCR part has loaded. */
let inferenceInfo: (() => InferenceInfo) | null = null;
/** Recognition calls run one at a time and stop at a checkpoint when cancelled (`CallScope`). */
const calls = new CallScope();
/** A document's sides, decoded once: its front read at capture is the front of the two-sided read. */
const documentImages = new RecentImages(decodeFrame);

function requireInit(): WorkerInit {
  if (!settings) throw new IdlensError('RUNTIME_UNAVAILABLE', 'the worker was not initialised');
  return settings;
}

/** A runtime wasm from the assets folder, checked against the runtime-files table. */
function wasmFile(file: RuntimeFile): Promise<Uint8Array> {
  const init = requireInit();
  return fetchAsset(new URL(file.file, init.assetsBaseUrl).href, file.file, file, { cacheName: init.cacheName, onProgress: progress });
}

/**
 * Copies of onnxruntime-web's 13.6 MB wasm that SDK versions before 2026-11-29 kept in Cache Storage
 * beside the worker (onnxruntime-web's files now live in their own folder, and only when chosen):
 * nothing reads them any more.
 */
function forgetOrtWasms(init: WorkerInit): void {
  if (!init.cacheName) return;
  const stale = new URL(onnxruntimeWebBuilds.wasm.wasm.file, init.assetsBaseUrl).pathname;
  openCache(init.cacheName)
    .then(async (cache) => {
      if (!cache) return;
      for (const request of await cache.keys()) if (new URL(request.url).pathname === stale) await cache.delete(request);
    })
    .catch(() => false);
}

/** Whether the browser gives this worker a WebGPU adapter (none in browsers without WebGPU, or without a usable GPU). */
async function hasWebGpu(): Promise<boolean> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  return gpu ? (await gpu.requestAdapter().catch(() => null)) !== null : false;
}

/**
 * The OCR models' runtime, as `planInference` chose it: onnxruntime-web's first build whose module
 * the app serves (its wasm then fetched and checked like every runtime file), else — for `auto` —
 * the convnet runtime; chosen explicitly and not served, a RUNTIME_UNAVAILABLE that says how to
 * serve it.
 */
async function loadInference(init: WorkerInit): Promise<{ runtime: InferenceRuntime; info: () => InferenceInfo }> {
  const ocr = await import('./ocr.ts');
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const webgpu = init.webgpu !== false && init.inference !== 'convnet' && (await hasWebGpu());
  const plan = planInference({ requested: init.inference, isolated, cores: navigator.hardwareConcurrency || 1, threads: init.threads, webgpu });
  const served = (file: string) => new URL(`${onnxruntimeWebDir}${file}`, init.assetsBaseUrl).href;
  for (const [i, backend] of plan.backends.entries()) {
    const build = onnxruntimeWebBuilds[backend];
    const ort = await ocr.importOnnxruntimeWeb(served(build.entry)).catch(() => null);
    if (!ort) continue;
    // A build whose wasm cannot be had (not served, say) gives way to the next; the last one's error is the answer.
    const last = i === plan.backends.length - 1;
    const wasm = await wasmFile({ ...build.wasm, file: `${onnxruntimeWebDir}${build.wasm.file}` }).catch((error: unknown) => {
      if (last) throw error;
      return null;
    });
    if (!wasm) continue;
    const runtime = ocr.onnxruntimeWebRuntime(ort, { backend, glue: served(build.glue), wasmUrl: served(build.wasm.file), wasm, threads: plan.threads });
    return { runtime, info: () => ({ inference: 'onnxruntime-web', backend, threads: runtime.threads() }) };
  }
  if (!plan.convnetIfMissing) {
    throw new IdlensError(
      'RUNTIME_UNAVAILABLE',
      `inference 'onnxruntime-web' was chosen but ${served(onnxruntimeWebBuilds.wasm.entry)} could not be loaded: install onnxruntime-web and serve its files (idlens-sdk assets copy --onnxruntime-web, or the Vite plugin's onnxruntimeWeb option)`,
    );
  }
  const runtime = await ocr.createConvnetRuntime({ threads: plan.threads, spawnThread: queueKernelThread });
  return { runtime, info: () => ({ inference: 'convnet', backend: 'wasm', threads: runtime.threads() }) };
}

/**
 * A helper thread of the convnet runtime's kernels is this same script under another name: it serves
 * the kernels (`runKernelThread`) and exposes nothing. One that cannot start (a CSP without this
 * worker, say) is never counted: its slices run here. They start once the first card or document
 * has been answered (or the preloaded models have run once): starting one means loading this script
 * again, which on two cores held the first answer up by a few hundred milliseconds.
 */
const kernelThreadName = 'idlens-kernel-thread';
const pendingKernelThreads: KernelThreadInit[] = [];

function queueKernelThread(init: KernelThreadInit): void {
  pendingKernelThreads.push(init);
}

function startKernelThreads(): void {
  for (const init of pendingKernelThreads.splice(0)) {
    const thread = new Worker(self.location.href, { type: 'module', name: kernelThreadName });
    thread.addEventListener('error', () => thread.terminate());
    thread.postMessage(init);
  }
}

function loadZxing() {
  const { assetsBaseUrl } = requireInit();
  return wasmFile(zxingWasm).then((wasm) => loadZxingBrowser({ wasm, baseUrl: assetsBaseUrl }).catch(unavailable('zxing-wasm')));
}

/** A runtime that cannot start (e.g. a CSP without 'wasm-unsafe-eval') is RUNTIME_UNAVAILABLE. */
function unavailable(what: string) {
  return (error: unknown): never => {
    if (error instanceof IdlensError) throw error;
    throw new IdlensError('RUNTIME_UNAVAILABLE', `${what} cannot start: ${(error as Error)?.message ?? error}`, { cause: error });
  };
}

function engineForBarcodes(): Promise<Engine> {
  barcodeEngine ??= loadZxing().then((zxing) => createEngine({ zxing: checkpointedZxing(zxing, calls) }));
  barcodeEngine.catch(() => (barcodeEngine = null)); // a failed load may be retried
  return barcodeEngine;
}

/** Fetched with the first request that needs it, not when the OCR part starts (see `deferredModelUses`). */
const isDeferred = (entry: ModelEntry) => entry.name in deferredModelUses;

/** Models fetched when the OCR part starts: those browsers load, but the deferred ones. */
const upFrontModels = browserModels()
  .filter((entry) => !isDeferred(entry))
  .map((entry) => entry.name);

function modelSource(init: WorkerInit) {
  return { baseUrl: init.modelsBaseUrl, cacheName: init.cacheName, onProgress: progress };
}

function engineForOcr(): Promise<Engine> {
  ocrEngine ??= (async () => {
    const init = requireInit();
    forgetOrtWasms(init);
    const [zxing, inference, models] = await Promise.all([
      loadZxing(),
      loadInference(init).catch(unavailable('the OCR runtime')),
      loadModelsFromUrl({ ...modelSource(init), names: upFrontModels }),
    ]);
    const deferred = (entry: ModelEntry): DeferredModel => {
      const load = () =>
        loadModelsFromUrl({ ...modelSource(init), names: [entry.name] }).then((set) => {
          const asset = set[entry.name];
          if (!asset) throw new IdlensError('ASSET_NOT_FOUND', `model ${entry.name}: ${entry.file} is not served under ${init.modelsBaseUrl}`);
          return asset;
        });
      return { entry, load };
    };
    const deferredModels = Object.fromEntries(
      browserModels()
        .filter(isDeferred)
        .map((entry) => [entry.name, deferred(entry)]),
    );
    const engine = createEngine({ zxing: checkpointedZxing(zxing, calls), inference: checkpointedInference(inference.runtime, calls), models, deferredModels });
    await engine.warm?.();
    inferenceInfo = inference.info;
    return engine;
  })();
  ocrEngine.catch(() => (ocrEngine = null));
  return ocrEngine;
}

/**
 * Preloaded OCR also runs each model once (their slow first runs: see `WarmOptions.runModels`),
 * `warmUpDelayMs` after the OCR runtime loaded unless a card or document came first: while the user
 * frames the document, not ahead of a card or document asked for at once (which would wait for a
 * run under way). A card or document asked for meanwhile stops the runs not yet started. Frame-
 * quality and barcode calls during those runs wait for the run under way (up to ~1 s on one
 * thread). A failure here is the first request's to report.
 */
const warmUp = new AbortController();
const warmUpDelayMs = 300;
function runModelsOnce(engine: Engine): void {
  setTimeout(() => {
    if (!warmUp.signal.aborted)
      engine
        .warm?.({ runModels: true, signal: warmUp.signal })
        .catch(() => {})
        .finally(startKernelThreads);
  }, warmUpDelayMs);
}

const api: EngineWorkerApi = {
  async init(init, onProgress) {
    settings = init;
    progress = onProgress;
    const loads: Promise<unknown>[] = [];
    if (init.preload.includes('barcode')) loads.push(engineForBarcodes());
    if (init.preload.includes('ocr')) loads.push(engineForOcr().then(runModelsOnce));
    await Promise.all(loads);
    return { crossOriginIsolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true, threads: inferenceInfo?.().threads ?? 1 };
  },
  info() {
    return { crossOriginIsolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true, ocr: inferenceInfo?.() ?? null };
  },
  barcode(image, options, callId) {
    return calls.run(callId, async () => {
      const [engine, frame] = await Promise.all([engineForBarcodes(), decodeFrame(image)]);
      return engine.barcode(frame, options ?? {});
    });
  },
  idBarcode(image, callId) {
    return calls.run(callId, async () => {
      const [engine, frame] = await Promise.all([engineForBarcodes(), decodeFrame(image)]);
      return engine.idBarcode(frame);
    });
  },
  card(sides, options, callId) {
    warmUp.abort();
    return calls
      .run(callId, async () => {
        const [engine, cardNumberSide, otherSide] = await Promise.all([
          engineForOcr(),
          sides.cardNumberSide ? decodeFrame(sides.cardNumberSide, 'cardNumberSide') : null,
          sides.otherSide ? decodeFrame(sides.otherSide, 'otherSide') : null,
        ]);
        return engine.card({ cardNumberSide, otherSide }, options ?? {});
      })
      .finally(startKernelThreads);
  },
  document(sides, options, callId) {
    warmUp.abort();
    return calls
      .run(callId, async () => {
        const [engine, first, second] = await Promise.all([
          engineForOcr(),
          documentImages.decode(sides.first, 'first'),
          sides.second ? documentImages.decode(sides.second, 'second') : null,
        ]);
        return engine.document({ first, second }, options ?? {});
      })
      .finally(startKernelThreads);
  },
  cancel(callId) {
    calls.cancel(callId);
  },
  async frameQuality(image, options) {
    const frame = await decodeFrame(image);
    const quality = measureFrameQuality(frame);
    return options?.outline ? { ...quality, document: documentInView(frame) } : quality;
  },
};

if (self.name === kernelThreadName) {
  self.addEventListener('message', (event) => void import('./ocr.ts').then((ocr) => ocr.runKernelThread(event.data as KernelThreadInit)), { once: true });
} else {
  expose(api);
}
