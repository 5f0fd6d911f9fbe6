import type { Frame } from '../../core/frame.ts';
import type { ScoredQuad } from './db-postprocess.ts';
import type { Quad } from './min-area-rect.ts';
import type { TextDetector, TextDetectorOptions } from './create-text-detector.ts';
import type { LineReading, LineReader } from './create-line-reader.ts';
import { cropTextLine } from './crop-text-line.ts';

/** A line of text found on a page: where, and what it says. */
export interface OcrLine extends LineReading {
  quad: Quad;
  /** Detection score (mean text probability of the region). */
  detectionScore: number;
  /** The line image the reader read (`cropTextLine` at the reader's height): callers measuring the line's ink reuse it. */
  crop: Frame;
}

/** Full-page OCR: detection, then every region read by the line reader. */
export interface Ocr {
  readPage(frame: Frame, options?: ReadPageOptions): Promise<OcrLine[]>;
  /** The second half of `readPage`: lines already detected on `frame`, read. */
  readLines(frame: Frame, quads: readonly ScoredQuad[], options?: ReadLinesOptions): Promise<OcrLine[]>;
}

export interface ReadLinesOptions {
  /** Readings less sure than this are dropped (`defaultMinConfidence`). */
  minConfidence?: number;
}

/** Readings less sure than this are no text: what `readLines` drops unless told otherwise. */
export const defaultMinConfidence = 0.5;

export interface ReadPageOptions extends Partial<TextDetectorOptions>, ReadLinesOptions {}

export function createOcr(detector: TextDetector, lineReader: LineReader, lineHeight = 48): Ocr {
  const ocr: Ocr = {
    async readPage(frame, { minConfidence, ...detection } = {}) {
      return ocr.readLines(frame, await detector.detect(frame, detection), { minConfidence });
    },
    async readLines(frame, quads, { minConfidence = defaultMinConfidence } = {}) {
      const crops = quads.map((q) => cropTextLine(frame, q, lineHeight));
      const lines = await lineReader.read(crops);
      return lines
        .map((line, i) => ({ ...line, quad: quads[i]!, detectionScore: quads[i]!.score, crop: crops[i]! }))
        .filter((line) => line.text.trim().length > 0 && line.confidence >= minConfidence);
    },
  };
  return ocr;
}
