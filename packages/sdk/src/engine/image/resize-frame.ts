import type { Frame } from '../../core/frame.ts';
import { axisTaps } from './resample-taps.ts';

/**
 * Resizes an RGBA frame (all four channels) to `width`×`height`: area averaging where an axis
 * shrinks, bilinear where it grows — the same resampling as `resize` for gray images, kept separate
 * because the OCR models want colour and the gray path must not pay for three more channels.
 */
export function resizeFrame(source: Frame, width: number, height: number): Frame {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  if (width === source.width && height === source.height) return source;
  // A width kept resamples each row to the very same values (weights of 1, or 0 and 1): the
  // horizontal pass is skipped — the detector's page only loses a few rows to a multiple of 32.
  const rows = width === source.width ? source.data : resizeRows(source, width);
  const yTaps = axisTaps(source.height, height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const { start, weights } = yTaps[y]!;
    for (let x = 0; x < width; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let k = 0, p = (start * width + x) * 4; k < weights.length; k++, p += width * 4) {
        const w = weights[k]!;
        r += w * rows[p]!;
        g += w * rows[p + 1]!;
        b += w * rows[p + 2]!;
        a += w * rows[p + 3]!;
      }
      const o = (y * width + x) * 4;
      // Uint8ClampedArray rounds half to even and clamps: deterministic on every platform.
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = a;
    }
  }
  return { width, height, data };
}

/** The horizontal pass: every row of `source` resampled to `width` (unrounded, RGBA). */
function resizeRows(source: Frame, width: number): Float32Array {
  const xTaps = axisTaps(source.width, width);
  const rows = new Float32Array(width * source.height * 4);
  const src = source.data;
  for (let y = 0; y < source.height; y++) {
    const rowStart = y * source.width * 4;
    for (let x = 0; x < width; x++) {
      const { start, weights } = xTaps[x]!;
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let k = 0, p = rowStart + start * 4; k < weights.length; k++, p += 4) {
        const w = weights[k]!;
        r += w * src[p]!;
        g += w * src[p + 1]!;
        b += w * src[p + 2]!;
        a += w * src[p + 3]!;
      }
      const o = (y * width + x) * 4;
      rows[o] = r;
      rows[o + 1] = g;
      rows[o + 2] = b;
      rows[o + 3] = a;
    }
  }
  return rows;
}
