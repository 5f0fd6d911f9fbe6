import type { ModelSet } from '@idlens/models';
import { IdlensError } from '../errors.ts';
import { loadCharset } from './charset.ts';
import { createOcr, type Ocr } from './create-ocr.ts';
import { createTextDetector, type TextDetector } from './create-text-detector.ts';
import { createTextRecognizer, type TextRecognizer } from './create-text-recognizer.ts';
import { createModelSession, type ModelSession } from './model-session.ts';
import type { OrtRuntime } from './ort-runtime.ts';

/** Manifest names the engine looks for. */
export const ocrModelNames = { detector: 'ppocr-det', recognizer: 'ppocr-rec', mrzRecognizer: 'mrz-rec' } as const;

/** The OCR parts built from the injected runtime and models; sessions are created once, lazily. */
export interface OcrEngine {
  detector: TextDetector;
  /** The general recognizer (PP-OCR). */
  recognizer: TextRecognizer;
  /** The dedicated MRZ line recognizer, when its model is present. */
  mrzRecognizer: TextRecognizer | null;
  ocr: Ocr;
  /** Creates every session now (server start-up) instead of on the first request. */
  warm(): Promise<void>;
}

export interface OcrEngineOptions {
  /** Passed to `InferenceSession.create` (e.g. `{ intraOpNumThreads: 1 }`). */
  sessionOptions?: Record<string, unknown>;
}

export function createOcrEngine(ort: OrtRuntime, models: ModelSet, options: OcrEngineOptions = {}): OcrEngine {
  const need = (name: string) => {
    const asset = models[name];
    if (!asset) throw new IdlensError('MODEL_LOAD_FAILED', `model ${name} was not given to the engine`);
    return asset;
  };
  const sessions: ModelSession[] = [];
  const session = (name: string) => {
    const s = createModelSession(ort, need(name), options.sessionOptions);
    sessions.push(s);
    return s;
  };
  const detector = createTextDetector(session(ocrModelNames.detector), need(ocrModelNames.detector).entry);
  const recognizer = createTextRecognizer(session(ocrModelNames.recognizer), need(ocrModelNames.recognizer).entry, loadCharset(models, ocrModelNames.recognizer));
  const mrzAsset = models[ocrModelNames.mrzRecognizer];
  const mrzRecognizer = mrzAsset ? createTextRecognizer(session(ocrModelNames.mrzRecognizer), mrzAsset.entry, loadCharset(models, ocrModelNames.mrzRecognizer)) : null;
  return {
    detector,
    recognizer,
    mrzRecognizer,
    ocr: createOcr(detector, recognizer),
    async warm() {
      await Promise.all(sessions.map((s) => s.warm()));
    },
  };
}
