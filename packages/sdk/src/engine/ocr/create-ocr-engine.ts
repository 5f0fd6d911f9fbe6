import type { ModelEntry, ModelSet } from '@idlens/models';
import { IdlensError } from '../../core/errors.ts';
import { loadCharset } from './charset.ts';
import { createOcr, type Ocr } from './create-ocr.ts';
import { createTextDetector, documentPageDetection, type TextDetector } from './create-text-detector.ts';
import { createLineReader, type LineReader } from './create-line-reader.ts';
import { createModelSession, type DeferredModel, type ModelSession } from './model-session.ts';
import type { InferenceRuntime } from './inference-runtime.ts';
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
 * Which model finds text:
 * - `cascade`: the project's distilled detector first, about three times faster a run than PP-OCRv4's
 *   in onnxruntime-web, and PP-OCRv4's (its teacher) when a read found with it does not check out
 *   (no MRZ whose check digits pass, no Luhn-valid card number): the student misses sideways and
 *   small text on photographed cards and printed fields the teacher finds (models/training/README.md);
 * - `auto`: the cascade when both detectors were given and the distilled one is not opt-in, else
 *   the one given;
 * - forced, for comparisons: `distilled` alone, or `general` (PP-OCRv4's) alone.
 */
export type TextDetectorChoice = 'auto' | 'cascade' | 'distilled' | 'general';

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
  /**
   * The same engine with the slower, surer detector, for a read whose result did not check out
   * (`TextDetectorChoice` cascade); null when this engine's detector is the only one.
   */
  fallback: OcrEngine | null;
  /** Creates every session now (server start-up) instead of on the first request; see `WarmOptions`. */
  warm(options?: WarmOptions): Promise<void>;
}

export interface WarmOptions {
  /**
   * Also run each model once on a blank input. A session's first run is slower than the next (its
   * memory is touched for the first time, the JavaScript around the kernels is not yet optimised;
   * with onnxruntime-web, until 2026-11-29, its wasm was also compiled lazily): in Chromium the
   * detector's first run on a passport page takes ~0.2–0.3 s longer than the next (docs/sdk.md).
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
  /**
   * Models fetched when first needed instead of given in `models` (by manifest name): the browser
   * worker defers the cascade's fallback detector, which only reads that did not check out need.
   */
  deferred?: Readonly<Record<string, DeferredModel>>;
}

export function createOcrEngine(runtime: InferenceRuntime, models: ModelSet, options: OcrEngineOptions = {}): OcrEngine {
  const deferred = options.deferred ?? {};
  const need = (name: string) => {
    const asset = models[name] ?? deferred[name];
    if (!asset) throw new IdlensError('MODEL_LOAD_FAILED', `model ${name} was not given to the engine`);
    return asset;
  };
  // Sessions of deferred models are created on first use, not by `warm` (their bytes are not here).
  const sessions: ModelSession[] = [];
  const session = (name: string) => {
    const s = createModelSession(runtime, need(name), options.sessionOptions);
    if (models[name]) sessions.push(s);
    return s;
  };
  const detectorFor = (name: string) => createTextDetector(session(name), need(name).entry);
  const detectors = textDetectorModels({ ...deferred, ...models }, options.textDetector ?? 'auto');
  const detector = detectorFor(detectors.first);
  const reader = (name: string, entry: ModelEntry) => createLineReader(session(name), entry, loadCharset(models, name));
  const lineReaderName = lineReaderModel(models, options.lineReader ?? 'auto');
  const lineReader = reader(lineReaderName, need(lineReaderName).entry);
  const mrzAsset = models[ocrModelNames.mrzLineReader];
  const mrzLineReader = mrzAsset ? reader(ocrModelNames.mrzLineReader, mrzAsset.entry) : null;
  const withDetector = (textDetector: TextDetector, fallback: OcrEngine | null): OcrEngine => ({
    detector: textDetector,
    lineReader,
    mrzLineReader,
    ocr: createOcr(textDetector, lineReader),
    fallback,
    async warm({ runModels = false, signal } = {}) {
      await Promise.all(sessions.map((s) => s.warm()));
      // The fallback detector runs only after a read that did not check out: its first run is not
      // worth making while the user frames the document.
      if (runModels) await runOnBlanks(detector, [lineReader, mrzLineReader], signal);
    },
  });
  return withDetector(detector, detectors.fallback ? withDetector(detectorFor(detectors.fallback), null) : null);
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

/** The models an engine was given or may fetch, by manifest name: all a choice looks at is which are there and which are opt-in. */
type OfferedModels = Readonly<Record<string, { entry: Pick<ModelEntry, 'optIn'> } | undefined>>;

/** The manifest name of the line reader to use (see `ownOrGeneral`). */
export function lineReaderModel(models: ModelSet, choice: LineReaderChoice): string {
  return ownOrGeneral(models, { own: ocrModelNames.latinLineReader, general: ocrModelNames.lineReader }, choice === 'latin' ? 'own' : choice);
}

/**
 * The manifest names of the text detectors to use (see `TextDetectorChoice`): the one that finds text
 * first, and the one a read that did not check out is done again with (the cascade), or null.
 */
export function textDetectorModels(models: OfferedModels, choice: TextDetectorChoice): { first: string; fallback: string | null } {
  const names = { own: ocrModelNames.distilledDetector, general: ocrModelNames.detector };
  const cascade = choice === 'cascade' || (choice === 'auto' && !!models[names.general] && !!models[names.own] && !models[names.own]!.entry.optIn);
  if (cascade) return { first: names.own, fallback: names.general };
  const alone = choice === 'distilled' ? 'own' : choice === 'general' ? 'general' : 'auto';
  return { first: ownOrGeneral(models, names, alone), fallback: null };
}

/**
 * The project's own model when asked for, or when given and not opt-in (`ModelEntry.optIn`: kept
 * for comparison only), else PP-OCR's general one it replaces.
 */
function ownOrGeneral(models: OfferedModels, names: { own: string; general: string }, choice: 'auto' | 'own' | 'general'): string {
  if (choice === 'general') return names.general;
  const own = models[names.own];
  if (choice === 'own' || (own && !own.entry.optIn)) return names.own;
  return names.general;
}
