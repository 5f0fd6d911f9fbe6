import type { ModelEntry } from '@idlens/models';
import type { Frame } from '../../core/frame.ts';
import { resizeFrame } from '../image/resize-frame.ts';
import type { CtcCharset } from './charset.ts';
import { ctcDecode, type DecodedChar } from './ctc-decode.ts';
import { writeFrameTensor } from './frame-tensor.ts';
import type { ModelSession } from './model-session.ts';

/** What a line reader read on one line crop. */
export interface LineReading {
  text: string;
  chars: DecodedChar[];
  /** Mean character confidence (0 when empty). */
  confidence: number;
  /** Input pixels per output step, and the line's width in input pixels: maps `peak` back to x. */
  stride: number;
  inputWidth: number;
}

export interface LineReadOptions {
  /** Decode only these classes (see `classesFor`). */
  allowed?: Int32Array;
  /** Most lines per model run. */
  batchSize?: number;
  alternatives?: number;
}

/** Reads upright single-line crops (the recognition half of OCR; detection finds the lines). */
export interface LineReader {
  readonly name: string;
  readonly charset: CtcCharset;
  read(lines: readonly Frame[], options?: LineReadOptions): Promise<LineReading[]>;
}

/**
 * A CTC line reader (a text recognition model) over an ONNX session, configured by its manifest
 * entry (input height, channels, normalisation, padding, logits or probabilities). Lines are
 * sorted by aspect ratio and run in batches padded to the widest, as PaddleOCR does, so a page of
 * lines costs a few runs; a batch holds lines of similar width only (see `batchesOfSimilarWidth`).
 */
export function createLineReader(session: ModelSession, entry: ModelEntry, charset: CtcCharset): LineReader {
  const input = entry.input!;
  const height = input.height ?? 48;
  const multiple = input.widthMultipleOf ?? 8;
  const channels = input.channels;
  const planes = channels === 'GRAY' ? 1 : 3;
  const norm = entry.normalisation!;
  const padValue = input.padValue ?? 0;
  const logits = /logit/i.test(entry.output?.meaning ?? '') || entry.output?.name === 'logits';
  // PaddleOCR never runs narrower than 320 px (its default max_wh_ratio = 320/48).
  const minWidth = channels === 'GRAY' ? multiple : 320;

  return {
    name: entry.name,
    charset,
    async read(lines, options = {}) {
      const batchSize = Math.max(1, options.batchSize ?? 6);
      const widths = lines.map((l) => Math.max(1, Math.min(4096, Math.round((l.width * height) / Math.max(1, l.height)))));
      const results: LineReading[] = new Array(lines.length);
      for (const batch of batchesOfSimilarWidth(widths, batchSize, minWidth)) {
        const widest = Math.max(minWidth, ...batch.map((i) => widths[i]!));
        const tensorWidth = Math.ceil(widest / multiple) * multiple;
        const plane = tensorWidth * height;
        const data = new Float32Array(batch.length * planes * plane).fill(padValue);
        batch.forEach((lineIndex, k) => {
          const resized = resizeFrame(lines[lineIndex]!, widths[lineIndex]!, height);
          writeFrameTensor(resized, channels, norm, data, k * planes * plane, tensorWidth, height, input.stretchContrast === true);
        });
        const out = await session.run(data, [batch.length, planes, height, tensorWidth]);
        const steps = out.dims[1]!;
        const classes = out.dims[2]!;
        const stride = tensorWidth / steps;
        batch.forEach((lineIndex, k) => {
          const probs = out.data.subarray(k * steps * classes, (k + 1) * steps * classes);
          const chars = ctcDecode(probs, steps, classes, charset, { allowed: options.allowed, logits, alternatives: options.alternatives });
          const confidence = chars.length ? chars.reduce((s, c) => s + c.confidence, 0) / chars.length : 0;
          results[lineIndex] = { text: chars.map((c) => c.char).join(''), chars, confidence, stride, inputWidth: widths[lineIndex]! };
        });
      }
      return results;
    },
  };
}

/**
 * Widest line of a batch over its narrowest (each taken at least the reader's least width). A run
 * costs about its batch size times its padded width, whatever the lines' own widths: in
 * onnxruntime-web (one thread, Node) a passport page's six lines, padded in one run to its two
 * MRZ lines' 1304 px, took 0.72 s; its four others alone, in runs of similar width, 0.2 s.
 */
const maxWidthRatio = 1.3;

/**
 * Line indices grouped into runs: in order of width, at most `batchSize` a run, and a new run
 * when a line is more than `maxWidthRatio` times the width of the run's first.
 */
export function batchesOfSimilarWidth(widths: readonly number[], batchSize: number, minWidth: number): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]! || a - b);
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const index of order) {
    const first = batch[0];
    const tooWide = first !== undefined && Math.max(minWidth, widths[index]!) > maxWidthRatio * Math.max(minWidth, widths[first]!);
    if (batch.length === batchSize || tooWide) {
      batches.push(batch);
      batch = [];
    }
    batch.push(index);
  }
  if (batch.length) batches.push(batch);
  return batches;
}
