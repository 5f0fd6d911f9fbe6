import type { GrayImage } from './gray-image.ts';
import { lowerQuantile, upperQuantile } from './histogram-quantile.ts';

/**
 * Maps the `clip`-quantile of the histogram to black and the (1 − `clip`)-quantile to white,
 * linearly in between. Washed-out photos (glare, grey print, under-exposure) then span the full
 * range, which helps zxing's global-histogram binarizer find a valley between bars and spaces.
 * Returns the input unchanged when it has no usable range (a blank image stays blank rather than
 * having its noise amplified into structure). `range`: the quantiles when the caller has them already.
 */
export function contrastStretch(source: GrayImage, clip = 0.01, range = levelRange(source, clip)): GrayImage {
  const { low, high } = range;
  if (high - low < 8) return source;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(Math.min(255, Math.max(0, ((v - low) * 255) / (high - low))));
  const data = new Uint8Array(source.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[source.data[i]!]!;
  return { width: source.width, height: source.height, data };
}

/** The `clip`- and (1 − `clip`)-quantiles of an image's gray levels. */
export function levelRange(source: GrayImage, clip = 0.01): { low: number; high: number } {
  const histogram = new Uint32Array(256);
  for (const value of source.data) histogram[value]!++;
  return { low: lowerQuantile(histogram, clip * source.data.length), high: upperQuantile(histogram, clip * source.data.length) };
}
