import type { Frame } from '../../core/frame.ts';
import { toGray } from '../image/gray-image.ts';
import type { LineReader } from '../ocr/create-line-reader.ts';
import { cropTextLine } from '../ocr/crop-text-line.ts';
import type { PlacedChar } from './align-line.ts';
import type { LineQuad } from './locate-mrz.ts';

/** One MRZ line as read: its characters placed along it, and where its ink runs (line-image pixels). */
export interface ReadLine {
  chars: PlacedChar[];
  inkStart: number;
  inkEnd: number;
  text: string;
}

export interface ReadLinesOptions {
  /** Height of the line images (the line reader's input height). */
  height: number;
  allowed: Int32Array;
  /**
   * Read in overlapping windows of about this many text heights instead of whole lines. The general
   * line reader loses whole stretches of a 44-symbol line (it was trained on short phrases); on
   * ~12-symbol windows it reads OCR-B almost perfectly. 0 = whole lines (the dedicated model).
   */
  windowHeights: number;
}

/**
 * Reads fitted MRZ lines, whole or in windows batched together. Windows are cut where the line has
 * least ink near the wanted width — between glyphs — so that no glyph is seen twice or in halves,
 * and each window gets a white margin like a detected word would have.
 */
export async function readMrzLines(frame: Frame, lines: readonly LineQuad[], reader: LineReader, o: ReadLinesOptions): Promise<ReadLine[]> {
  const images = lines.map((l) => cropTextLine(frame, l, o.height));
  const windows: Array<{ line: number; x0: number; image: Frame; pad: number }> = [];
  const textHeight = 0.75 * o.height;
  images.forEach((image, line) => {
    const size = Math.round(o.windowHeights * textHeight);
    if (!o.windowHeights || image.width <= size * 1.3) {
      windows.push({ line, x0: 0, image, pad: 0 });
      return;
    }
    const ink = columnInk(image);
    const count = Math.round(image.width / size);
    const cuts = [0];
    for (let k = 1; k < count; k++) cuts.push(leastInk(ink, Math.round((k * image.width) / count), Math.round(0.6 * textHeight)));
    cuts.push(image.width);
    const pad = Math.round(0.3 * textHeight);
    for (let k = 0; k + 1 < cuts.length; k++) windows.push({ line, x0: cuts[k]!, image: paddedColumns(image, cuts[k]!, cuts[k + 1]!, pad), pad });
  });
  const read = await reader.read(
    windows.map((w) => w.image),
    { allowed: o.allowed, alternatives: 3 },
  );
  return images.map((image, line) => {
    const chars: PlacedChar[] = [];
    windows.forEach((w, i) => {
      if (w.line !== line) return;
      const r = read[i]!;
      const scale = w.image.width / r.inputWidth;
      for (const c of r.chars) chars.push({ ...c, x: w.x0 - w.pad + (c.peak + 0.5) * r.stride * scale });
    });
    // fitLineQuad leaves 0.6 text heights of margin left and right of the ink.
    const margin = 0.6 * textHeight;
    return { chars, inkStart: margin, inkEnd: image.width - margin, text: chars.map((c) => c.char).join('') };
  });
}

/** Dark pixels per column over the middle half of the line (where every glyph has ink). */
function columnInk(image: Frame): Float32Array {
  const { width, height, data: gray } = toGray(image);
  let min = 255;
  let max = 0;
  for (const v of gray) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const threshold = (min + max) / 2;
  const ink = new Float32Array(width);
  for (let y = Math.floor(height / 4); y < Math.ceil((3 * height) / 4); y++) {
    for (let x = 0; x < width; x++) ink[x]! += Math.max(0, threshold - gray[y * width + x]!);
  }
  return ink;
}

/** The column with least ink within `radius` of `at` (the nearest one on ties). */
function leastInk(ink: Float32Array, at: number, radius: number): number {
  let best = at;
  for (let d = 0; d <= radius; d++) {
    for (const x of [at - d, at + d]) if (x > 0 && x < ink.length && ink[x]! < ink[best]!) best = x;
  }
  return best;
}

/** Columns [x0, x1) of a line image with `pad` white columns on both sides. */
function paddedColumns(image: Frame, x0: number, x1: number, pad: number): Frame {
  const width = x1 - x0 + 2 * pad;
  const data = new Uint8ClampedArray(width * image.height * 4).fill(255);
  for (let y = 0; y < image.height; y++) data.set(image.data.subarray((y * image.width + x0) * 4, (y * image.width + x1) * 4), (y * width + pad) * 4);
  return { width, height: image.height, data };
}
