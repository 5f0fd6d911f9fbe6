import { faceModelName } from '../engine/face/create-face-detector.ts';
import { ocrModelNames } from '../engine/ocr/create-ocr-engine.ts';

/**
 * Models the browser worker fetches with the first request that needs them, not when its OCR part
 * starts, and what needs them (`BrowserAsset.for`): the face detector, a portrait asked for; PP-OCRv4's
 * text detector, a card or document whose read with the distilled one did not check out
 * (`TextDetectorChoice` cascade).
 */
export const deferredModelUses: Readonly<Record<string, 'portrait' | 'ocr-fallback'>> = {
  [faceModelName]: 'portrait',
  [ocrModelNames.detector]: 'ocr-fallback',
};
