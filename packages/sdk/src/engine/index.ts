import { assertDocumentRuleOptions } from './document/document-class-rules.ts';
import type { CardSidesOf, DocumentSidesOf, RecognitionMethods } from '../api/recognition-methods.ts';
import { readBarcode } from './barcode/read-barcode.ts';
import type { ZxingReader } from './barcode/zxing-reader.ts';
import { emptyCardData } from './card/empty-card-data.ts';
import { defaultReadCardSettings, readCardCascading } from './card/read-card.ts';
import type { CardData, CardOptions } from '../api/card.ts';
import type { DocumentData, DocumentOptions } from '../api/document.ts';
import { FrameMemo } from './pipeline/frame-memo.ts';
import type { StageTrace } from './pipeline/stage-trace.ts';
import { assertValidFrame, type Frame } from '../core/frame.ts';
import { readIdBarcode } from './aamva/read-id-barcode.ts';
import type { ModelSet } from '@idlens/models';
import type { PrintedFieldChoice } from './document/visual/read-visual-zone.ts';
import { createOcrEngine, type LineReaderChoice, type OcrEngine, type TextDetectorChoice, type WarmOptions } from './ocr/create-ocr-engine.ts';
import type { InferenceRuntime } from './ocr/inference-runtime.ts';
import { readDocument } from './document/read-document.ts';
import { createFaceDetector, faceModelName, type FaceDetector } from './face/create-face-detector.ts';
import { createModelSession, type DeferredModel } from './ocr/model-session.ts';
import type { MrzModelChoice } from './mrz/read-mrz.ts';

export * from '../core/errors.ts';
export * from '../core/frame.ts';
export type { ZxingReader } from './barcode/zxing-reader.ts';
export type { InferenceRuntime, RuntimeSession, RuntimeTensor } from './ocr/inference-runtime.ts';
/** @deprecated The same type under its earlier name: `InferenceRuntime`. */
export type OrtRuntime = InferenceRuntime;
export type { MrzModelChoice } from './mrz/read-mrz.ts';
export type { PrintedFieldChoice } from './document/visual/read-visual-zone.ts';
export type { LineReaderChoice, TextDetectorChoice, WarmOptions } from './ocr/create-ocr-engine.ts';
export type { DeferredModel } from './ocr/model-session.ts';
export { faceModelName } from './face/create-face-detector.ts';
export type { StageDecision, StageTrace } from './pipeline/stage-trace.ts';
// MRZ parsing is pure text work: the server re-checks stored readings with the same code.
export { parseMrz, type ParsedMrz, type MrzCheck } from './mrz/parse-mrz.ts';

/** Everything environment-specific, injected so that the engine runs unchanged in Node and browsers. */
export interface EngineRuntimes {
  zxing: ZxingReader;
  /**
   * The inference runtime that runs the OCR models (onnxruntime-node on the server, the SDK's convnet
   * runtime or onnxruntime-web in browsers) and the loaded, verified model assets (`@idlens/models`).
   * Without them cards answer EMPTY and documents are read from their ID barcode only; without the
   * face detector documents come without `faceImage`.
   */
  inference?: InferenceRuntime;
  /** @deprecated The same as `inference`, under its earlier name. */
  ort?: InferenceRuntime;
  models?: ModelSet;
  /**
   * Models fetched on first use instead of with `models` (by manifest name): the browser worker
   * defers the face detector to the first request that asks for a portrait, and the cascade's
   * fallback text detector to the first read that does not check out.
   */
  deferredModels?: Readonly<Record<string, DeferredModel>>;
  ocr?: {
    /** Passed to every `InferenceSession.create`. */
    sessionOptions?: Record<string, unknown>;
    /** Which model reads MRZ lines: the dedicated one when present (`auto`), or forced (eval comparisons). */
    mrzModel?: MrzModelChoice;
    /** Which model reads printed lines: the Latin one when present (`auto`), or forced (eval comparisons). */
    lineReader?: LineReaderChoice;
    /** Which model finds text: the cascade of the distilled one and PP-OCRv4's when both are present (`auto`), or forced (see `TextDetectorChoice`). */
    textDetector?: TextDetectorChoice;
    /** Who decides which printed value is which field: the learned assigner (default: fewer wrong values, more marked uncertain) or the label rules alone (docs/decisions/0001-printed-fields-learned-by-default.md). */
    printedFields?: PrintedFieldChoice;
  };
  /** Clock for two-digit years and ages; tests inject a fixed one. */
  now?: () => Date;
}

export type CardSides = CardSidesOf<Frame>;
export type DocumentSides = DocumentSidesOf<Frame>;

/** What a caller may ask of one reading beyond its answer: for diagnosis (evaluation reports, tests), never the API's. */
export interface ReadingDiagnostics {
  /** Receives what each stage of the reading decided (`StageTrace`). */
  trace?: StageTrace;
}

/** The recognition engine: frames in, the spec's `data` objects out. */
export interface Engine extends RecognitionMethods<Frame> {
  card(sides: CardSides, options?: CardOptions, diagnostics?: ReadingDiagnostics): Promise<CardData>;
  document(sides: DocumentSides, options?: DocumentOptions, diagnostics?: ReadingDiagnostics): Promise<DocumentData>;
  /** Creates the ONNX sessions now (server start-up) instead of on the first request. */
  warm?(options?: WarmOptions): Promise<void>;
}

export function createEngine({
  zxing,
  inference: given,
  ort,
  models,
  deferredModels = {},
  ocr: ocrOptions = {},
  now = () => new Date(),
}: EngineRuntimes): Engine {
  const inference = given ?? ort;
  const ocr: OcrEngine | null =
    inference && models
      ? createOcrEngine(inference, models, {
          sessionOptions: ocrOptions.sessionOptions,
          lineReader: ocrOptions.lineReader,
          textDetector: ocrOptions.textDetector,
          deferred: deferredModels,
        })
      : null;
  const faceModel = inference && (models?.[faceModelName] ?? deferredModels[faceModelName]);
  const faces: FaceDetector | null = faceModel
    ? createFaceDetector(createModelSession(inference, faceModel, ocrOptions.sessionOptions), faceModel.entry)
    : null;
  // One memo for the engine's life: it keeps results only as long as the frames they came from live.
  const settings = { mrzModel: ocrOptions.mrzModel ?? 'auto', printedFields: ocrOptions.printedFields ?? 'learned', now, memo: new FrameMemo() };
  return {
    async barcode(frame, options = {}) {
      assertValidFrame(frame);
      return readBarcode(zxing, frame, options);
    },
    async idBarcode(frame) {
      assertValidFrame(frame);
      return readIdBarcode(zxing, frame);
    },
    // Cards need the OCR engine; without it they answer EMPTY.
    async card(sides, options = {}, { trace } = {}) {
      if (sides.cardNumberSide) assertValidFrame(sides.cardNumberSide, 'cardNumberSide');
      if (sides.otherSide) assertValidFrame(sides.otherSide, 'otherSide');
      if (!ocr || (!sides.cardNumberSide && !sides.otherSide)) return emptyCardData();
      return readCardCascading(ocr, sides, options, trace ? { ...defaultReadCardSettings, trace } : defaultReadCardSettings);
    },
    async document(sides, options = {}, { trace } = {}) {
      assertValidFrame(sides.first, 'first');
      if (sides.second) assertValidFrame(sides.second, 'second');
      assertDocumentRuleOptions(options);
      // Multi-side is the endpoint called, not whether a second image came (see DocumentOptions.multiSide).
      // Without the OCR engine only ID barcodes are read.
      return readDocument({ ocr, zxing, faces }, sides, options, trace ? { ...settings, trace } : settings, options.multiSide ?? !!sides.second);
    },
    async warm(options) {
      // A deferred model stays unfetched until its first use.
      await Promise.all([ocr?.warm(options), models?.[faceModelName] ? faces?.warm() : null]);
    },
  };
}
