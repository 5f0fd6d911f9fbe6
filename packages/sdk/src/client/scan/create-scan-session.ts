import type { BarcodeData, BarcodeOptions } from '../../api/barcode.ts';
import type { CardData, CardOptions } from '../../api/card.ts';
import type { DocumentData, DocumentOptions } from '../../api/document.ts';
import type { RecognitionMethods } from '../../api/recognition-methods.ts';
import type { ImageInput } from '../../core/image-input.ts';
import type { DocumentInFrame, FrameQuality, FrameQualityOptions } from '../../worker/worker-api.ts';
import { FieldAgreement } from './field-agreement.ts';
import { defaultQualityThresholds, qualityFeedback, type QualityThresholds, type ScanFeedback } from './scan-feedback.ts';

export type ScanKind = 'barcode' | 'document' | 'card';
type ResultOf<K extends ScanKind> = K extends 'barcode' ? BarcodeData : K extends 'card' ? CardData : DocumentData;

export interface ScanSessionOptions<K extends ScanKind> {
  recognizer: RecognitionMethods<ImageInput> & { frameQuality?(image: ImageInput, options?: FrameQualityOptions): Promise<FrameQuality> };
  kind: K;
  /** Where frames come from: a playing `<video>` (camera), or any function returning a frame. */
  source: HTMLVideoElement | (() => Promise<ImageInput> | ImageInput);
  options?: K extends 'barcode' ? BarcodeOptions : K extends 'card' ? CardOptions : DocumentOptions;
  /** Consecutive frames that must agree on each field (default 2). */
  agreement?: number;
  /** Minimum time between frame starts (ms, default 100); frames are never queued. */
  minIntervalMs?: number;
  quality?: Partial<QualityThresholds>;
  /** A barcode whose box covers less than this share of the frame asks the user to move closer. */
  minBarcodeArea?: number;
  /**
   * Cards and documents (default true for them): each frame's check also looks for the document's
   * outline (`frame` events carry it). A document the frame cuts off gives `cut-off` and is not read
   * until it is whole; one smaller than `minDocumentArea` of the frame that reads as nothing gives
   * `move-closer`.
   */
  locateDocument?: boolean;
  /** Share of the frame below which a found document is too far away (default 0.1). */
  minDocumentArea?: number;
  /**
   * How the session's result is read: the frame expected to complete the agreement (the frames
   * before it agreeing already) is read with this instead of the usual reading, and only such a
   * reading completes the session — one that reads every agreed field as agreed, and rests on what
   * the frames before it rested on (`sameEvidence`). The document scanner reads a back with the front
   * captured before it (`document({ first, second })`), so the agreed frame is not read again
   * afterwards. A final reading that does not confirm counts as a frame like any other.
   */
  readFinal?: (frame: ImageInput, call: { signal: AbortSignal }) => Promise<ResultOf<K>>;
}

/** What the frame check saw in one frame: its quality and, for cards and documents, where the document lies. */
export class ScanFrameEvent extends Event {
  readonly quality: FrameQuality;
  /** The document's outline in frame pixels (null: none found, or not looked for). */
  readonly document: DocumentInFrame | null;
  constructor(quality: FrameQuality) {
    super('frame');
    this.quality = quality;
    this.document = quality.document ?? null;
  }
}

export class ScanFeedbackEvent extends Event {
  readonly feedback: ScanFeedback;
  constructor(feedback: ScanFeedback) {
    super('feedback');
    this.feedback = feedback;
  }
}

export class ScanResultEvent<T> extends Event {
  readonly result: T;
  constructor(result: T) {
    super('result');
    this.result = result;
  }
}

/** A running live scan; `result` resolves with the agreed reading, `stop()` ends it early. */
export interface ScanSession<T> extends EventTarget {
  readonly result: Promise<T>;
  /** Frames looked at / recognized (for throttling diagnostics). */
  readonly stats: { frames: number; recognized: number; lastMs: number };
  stop(): void;
}

/** Fields that must agree before a document/card/barcode counts as read. */
const agreedFields = {
  barcode: (d: BarcodeData) => ({ stringData: d.rawData ? `${d.barcodeType}:${d.rawData}` : null }),
  document: (d: DocumentData) => ({
    documentNumber: d.documentNumber?.latin,
    dateOfBirth: d.dateOfBirth?.originalString?.latin,
    dateOfExpiry: d.dateOfExpiry?.originalString?.latin,
  }),
  card: (d: CardData) => ({ cardNumber: d.cardNumber }),
} satisfies Record<ScanKind, (d: never) => Record<string, string | null | undefined>>;

/**
 * What a reading rests on beyond its fields. A document's back read with its front (`readFinal`)
 * can agree on fields the front's print supplies while the back itself was not read: the final
 * reading must have the MRZ or barcode the frames before it had.
 */
const evidenceOf = {
  barcode: () => '',
  document: (d: DocumentData) => `${!!d.mrzData}/${!!d.barcodeData}`,
  card: () => '',
} satisfies Record<ScanKind, (d: never) => string>;

/**
 * Live scanning: takes frames from a video, one at a time (a new frame starts only when the last
 * one finished, so a slow device simply sees fewer frames instead of a growing queue), checks
 * blur/glare/brightness cheaply first, recognizes, and accepts the reading once `agreement`
 * consecutive frames agree on every key field. Emits `feedback` events whenever the advice changes.
 */
export function createScanSession<K extends ScanKind>(options: ScanSessionOptions<K>): ScanSession<ResultOf<K>> {
  return new LiveScanSession(options) as unknown as ScanSession<ResultOf<K>>;
}

class LiveScanSession<K extends ScanKind> extends EventTarget {
  readonly result: Promise<ResultOf<K>>;
  readonly stats = { frames: 0, recognized: 0, lastMs: 0 };
  #stopped = false;
  #lastFeedback: ScanFeedback | null = null;
  readonly #abort = new AbortController();
  readonly #options: ScanSessionOptions<K>;
  #resolve!: (value: ResultOf<K>) => void;
  #reject!: (error: unknown) => void;

  constructor(options: ScanSessionOptions<K>) {
    super();
    this.#options = options;
    this.result = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.result.catch(() => {});
    void this.#loop();
  }

  /** Ends the scan: the result rejects with an AbortError, and the frame being recognized is cancelled in the worker. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#abort.abort();
    this.#reject(new DOMException('the scan session was stopped', 'AbortError'));
  }

  #feedback(feedback: ScanFeedback): void {
    if (feedback === this.#lastFeedback) return;
    this.#lastFeedback = feedback;
    this.dispatchEvent(new ScanFeedbackEvent(feedback));
  }

  async #loop(): Promise<void> {
    const { recognizer, kind, agreement = 2, minIntervalMs = 100, minBarcodeArea = 0.01, minDocumentArea = 0.1 } = this.#options;
    const locate = this.#options.locateDocument ?? kind !== 'barcode';
    const thresholds = { ...defaultQualityThresholds, ...this.#options.quality };
    const fields = new FieldAgreement(agreement);
    const names = Object.keys(agreedFields[kind]({} as never));
    let best: ResultOf<K> | null = null;
    // The last reading's agreed fields: were the next frame to read the same, would the agreement be complete?
    let lastFields: Record<string, string | null | undefined> = {};
    // The last reading made the usual way (not `readFinal`): what a final reading must rest on too.
    let usualReading: ResultOf<K> | null = null;
    // Quality probes need the worker; with the server fallback the session goes without them.
    let probeQuality = !!recognizer.frameQuality && (recognizer as { mode?: string }).mode !== 'server';
    while (!this.#stopped) {
      const started = performance.now();
      try {
        const frame = await this.#nextFrame();
        this.stats.frames++;
        let inView: DocumentInFrame | null = null;
        if (probeQuality) {
          const quality = await recognizer.frameQuality!(await cloneIfNeeded(frame), locate ? { outline: true } : undefined).catch(
            (error: { code?: string }) => {
              if (error.code !== 'RUNTIME_UNAVAILABLE') throw error;
              probeQuality = false;
              return null;
            },
          );
          if (this.#stopped) return;
          if (quality) this.dispatchEvent(new ScanFrameEvent(quality));
          inView = quality?.document ?? null;
          // Light and focus first (they spoil the outline too), then a document the frame cuts off:
          // reading half a card would only tell the user to hold still while the rest is missing.
          const problem = (quality && qualityFeedback(quality, thresholds)) || (inView?.cutOff ? 'cut-off' : null);
          if (problem) {
            this.#feedback(problem);
            await delay(minIntervalMs - (performance.now() - started));
            continue;
          }
        }
        const size = frameSize(frame); // read before the frame is transferred to the worker
        const final = !!this.#options.readFinal && (agreement <= 1 || fields.wouldComplete(lastFields, names));
        const data = (await this.#recognize(frame, final)) as ResultOf<K>;
        this.stats.recognized++;
        if (this.#stopped) return;
        if ((data as { recognitionStatus: string }).recognitionStatus === 'EMPTY') {
          this.#feedback(inView && inView.share < minDocumentArea ? 'move-closer' : 'no-document');
        } else if (kind === 'barcode' && boxShare(data as BarcodeData, size) < minBarcodeArea) {
          this.#feedback('move-closer');
        } else if (kind === 'card' && (data as CardData).processingStatus === 'AWAITING_OTHER_SIDE') {
          this.#feedback('flip-side');
        } else {
          lastFields = agreedFields[kind](data as never);
          fields.add(lastFields);
          best = data;
          if (!final) usualReading = data;
          if (this.#completes(fields, names, { final, read: lastFields, usual: usualReading, data })) {
            this.#feedback('done');
            this.dispatchEvent(new ScanResultEvent(best));
            this.#stopped = true;
            this.#resolve(best);
            return;
          }
          this.#feedback('hold-still');
        }
      } catch (error) {
        this.#stopped = true;
        this.#reject(error);
        return;
      } finally {
        this.stats.lastMs = performance.now() - started;
      }
      await delay(minIntervalMs - (performance.now() - started));
    }
  }

  async #nextFrame(): Promise<ImageInput> {
    const { source } = this.#options;
    if (typeof source === 'function') return source();
    // A fresh bitmap per frame: it is transferred to the worker, the video keeps playing.
    return createImageBitmap(source);
  }

  /** Whether this reading ends the session (see `readFinal`). */
  #completes(
    fields: FieldAgreement,
    names: readonly string[],
    reading: { final: boolean; read: Record<string, string | null | undefined>; usual: ResultOf<K> | null; data: ResultOf<K> },
  ): boolean {
    if (!fields.hasAll(names)) return false;
    if (!this.#options.readFinal) return true;
    const evidence = evidenceOf[this.#options.kind] as (d: ResultOf<K>) => string;
    const { final, read, usual, data } = reading;
    return final && fields.confirms(read, names) && (!usual || evidence(usual) === evidence(data));
  }

  #recognize(frame: ImageInput, final: boolean): Promise<unknown> {
    const { kind, options } = this.#options;
    // The browser recognizer takes a last `{ signal }`: stop() then cancels the frame in the worker.
    const recognizer = this.#options.recognizer as CancellableMethods;
    const call = { signal: this.#abort.signal };
    if (final) return this.#options.readFinal!(frame, call);
    if (kind === 'barcode') return recognizer.barcode(frame, options as BarcodeOptions, call);
    if (kind === 'card') return recognizer.card({ cardNumberSide: frame }, options as CardOptions, call);
    return recognizer.document({ first: frame }, options as DocumentOptions, call);
  }
}

/** Recognition methods that may take a last `{ signal }` (the browser and server recognizers do; others ignore it). */
interface CancellableMethods {
  barcode(image: ImageInput, options: BarcodeOptions | undefined, call: { signal: AbortSignal }): Promise<unknown>;
  card(sides: { cardNumberSide: ImageInput }, options: CardOptions | undefined, call: { signal: AbortSignal }): Promise<unknown>;
  document(sides: { first: ImageInput }, options: DocumentOptions | undefined, call: { signal: AbortSignal }): Promise<unknown>;
}

/** The quality probe transfers its input; keep the original for recognition. */
async function cloneIfNeeded(frame: ImageInput): Promise<ImageInput> {
  if (typeof ImageBitmap !== 'undefined' && frame instanceof ImageBitmap) return createImageBitmap(frame);
  const f = frame as { width: number; height: number; data?: unknown };
  if (f.data instanceof Uint8ClampedArray) return { width: f.width, height: f.height, data: new Uint8ClampedArray(f.data) };
  return frame;
}

function frameSize(frame: ImageInput): { width?: number; height?: number } {
  const { width, height } = frame as { width?: number; height?: number };
  return { width, height };
}

function boxShare(data: BarcodeData, { width, height }: { width?: number; height?: number }): number {
  const points = data.detectionPoints?.points;
  if (!points?.length || !width || !height) return 1;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return ((Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys))) / (width * height);
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
