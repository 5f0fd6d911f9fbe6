/// <reference lib="webworker" />
import { expose } from 'comlink';
import { browserModels, findModel } from '@idlens/models';
import { createEngine, faceModelName, type Engine } from '../engine/index.ts';
import { IdlensError } from '../core/errors.ts';
import { fetchAsset, versionedAssetUrl, type AssetProgress } from '../runtime/fetch-asset.ts';
import { loadModelsFromUrl } from '../runtime/load-models.ts';
import { ortWasm, zxingWasm, type RuntimeFile } from '../runtime/runtime-files.ts';
import { loadZxingBrowser } from '../runtime/zxing-browser.ts';
import { registerIdlensErrorTransfer } from './comlink-errors.ts';
import { decodeFrame } from './decode-frame.ts';
import { measureFrameQuality } from './frame-quality.ts';
import type { EngineWorkerApi, WorkerInit } from './worker-api.ts';

/**
 * The browser's engine worker (a module Worker): the same `createEngine` as the server, with
 * zxing-wasm and onnxruntime-web loaded from the host's origin. OCR runtimes (onnxruntime-web and
 * the models) load only when a card or document is first asked for, unless preloaded, so a
 * barcode-only page never downloads them; the face detector only when a portrait is first asked for.
 */
registerIdlensErrorTransfer();

let settings: WorkerInit | null = null;
let progress: ((p: AssetProgress) => void) | undefined;
let barcodeEngine: Promise<Engine> | null = null;
let ocrEngine: Promise<Engine> | null = null;
let threads = 1;

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
 * onnxruntime-web's wasm URL once its bytes there check out (sha256, progress). Not kept in Cache
 * Storage: the runtime streams it from the URL itself, and Chromium keeps the compiled code of a
 * module streamed from its HTTP cache (see loadOrtWebBrowser), so that second fetch is a cache hit
 * when the host lets the file be cached.
 */
async function verifiedOrtWasmUrl(): Promise<string> {
  const init = requireInit();
  const url = versionedAssetUrl(ortWasm.file, ortWasm.sha256, init.assetsBaseUrl);
  await fetchAsset(url, ortWasm.file, ortWasm, { cacheName: null, onProgress: progress });
  return url;
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
  barcodeEngine ??= loadZxing().then((zxing) => createEngine({ zxing }));
  barcodeEngine.catch(() => (barcodeEngine = null)); // a failed load may be retried
  return barcodeEngine;
}

/** Models fetched when the OCR part starts: those browsers load, but the deferred face detector. */
const upFrontModels = browserModels()
  .filter((entry) => entry.name !== faceModelName)
  .map((entry) => entry.name);

function modelSource(init: WorkerInit) {
  return { baseUrl: init.modelsBaseUrl, cacheName: init.cacheName, onProgress: progress };
}

function engineForOcr(): Promise<Engine> {
  ocrEngine ??= (async () => {
    const init = requireInit();
    const [zxing, ort, models] = await Promise.all([
      loadZxing(),
      Promise.all([verifiedOrtWasmUrl(), import('./ocr.ts')]).then(([wasmUrl, { loadOrtWebBrowser }]) =>
        loadOrtWebBrowser({ wasmUrl, threads: init.threads }).catch(unavailable('onnxruntime-web')),
      ),
      loadModelsFromUrl({ ...modelSource(init), names: upFrontModels }),
    ]);
    threads = (ort as unknown as { env: { wasm: { numThreads: number } } }).env.wasm.numThreads;
    // The face detector is fetched with the first request that asks for a portrait.
    const face = findModel(faceModelName)!;
    const load = () =>
      loadModelsFromUrl({ ...modelSource(init), names: [faceModelName] }).then((set) => {
        const asset = set[faceModelName];
        if (!asset) throw new IdlensError('ASSET_NOT_FOUND', `model ${faceModelName}: ${face.file} is not served under ${init.modelsBaseUrl}`);
        return asset;
      });
    const engine = createEngine({ zxing, ort, models, deferredModels: { [faceModelName]: { entry: face, load } } });
    await engine.warm?.();
    return engine;
  })();
  ocrEngine.catch(() => (ocrEngine = null));
  return ocrEngine;
}

const api: EngineWorkerApi = {
  async init(init, onProgress) {
    settings = init;
    progress = onProgress;
    const loads: Promise<unknown>[] = [];
    if (init.preload.includes('barcode')) loads.push(engineForBarcodes());
    // Preloading overlaps with the user framing a document: the models' slow first runs go here too.
    if (init.preload.includes('ocr')) loads.push(engineForOcr().then((engine) => engine.warm?.({ runModels: true })));
    await Promise.all(loads);
    return { crossOriginIsolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true, threads };
  },
  async barcode(image, options) {
    const [engine, frame] = await Promise.all([engineForBarcodes(), decodeFrame(image)]);
    return engine.barcode(frame, options ?? {});
  },
  async idBarcode(image) {
    const [engine, frame] = await Promise.all([engineForBarcodes(), decodeFrame(image)]);
    return engine.idBarcode(frame);
  },
  async card(sides, options) {
    const [engine, cardNumberSide, otherSide] = await Promise.all([
      engineForOcr(),
      sides.cardNumberSide ? decodeFrame(sides.cardNumberSide, 'cardNumberSide') : null,
      sides.otherSide ? decodeFrame(sides.otherSide, 'otherSide') : null,
    ]);
    return engine.card({ cardNumberSide, otherSide }, options ?? {});
  },
  async document(sides, options) {
    const [engine, first, second] = await Promise.all([
      engineForOcr(),
      decodeFrame(sides.first, 'first'),
      sides.second ? decodeFrame(sides.second, 'second') : null,
    ]);
    return engine.document({ first, second }, options ?? {});
  },
  async frameQuality(image) {
    return measureFrameQuality(await decodeFrame(image));
  },
};

expose(api);
