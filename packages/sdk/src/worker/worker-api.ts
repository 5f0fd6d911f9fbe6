import type { Frame } from '../core/frame.ts';
import type { AssetProgress } from '../runtime/fetch-asset.ts';
import type { RecognitionMethods } from '../api/recognition-methods.ts';

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
}

/** The comlink-exposed surface of the engine worker. */
export interface EngineWorkerApi extends RecognitionMethods<WorkerImage> {
  init(init: WorkerInit, onProgress?: (progress: AssetProgress) => void): Promise<{ crossOriginIsolated: boolean; threads: number }>;
  /** Blur/glare/brightness of a frame, for live-scanning feedback (cheap, no OCR). */
  frameQuality(image: WorkerImage): Promise<FrameQuality>;
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
}
