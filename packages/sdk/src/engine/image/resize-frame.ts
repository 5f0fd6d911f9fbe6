import type { Frame } from '../../core/frame.ts';
import { axisTaps, ResampledRows, widestTap, type Tap } from './resample-taps.ts';

/**
 * Resizes an RGBA frame (all four channels) to `width`×`height`: area averaging where an axis
 * shrinks, bilinear where it grows — the same resampling as `resize` for gray images, kept separate
 * because the OCR models want colour and the gray path must not pay for three more channels.
 */
export function resizeFrame(source: Frame, width: number, height: number): Frame {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  if (width === source.width && height === source.height) return source;
  const yTaps = axisTaps(source.height, height);
  const window = widestTap(yTaps);
  const rows = new ResampledRows(width * 4, window, horizontalPass(source, width));
  const data = new Uint8ClampedArray(width * height * 4);
  const at = new Int32Array(window);
  for (let y = 0; y < height; y++) {
    const { start, weights } = yTaps[y]!;
    for (let k = 0; k < weights.length; k++) at[k] = rows.offsetOf(start + k);
    verticalPass(rows.rows, at, weights, data, y * width * 4, width * 4);
  }
  return { width, height, data };
}

/**
 * One output row: the resampled source rows starting at `at`, mixed by `weights`, rounded into `data`
 * from `o`. Two and three rows (what a page shrunk for the detector mixes) are written out: the same
 * sums in the same order, several times faster than the general loop.
 */
function verticalPass(rows: Float32Array, at: Int32Array, weights: Float32Array, data: Uint8ClampedArray, o: number, length: number): void {
  // Uint8ClampedArray rounds half to even and clamps: deterministic on every platform.
  const [w0 = 0, w1 = 0, w2 = 0] = weights;
  const [a0 = 0, a1 = 0, a2 = 0] = at;
  if (weights.length === 2) {
    for (let i = 0; i < length; i++) data[o + i] = w0 * rows[a0 + i]! + w1 * rows[a1 + i]!;
  } else if (weights.length === 3) {
    for (let i = 0; i < length; i++) data[o + i] = w0 * rows[a0 + i]! + w1 * rows[a1 + i]! + w2 * rows[a2 + i]!;
  } else {
    for (let i = 0; i < length; i++) {
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * rows[at[k]! + i]!;
      data[o + i] = sum;
    }
  }
}

/**
 * Resamples one source row to `width` (unrounded, RGBA). A width kept copies the row: its taps
 * would give the very same values (weights of 1, or 0 and 1) — the detector's page only loses a few
 * rows to a multiple of 32.
 */
function horizontalPass(source: Frame, width: number): (sourceRow: number, into: Float32Array, at: number) => void {
  const src = source.data;
  const rowLength = source.width * 4;
  if (width === source.width) {
    return (sourceRow, into, at) => {
      for (let i = 0, p = sourceRow * rowLength; i < rowLength; i++) into[at + i] = src[p + i]!;
    };
  }
  const xTaps: Tap[] = axisTaps(source.width, width);
  return (sourceRow, into, at) => {
    const rowStart = sourceRow * rowLength;
    for (let x = 0; x < width; x++) {
      const { start, weights } = xTaps[x]!;
      const p = rowStart + start * 4;
      const o = at + x * 4;
      if (weights.length === 2) {
        // Two source pixels (a page shrunk for the detector): the general loop's sums, written out.
        const w0 = weights[0]!;
        const w1 = weights[1]!;
        into[o] = w0 * src[p]! + w1 * src[p + 4]!;
        into[o + 1] = w0 * src[p + 1]! + w1 * src[p + 5]!;
        into[o + 2] = w0 * src[p + 2]! + w1 * src[p + 6]!;
        into[o + 3] = w0 * src[p + 3]! + w1 * src[p + 7]!;
        continue;
      }
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let k = 0, q = p; k < weights.length; k++, q += 4) {
        const w = weights[k]!;
        r += w * src[q]!;
        g += w * src[q + 1]!;
        b += w * src[q + 2]!;
        a += w * src[q + 3]!;
      }
      into[o] = r;
      into[o + 1] = g;
      into[o + 2] = b;
      into[o + 3] = a;
    }
  };
}
