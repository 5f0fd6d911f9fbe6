import { proxy, releaseProxy, transfer as transferWith, wrap, type Remote } from 'comlink';
import type { BarcodeOptions } from '../api/barcode.ts';
import type { CardOptions } from '../api/card.ts';
import type { DocumentOptions } from '../api/document.ts';
import type { BarcodeData } from '../api/barcode.ts';
import type { CardData } from '../api/card.ts';
import type { DocumentData } from '../api/document.ts';
import type { IdBarcodeData } from '../api/id-barcode.ts';
import type { RecognitionMethods } from '../api/recognition-methods.ts';
import { IdlensError } from '../core/errors.ts';
import type { CardInput, DocumentInput, ImageInput } from '../core/image-input.ts';
import type { AssetProgress } from '../runtime/fetch-asset.ts';
import { registerIdlensErrorTransfer } from '../worker/comlink-errors.ts';
import type { EngineWorkerApi, FrameQuality, FrameQualityOptions, Preload } from '../worker/worker-api.ts';
import type { Inference, InferenceInfo } from '../worker/plan-inference.ts';
import { toWorkerImage } from './to-worker-image.ts';
import { createServerRecognizer, type ServerRecognizer, type ServerRecognizerOptions } from './server-recognizer.ts';

/** File name of the worker script in the assets folder. */
const workerFile = 'idlens-worker.js';

/**
 * The assets folder when neither `assetsBaseUrl` nor `workerUrl` is given: `/idlens/` on the page's
 * origin — where the Vite plugin (`@idlens/sdk/vite`) and `idlens-sdk assets copy public/idlens`
 * put the worker, wasm and models. The prebuilt `idlens.js` uses its own folder instead.
 */
export const defaultAssetsPath = '/idlens/';

export interface RecognizerOptions {
  /** URL of the worker script; default: `idlens-worker.js` in `assetsBaseUrl`. */
  workerUrl?: string | URL;
  /**
   * Folder of the worker and `.wasm` files on the host's origin; default: the `workerUrl`'s folder when
   * that is given, else `/idlens/` (or, with the prebuilt `idlens.js`, the folder it was loaded from).
   */
  assetsBaseUrl?: string | URL;
  /** Folder of the model files on the host's origin; default: `models/` under `assetsBaseUrl`. */
  modelsBaseUrl?: string | URL;
  /**
   * Load these runtimes now (default `['barcode']`); OCR (the SDK's OCR runtime and ≈2 MiB of models up front)
   * otherwise loads on the first card/document call. Preloaded OCR also runs each model once, so
   * that a model's slower first run happens before the first card or document.
   */
  preload?: Preload[];
  /**
   * Keep the models and the wasm in Cache Storage for the next visit (default true; needs a secure
   * context; docs/sdk.md, "Loading").
   */
  cacheModels?: boolean;
  /**
   * The runtime that runs the OCR models (docs/sdk.md, "Inference runtimes"):
   * - `convnet` (default): the SDK's own, in its OCR chunk — the smallest download; `threads` on a
   *   cross-origin isolated page (its helper workers are the worker script started again);
   * - `onnxruntime-web`: the optional peer dependency, served from `onnxruntime-web/` in the assets
   *   folder (the Vite plugin's `onnxruntimeWeb` option, `idlens-sdk assets copy --onnxruntime-web`):
   *   `threads` on a cross-origin isolated page, WebGPU where the browser has it and its WebGPU build
   *   is served; not served, the OCR part fails with RUNTIME_UNAVAILABLE;
   * - `auto`: onnxruntime-web where it brings WebGPU and is served, else `convnet`.
   * `info()` says which ran.
   */
  inference?: Inference;
  /** Either runtime's threads when the page is cross-origin isolated (default: up to 4, at most the cores); one otherwise. */
  threads?: number;
  /** Let onnxruntime-web use WebGPU when the browser has an adapter (default true). */
  webgpu?: boolean;
  /** `worker` (default), `server` (always call the server) or `auto` (worker, server when the worker/WASM cannot run). */
  mode?: 'worker' | 'server' | 'auto';
  /** The server for `mode: 'server' | 'auto'`. */
  server?: ServerRecognizerOptions;
  /** Same as listening to `progress` events. */
  onProgress?: (event: RecognizerProgressEvent) => void;
}

/** Bytes of a wasm or model file loaded (from the network or Cache Storage). */
export class RecognizerProgressEvent extends Event {
  static readonly eventName = 'progress';
  /** File name (e.g. `zxing_reader.wasm`, `ch_PP-OCRv4_det_int8.onnx`). */
  readonly asset: string;
  readonly loaded: number;
  /** The file's size in bytes (known in advance from the manifest, not from the response). */
  readonly total: number;
  readonly cached: boolean;
  constructor({ asset, loaded, total, cached }: AssetProgress) {
    super(RecognizerProgressEvent.eventName);
    this.asset = asset;
    this.loaded = loaded;
    this.total = total;
    this.cached = cached;
  }
}

/** Per-call settings of a recognition (the last argument of each method). */
export interface RecognizeCall {
  /**
   * Cancels the recognition: the promise rejects at once with an `AbortError` (never with a
   * result), the worker stops at its next zxing read or model run, and a server request is aborted.
   */
  signal?: AbortSignal;
}

/**
 * The recognizer: a module Worker running the engine (or the server, see `mode`), with the
 * server's four operations. Dispatches `progress` events while loading. Each method takes a
 * last `{ signal }` argument that cancels it (`RecognizeCall`).
 */
export interface Recognizer extends RecognitionMethods<ImageInput>, EventTarget {
  barcode(image: ImageInput, options?: BarcodeOptions, call?: RecognizeCall): Promise<BarcodeData>;
  idBarcode(image: ImageInput, call?: RecognizeCall): Promise<IdBarcodeData>;
  card(sides: CardInput, options?: CardOptions, call?: RecognizeCall): Promise<CardData>;
  document(sides: DocumentInput, options?: DocumentOptions, call?: RecognizeCall): Promise<DocumentData>;
  /** Resolves once the preloaded runtimes are ready; rejects with the load error. */
  readonly ready: Promise<void>;
  /** Where recognition runs now (`auto` switches to `server` when the worker cannot start). */
  readonly mode: 'worker' | 'server';
  /** After `ready` in worker mode: whether the page is cross-origin isolated, and the OCR runtime's threads (1 until it loaded). */
  readonly runtime: { crossOriginIsolated: boolean; threads: number } | null;
  /** Where recognition runs and, once the OCR part loaded, on which inference runtime, execution provider and threads. */
  info(): Promise<RecognizerInfo>;
  /** Blur/glare/brightness of a frame (worker only), for live-scanning feedback; with `{ outline: true }` also where the document lies. */
  frameQuality(image: ImageInput, options?: FrameQualityOptions): Promise<FrameQuality>;
  /** Stops the worker and frees its memory; pending and later calls reject with WORKER_TERMINATED. */
  terminate(): void;
  addEventListener(type: 'progress', listener: (event: RecognizerProgressEvent) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: 'progress', listener: (event: RecognizerProgressEvent) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/** `recognizer.info()`: `ocr` is null on the server and until a card, document or `preload: ['ocr']` loaded the OCR part. */
export interface RecognizerInfo {
  mode: 'worker' | 'server';
  crossOriginIsolated: boolean | null;
  ocr: InferenceInfo | null;
}

const inferences: readonly Inference[] = ['convnet', 'onnxruntime-web', 'auto'];

export function createRecognizer(options: RecognizerOptions = {}): Recognizer {
  registerIdlensErrorTransfer();
  return new WorkerRecognizer(options);
}

class WorkerRecognizer extends EventTarget implements Recognizer {
  readonly ready: Promise<void>;
  mode: 'worker' | 'server';
  runtime: { crossOriginIsolated: boolean; threads: number } | null = null;
  #worker: Worker | null = null;
  #remote: Remote<EngineWorkerApi> | null = null;
  #server: ServerRecognizer | null;
  #nextCallId = 1;
  #terminated = false;
  #rejectPending = new Set<(error: Error) => void>();

  /** EventTarget's, typed for `progress` listeners (see `Recognizer`). */
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | ((event: RecognizerProgressEvent) => void) | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    super.addEventListener(type, listener as EventListenerOrEventListenerObject | null, options);
  }

  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | ((event: RecognizerProgressEvent) => void) | null,
    options?: boolean | EventListenerOptions,
  ): void {
    super.removeEventListener(type, listener as EventListenerOrEventListenerObject | null, options);
  }

  constructor(options: RecognizerOptions) {
    super();
    if (options.onProgress) this.addEventListener(RecognizerProgressEvent.eventName, options.onProgress as EventListener);
    this.#server = options.server ? createServerRecognizer(options.server) : null;
    const requested = options.mode ?? 'worker';
    if (options.inference !== undefined && !inferences.includes(options.inference)) {
      throw new IdlensError('INVALID_OPTIONS', `inference must be one of ${inferences.join(', ')}, not ${String(options.inference)}`);
    }
    if ((requested === 'server' || requested === 'auto') && !this.#server) {
      throw new IdlensError('INVALID_OPTIONS', `mode '${requested}' needs the server option`);
    }
    this.mode = requested === 'server' ? 'server' : 'worker';
    this.ready =
      requested === 'server'
        ? Promise.resolve()
        : this.#start(options).catch((error: unknown) => {
            if (requested === 'auto' && !this.#terminated) {
              this.#stopWorker();
              this.mode = 'server';
              return;
            }
            throw error;
          });
    // Calls await `ready` themselves; an unobserved rejection here is not an error of its own.
    this.ready.catch(() => {});
  }

  async #start(options: RecognizerOptions): Promise<void> {
    if (typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') {
      throw new IdlensError('RUNTIME_UNAVAILABLE', 'this browser cannot run Web Workers with WebAssembly');
    }
    const givenWorker = options.workerUrl ? new URL(String(options.workerUrl), globalThis.location?.href) : null;
    const assetsBaseUrl = dirUrl(options.assetsBaseUrl ?? (givenWorker ? new URL('./', givenWorker) : defaultAssetsPath));
    const workerUrl = givenWorker ?? new URL(workerFile, assetsBaseUrl);
    const modelsBaseUrl = dirUrl(options.modelsBaseUrl ?? new URL('models/', assetsBaseUrl));
    const worker = new Worker(workerUrl, { type: 'module', name: 'idlens-engine' });
    this.#worker = worker;
    this.#remote = wrap<EngineWorkerApi>(worker);
    // A worker script that fails to load (404, CSP) only fires `error`; without this race the
    // first call would wait forever.
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener(
        'error',
        (event) => {
          event.preventDefault?.();
          reject(new IdlensError('RUNTIME_UNAVAILABLE', `the worker script ${workerUrl.href} could not start${event.message ? `: ${event.message}` : ''}`));
        },
        { once: true },
      );
    });
    const onProgress = proxy((p: AssetProgress) => this.dispatchEvent(new RecognizerProgressEvent(p)));
    this.runtime = await this.#track(
      Promise.race([
        this.#remote.init(
          {
            assetsBaseUrl: assetsBaseUrl.href,
            modelsBaseUrl: modelsBaseUrl.href,
            cacheName: options.cacheModels === false ? null : 'idlens-assets-v1',
            preload: options.preload ?? ['barcode'],
            inference: options.inference ?? 'convnet',
            threads: options.threads,
            webgpu: options.webgpu,
          },
          onProgress,
        ),
        failed,
      ]),
    );
  }

  /** Rejects `promise`'s caller with WORKER_TERMINATED when `terminate()` runs first. */
  #track<T>(promise: Promise<T>): Promise<T> {
    if (this.#terminated) return Promise.reject(terminatedError());
    return new Promise<T>((resolve, reject) => {
      this.#rejectPending.add(reject);
      promise.then(resolve, reject).finally(() => this.#rejectPending.delete(reject));
    });
  }

  /**
   * One recognition, in the worker or on the server. With a signal, an abort rejects the call at
   * once with an AbortError and tells the worker to stop it (`cancel`), so no result is delivered.
   */
  async #call<T>(
    viaWorker: (remote: Remote<EngineWorkerApi>, callId: number) => Promise<T>,
    viaServer: (server: ServerRecognizer) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.#terminated) throw terminatedError();
    signal?.throwIfAborted();
    await abortable(this.ready, signal);
    if (this.mode === 'server') return abortable(viaServer(this.#server!), signal);
    const remote = this.#remote!;
    const callId = this.#nextCallId++;
    const onAbort = () => void remote.cancel(callId).catch(() => {});
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await abortable(this.#track(viaWorker(remote, callId)), signal);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  barcode(image: ImageInput, options?: BarcodeOptions, { signal }: RecognizeCall = {}) {
    return this.#call(
      async (r, id) => {
        const { image: img, transfer } = await toWorkerImage(image);
        return r.barcode(transferred(img, transfer), options, id);
      },
      (s) => s.barcode(image, options, { signal }),
      signal,
    );
  }

  idBarcode(image: ImageInput, { signal }: RecognizeCall = {}) {
    return this.#call(
      async (r, id) => {
        const { image: img, transfer } = await toWorkerImage(image);
        return r.idBarcode(transferred(img, transfer), id);
      },
      (s) => s.idBarcode(image, { signal }),
      signal,
    );
  }

  card(sides: CardInput, options?: CardOptions, { signal }: RecognizeCall = {}) {
    return this.#call(
      async (r, id) => {
        const [a, b] = await Promise.all([optional(sides.cardNumberSide, 'cardNumberSide'), optional(sides.otherSide, 'otherSide')]);
        const images = { cardNumberSide: a?.image ?? null, otherSide: b?.image ?? null };
        return r.card(transferred(images, [...(a?.transfer ?? []), ...(b?.transfer ?? [])]), options, id);
      },
      (s) => s.card(sides, options, { signal }),
      signal,
    );
  }

  document(sides: DocumentInput, options?: DocumentOptions, { signal }: RecognizeCall = {}) {
    return this.#call(
      async (r, id) => {
        const [a, b] = await Promise.all([toWorkerImage(sides.first, 'first'), optional(sides.second, 'second')]);
        return r.document(transferred({ first: a.image, second: b?.image ?? null }, [...a.transfer, ...(b?.transfer ?? [])]), options, id);
      },
      (s) => s.document(sides, options, { signal }),
      signal,
    );
  }

  frameQuality(image: ImageInput, options?: FrameQualityOptions) {
    return this.#call(
      async (r) => {
        const { image: img, transfer } = await toWorkerImage(image);
        return r.frameQuality(transferred(img, transfer), options);
      },
      async () => {
        throw new IdlensError('RUNTIME_UNAVAILABLE', 'frame quality needs the worker');
      },
    );
  }

  async info(): Promise<RecognizerInfo> {
    if (this.#terminated) throw terminatedError();
    await this.ready;
    if (this.mode === 'server') return { mode: 'server', crossOriginIsolated: null, ocr: null };
    const worker = await this.#track(this.#remote!.info());
    return { mode: 'worker', ...worker };
  }

  terminate(): void {
    if (this.#terminated) return;
    this.#terminated = true;
    this.#stopWorker();
    for (const reject of this.#rejectPending) reject(terminatedError());
    this.#rejectPending.clear();
  }

  #stopWorker(): void {
    this.#remote?.[releaseProxy]();
    this.#worker?.terminate();
    this.#remote = null;
    this.#worker = null;
  }
}

function optional(input: ImageInput | null | undefined, label: string) {
  return input ? toWorkerImage(input, label) : Promise.resolve(null);
}

/** Marks a value for transfer with comlink (no copy of pixel buffers or bitmaps). */
function transferred<T>(value: T, transfer: Transferable[]): T {
  return transfer.length ? transferWith(value, transfer) : value;
}

function dirUrl(url: string | URL): URL {
  return new URL(String(url).replace(/\/?$/, '/'), globalThis.location?.href);
}

/** `promise`, or an AbortError as soon as `signal` aborts (the promise's own outcome is then dropped). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The signal's reason when it is an error, else a DOMException named AbortError. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof Error ? signal.reason : new DOMException('the recognition was cancelled', 'AbortError');
}

function terminatedError(): IdlensError {
  return new IdlensError('WORKER_TERMINATED', 'the recognizer was terminated');
}
