import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';
import { axisTaps, ResampledRows, widestTap, type Interpolation } from './resample-taps.ts';

/**
 * Resizes a gray image to `width`×`height`. Each axis is resampled on its own: by area averaging
 * where it shrinks (every source pixel contributes, so thin bars blend into gray instead of
 * vanishing as they would with point sampling) and as `grow` says where it grows: bilinearly by
 * default (smooth edges, which zxing's edge detector handles better than the staircase of
 * nearest-neighbour upscaling), or by cubic convolution, which also restores bars of a pixel or so
 * to their depth where a straight line leaves them shallow grey. `offset` moves every sample that
 * many source pixels right and down (`axisTaps`): the same image sampled at another phase. Returns
 * the map from the new image's coordinates to the source's.
 */
export function resize(source: GrayImage, width: number, height: number, grow: Interpolation = 'bilinear', offset = 0): { image: GrayImage; toSource: Affine } {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  const xTaps = axisTaps(source.width, width, grow, offset);
  const yTaps = axisTaps(source.height, height, grow, offset);

  // Horizontal pass into floats, a few rows at a time (`ResampledRows`), then vertical pass into bytes.
  const rows = new ResampledRows(width, widestTap(yTaps), (sourceRow, into, at) => {
    const rowStart = sourceRow * source.width;
    for (let x = 0; x < width; x++) {
      const { start, weights } = xTaps[x]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * source.data[rowStart + start + k]!;
      into[at + x] = sum;
    }
  });
  const data = new Uint8Array(width * height);
  const at = new Int32Array(rows.window);
  for (let y = 0; y < height; y++) {
    const { start, weights } = yTaps[y]!;
    for (let k = 0; k < weights.length; k++) at[k] = rows.offsetOf(start + k);
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * rows.rows[at[k]! + x]!;
      data[y * width + x] = sum < 0 ? 0 : sum > 255 ? 255 : Math.round(sum);
    }
  }
  return { image: { width, height, data }, toSource: [source.width / width, 0, offset, 0, source.height / height, offset] };
}

/** Resizes by one factor on both axes (< 1 shrinks, > 1 grows), sampled `offset` source pixels on (see `resize`). */
export function scaleBy(source: GrayImage, factor: number, grow: Interpolation = 'bilinear', offset = 0): { image: GrayImage; toSource: Affine } {
  return resize(source, source.width * factor, source.height * factor, grow, offset);
}
