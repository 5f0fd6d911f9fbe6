import type { GrayImage } from './gray-image.ts';
import { runningMean } from './running-mean.ts';

/**
 * Mean over a (2·radius+1)² window, separable with running sums so the cost does not depend on the
 * radius. Used to denoise (sensor noise and JPEG ringing break bar edges into many short runs) and
 * as the low-pass half of {@link sharpen}. Edges are handled by clamping the window to the image.
 */
export function boxBlur(source: GrayImage, radius = 1): GrayImage {
  const { width, height } = source;
  if (radius < 1) return source;
  const horizontal = new Float32Array(width * height);
  for (let y = 0; y < height; y++) runningMean(source.data, horizontal, y * width, 1, width, radius);
  const vertical = new Float32Array(width * height);
  for (let x = 0; x < width; x++) runningMean(horizontal, vertical, x, width, height, radius);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(vertical[i]!);
  return { width, height, data };
}
