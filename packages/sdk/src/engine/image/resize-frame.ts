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

/** One output row: the resampled source rows starting at `at`, mixed by `weights`, rounded into `data` from `o`. */
function verticalPass(rows: Float32Array, at: Int32Array, weights: Float32Array, data: Uint8ClampedArray, o: number, length: number): void {
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (let k = 0; k < weights.length; k++) sum += weights[k]! * rows[at[k]! + i]!;
    // Uint8ClampedArray rounds half to even and clamps: deterministic on every platform.
    data[o + i] = sum;
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
      const o = at + x * 4;
      into[o] = r;
      into[o + 1] = g;
      into[o + 2] = b;
      into[o + 3] = a;
    }
  };
}
