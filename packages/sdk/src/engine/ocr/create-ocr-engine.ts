import type { ModelEntry, ModelSet } from '@idlens/models';
import { IdlensError } from '../../core/errors.ts';
import { loadCharset } from './charset.ts';
import { createOcr, type Ocr } from './create-ocr.ts';
import { createTextDetector, documentPageDetection, type TextDetector } from './create-text-detector.ts';
import { createLineReader, type LineReader } from './create-line-reader.ts';
import { createModelSession, type ModelSession } from './model-session.ts';
import type { OrtRuntime } from './ort-runtime.ts';
import type { Frame } from '../../core/frame.ts';

/** Manifest names the engine looks for. */
export const ocrModelNames = {
  detector: 'ppocr-det',
  distilledDetector: 'text-det',
  lineReader: 'ppocr-rec',
  latinLineReader: 'latin-rec',
  mrzLineReader: 'mrz-rec',
} as const;

/**
 * Which model finds text: the project's distilled detector when it was given and is not opt-in
 * (`auto`; it ships opt-in until it reads photographed cards as well), or forced — `distilled`, or
 * `general` (PP-OCRv4's, its teacher, about three times slower a run) for comparisons.
 */
export type TextDetectorChoice = 'auto' | 'distilled' | 'general';

/**
 * Which model reads printed lines (cards, printed fields, the MRZ's second opinion): the project's
 * Latin recognizer when it was given (`auto`), or forced — `latin`, or `general` (PP-OCR's, trained
 * on Chinese text) for comparisons.
 */
export type LineReaderChoice = 'auto' | 'latin' | 'general';

/** The OCR parts built from the injected runtime and models; sessions are created once, lazily. */
export interface OcrEngine {
  detector: TextDetector;
  /** The line reader of printed text (see `LineReaderChoice`). */
  lineReader: LineReader;
  /** The dedicated MRZ line reader, when its model is present. */
  mrzLineReader: LineReader | null;
  ocr: Ocr;
  /** Creates every session now (server start-up) instead of on the first request; see `WarmOptions`. */
  warm(options?: WarmOptions): Promise<void>;
}

export interface WarmOptions {
  /**
   * Also run each model once on a blank input. In onnxruntime-web a session's first run is far
   * slower than the next (the wasm it reaches is compiled lazily and optimised as it runs hot,
   * buffers are allocated): in Chromium a passport's first read takes the better part of a second
   * longer than the next (`pnpm bench browser`, docs/sdk.md).
   * Worth it when loading overlaps with the user framing the document (`preload`); on a server,
   * or when a request is already waiting, it only adds the run.
   */
  runModels?: boolean;
  /** Stops the runs not yet started (a real request came: it need not wait for all of them). */
  signal?: AbortSignal;
}

export interface OcrEngineOptions {
  /** Passed to `InferenceSession.create` (e.g. `{ intraOpNumThreads: 1 }`). */
  sessionOptions?: Record<string, unknown>;
  lineReader?: LineReaderChoice;
  textDetector?: TextDetectorChoice;
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
  const detectorName = textDetectorModel(models, options.textDetector ?? 'auto');
  const detector = createTextDetector(session(detectorName), need(detectorName).entry);
  const reader = (name: string, entry: ModelEntry) => createLineReader(session(name), entry, loadCharset(models, name));
  const lineReaderName = lineReaderModel(models, options.lineReader ?? 'auto');
  const lineReader = reader(lineReaderName, need(lineReaderName).entry);
  const mrzAsset = models[ocrModelNames.mrzLineReader];
  const mrzLineReader = mrzAsset ? reader(ocrModelNames.mrzLineReader, mrzAsset.entry) : null;
  return {
    detector,
    lineReader,
    mrzLineReader,
    ocr: createOcr(detector, lineReader),
    async warm({ runModels = false, signal } = {}) {
      await Promise.all(sessions.map((s) => s.warm()));
      if (runModels) await runOnBlanks(detector, [lineReader, mrzLineReader], signal);
    },
  };
}

/**
 * One run of each model on a blank input the size a document or card brings (see
 * `WarmOptions.runModels`): the detector on a straightened passport page at the shape it is
 * detected at (`documentPageDetection`: a document's MRZ and print are found there) and on a 1080p
 * frame (a card's lines, a document without an outline), each line reader on a line.
 */
async function runOnBlanks(detector: TextDetector, readers: ReadonlyArray<LineReader | null>, signal?: AbortSignal): Promise<void> {
  const blank = (width: number, height: number): Frame => ({ width, height, data: new Uint8ClampedArray(width * height * 4).fill(255) });
  const runs = [
    () => detector.detect(blank(documentPageDetection.width, documentPageDetection.height), { maxSide: documentPageDetection.maxSide }),
    () => detector.detect(blank(1920, 1080)),
    ...readers.flatMap((reader) => (reader ? [() => reader.read([blank(1024, 32)])] : [])),
  ];
  for (const run of runs) {
    if (signal?.aborted) return;
    await run();
  }
}

/** The manifest name of the line reader to use (see `ownOrGeneral`). */
export function lineReaderModel(models: ModelSet, choice: LineReaderChoice): string {
  return ownOrGeneral(models, { own: ocrModelNames.latinLineReader, general: ocrModelNames.lineReader }, choice === 'latin' ? 'own' : choice);
}

/** The manifest name of the text detector to use (see `ownOrGeneral`). */
export function textDetectorModel(models: ModelSet, choice: TextDetectorChoice): string {
  return ownOrGeneral(models, { own: ocrModelNames.distilledDetector, general: ocrModelNames.detector }, choice === 'distilled' ? 'own' : choice);
}

/**
 * The project's own model when asked for, or when given and not opt-in (`ModelEntry.optIn`: kept
 * for comparison only), else PP-OCR's general one it replaces.
 */
function ownOrGeneral(models: ModelSet, names: { own: string; general: string }, choice: 'auto' | 'own' | 'general'): string {
  if (choice === 'general') return names.general;
  const own = models[names.own];
  if (choice === 'own' || (own && !own.entry.optIn)) return names.own;
  return names.general;
}
