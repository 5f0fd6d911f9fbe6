import type { Frame } from '../core/frame.ts';
import type { AssetProgress } from '../runtime/fetch-asset.ts';
import type { BarcodeData, BarcodeOptions } from '../api/barcode.ts';
import type { CardData, CardOptions } from '../api/card.ts';
import type { DocumentData, DocumentOptions } from '../api/document.ts';
import type { IdBarcodeData } from '../api/id-barcode.ts';
import type { CardSidesOf, DocumentSidesOf } from '../api/recognition-methods.ts';
import type { Inference, InferenceInfo } from './plan-inference.ts';

/**
 * What crosses into the worker: a decoded RGBA frame (its buffer transferred), an ImageBitmap
 * (transferred) or an encoded Blob/File (shared by reference, decoded in the worker).
 */
export type WorkerImage = Frame | ImageBitmap | Blob;

/** Which runtimes to load before the first call (the others load on first use). */
export type Preload = 'barcode' | 'ocr';

export interface WorkerInit {
  /** Absolute URL of the folder holding `zxing_reader.wasm`. */
  assetsBaseUrl: string;
  /** Absolute URL of the folder holding the model files named in `@idlens/models`' manifest. */
  modelsBaseUrl: string;
  /** Cache Storage bucket for the models and wasm; null = no Cache Storage. */
  cacheName: string | null;
  preload: Preload[];
  /** The OCR models' runtime (see `planInference`). */
  inference: Inference;
  /** onnxruntime-web's threads on a cross-origin isolated page (default up to 4). */
  threads?: number;
  /** Let onnxruntime-web run on WebGPU when the browser has an adapter and its WebGPU build is served (default true). */
  webgpu?: boolean;
}

/** What the worker runs on: the page's isolation, and the OCR models' runtime once loaded (null before). */
export interface WorkerInfo {
  crossOriginIsolated: boolean;
  ocr: InferenceInfo | null;
}

/**
 * The comlink-exposed surface of the engine worker: the four recognition methods, each with an
 * optional call id (from the client) by which `cancel` stops it (see `CallScope`).
 */
export interface EngineWorkerApi {
  barcode(image: WorkerImage, options?: BarcodeOptions, callId?: number): Promise<BarcodeData>;
  idBarcode(image: WorkerImage, callId?: number): Promise<IdBarcodeData>;
  card(sides: CardSidesOf<WorkerImage>, options?: CardOptions, callId?: number): Promise<CardData>;
  document(sides: DocumentSidesOf<WorkerImage>, options?: DocumentOptions, callId?: number): Promise<DocumentData>;
  /** Stops the call with this id: under way, at its next zxing read or model run; queued, before it starts. */
  cancel(callId: number): void;
  init(init: WorkerInit, onProgress?: (progress: AssetProgress) => void): Promise<{ crossOriginIsolated: boolean; threads: number }>;
  info(): WorkerInfo;
  /** Blur/glare/brightness of a frame, for live-scanning feedback (cheap, no OCR); with `outline`, where the document lies. */
  frameQuality(image: WorkerImage, options?: FrameQualityOptions): Promise<FrameQuality>;
}

export interface FrameQualityOptions {
  /** Also look for a document's outline (`document`): a card or ID in view, cut off by the frame, or far away. */
  outline?: boolean;
}

/** Where a document lies in a frame (see `documentInView`). */
export interface DocumentInFrame {
  /** Outline in frame pixels, [tl, tr, br, bl]. */
  points: Array<{ x: number; y: number }>;
  /** Part of the document lies outside the frame. */
  cutOff: boolean;
  /** Its area as a share of the frame's. */
  share: number;
}

export interface FrameQuality {
  width: number;
  height: number;
  /** Mean luma 0…255. */
  brightness: number;
  /** Variance of a Laplacian on a downscaled gray image; low = blurry. */
  sharpness: number;
  /** Share of near-white pixels (0…1); high = glare. */
  glare: number;
  /** With `outline`: the document found in the frame, or null (none found). */
  document?: DocumentInFrame | null;
}
