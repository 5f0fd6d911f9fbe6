import type { GrayImage } from './gray-image.ts';

export interface DeconvolveOptions {
  /** Standard deviation (px) of the Gaussian blur assumed to have softened the image. */
  sigma: number;
  /** Richardson–Lucy iterations: more restore finer detail and amplify more noise. */
  iterations: number;
}

/**
 * Richardson–Lucy deconvolution under a Gaussian point-spread function: the image is taken as a
 * sharp one blurred by σ, and the sharp one estimated by repeatedly comparing the estimate,
 * blurred, with the image and correcting it by the blurred ratio. Unlike an unsharp mask, which
 * steepens every edge by the same amount, it restores what the blur took in proportion — two thin
 * bars merged into one grey band come apart again, which is what a defocused or downscaled symbol
 * has lost. Levels stay positive and the image's mean roughly kept (the borders repeat their edge
 * pixels, and the estimate is clamped to 0…255).
 */
export function deconvolve(source: GrayImage, { sigma, iterations }: DeconvolveOptions): GrayImage {
  const { width, height } = source;
  // No blur to undo (or a nonsensical one): the image as it is.
  if (!(sigma > 0) || !(iterations >= 1)) return { width, height, data: source.data.slice() };
  const n = width * height;
  // +1: the method divides by the blurred estimate, and black is 0.
  const observed = new Float32Array(n);
  for (let i = 0; i < n; i++) observed[i] = source.data[i]! + 1;
  const estimate = observed.slice();
  const blurred = new Float32Array(n);
  const ratio = new Float32Array(n);
  const scratch = new Float32Array(n);
  const kernel = gaussianKernel(sigma);
  for (let it = 0; it < iterations; it++) {
    gaussianBlur(estimate, blurred, scratch, width, height, kernel);
    for (let i = 0; i < n; i++) ratio[i] = observed[i]! / Math.max(blurred[i]!, 1e-3);
    gaussianBlur(ratio, blurred, scratch, width, height, kernel);
    for (let i = 0; i < n; i++) estimate[i]! *= blurred[i]!;
  }
  const data = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = estimate[i]! - 1;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return { width, height, data };
}

/** Normalized taps of a Gaussian over ±2.5σ (what lies beyond weighs under 2 %). */
function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(2.5 * sigma));
  const taps = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    taps[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += taps[i + radius]!;
  }
  for (let i = 0; i < taps.length; i++) taps[i]! /= sum;
  return taps;
}

/**
 * Separable Gaussian blur of `source` into `out` (edges clamped), using `scratch` for the row pass.
 * The clamping is kept out of the inner loops, and the column pass runs along rows, as the
 * deconvolution calls this twice an iteration.
 */
function gaussianBlur(source: Float32Array, out: Float32Array, scratch: Float32Array, width: number, height: number, taps: Float32Array): void {
  const radius = (taps.length - 1) >> 1;
  const clampX = (x: number) => (x < 0 ? 0 : x >= width ? width - 1 : x);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let sum = 0;
      if (x >= radius && x < width - radius) for (let k = 0; k < taps.length; k++) sum += taps[k]! * source[row + x - radius + k]!;
      else for (let k = 0; k < taps.length; k++) sum += taps[k]! * source[row + clampX(x - radius + k)]!;
      scratch[row + x] = sum;
    }
  }
  out.fill(0);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let k = 0; k < taps.length; k++) {
      const yy = y - radius + k;
      const from = (yy < 0 ? 0 : yy >= height ? height - 1 : yy) * width;
      const tap = taps[k]!;
      for (let x = 0; x < width; x++) out[row + x]! += tap * scratch[from + x]!;
    }
  }
}
