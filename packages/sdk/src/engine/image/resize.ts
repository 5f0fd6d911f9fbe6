import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/** One output sample of a 1-D resampling: which source samples it mixes, with which weights. */
interface Tap {
  start: number;
  weights: Float32Array;
}

/**
 * Resizes a gray image to `width`×`height`. Each axis is resampled on its own: by area averaging
 * where it shrinks (every source pixel contributes, so thin bars blend into gray instead of
 * vanishing as they would with point sampling) and bilinearly where it grows (smooth edges, which
 * zxing's edge detector handles better than the staircase of nearest-neighbour upscaling).
 * Returns the map from the new image's coordinates to the source's.
 */
export function resize(source: GrayImage, width: number, height: number): { image: GrayImage; toSource: Affine } {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  const xTaps = axisTaps(source.width, width);
  const yTaps = axisTaps(source.height, height);

  // Horizontal pass into floats, then vertical pass into bytes.
  const rows = new Float32Array(width * source.height);
  for (let y = 0; y < source.height; y++) {
    const rowStart = y * source.width;
    for (let x = 0; x < width; x++) {
      const { start, weights } = xTaps[x]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * source.data[rowStart + start + k]!;
      rows[y * width + x] = sum;
    }
  }
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const { start, weights } = yTaps[y]!;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * rows[(start + k) * width + x]!;
      data[y * width + x] = sum < 0 ? 0 : sum > 255 ? 255 : Math.round(sum);
    }
  }
  return { image: { width, height, data }, toSource: [source.width / width, 0, 0, 0, source.height / height, 0] };
}

/** Resizes by one factor on both axes (< 1 shrinks, > 1 grows). */
export function scaleBy(source: GrayImage, factor: number): { image: GrayImage; toSource: Affine } {
  return resize(source, source.width * factor, source.height * factor);
}

function axisTaps(sourceLength: number, targetLength: number): Tap[] {
  const step = sourceLength / targetLength;
  const taps: Tap[] = [];
  for (let i = 0; i < targetLength; i++) {
    taps.push(step > 1 ? areaTap(i, step, sourceLength) : bilinearTap(i, step, sourceLength));
  }
  return taps;
}

/** Output sample `i` averages the source interval [i·step, (i+1)·step), partial pixels weighted by overlap. */
function areaTap(i: number, step: number, sourceLength: number): Tap {
  const from = i * step;
  const to = Math.min(sourceLength, from + step);
  const start = Math.floor(from);
  const end = Math.ceil(to);
  const weights = new Float32Array(end - start);
  for (let s = start; s < end; s++) {
    weights[s - start] = (Math.min(to, s + 1) - Math.max(from, s)) / (to - from);
  }
  return { start, weights };
}

/** Output sample `i` interpolates the two source pixels around its centre. */
function bilinearTap(i: number, step: number, sourceLength: number): Tap {
  const centre = Math.min(sourceLength - 1, Math.max(0, (i + 0.5) * step - 0.5));
  const start = Math.min(Math.floor(centre), Math.max(0, sourceLength - 2));
  if (sourceLength === 1) return { start: 0, weights: Float32Array.of(1) };
  const t = centre - start;
  return { start, weights: Float32Array.of(1 - t, t) };
}
