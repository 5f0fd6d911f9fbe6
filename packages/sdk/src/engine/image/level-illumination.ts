import { boxBlur } from './box-blur.ts';
import type { GrayImage } from './gray-image.ts';
import { slidingExtreme } from './sliding-extreme.ts';

/** A window spanning fewer levels than this holds no ink: it is paper, a saturated patch, or a dark table. */
export const leastInkSpan = 40;

/**
 * Evens out illumination by each pixel's local white and black: the brightest and darkest levels
 * within ±`radius`, each smoothed over the same window (so the references follow the light, not the
 * bars; their reach is thus about ±2·radius), are mapped to 255 and 0. Glare adds light to bars and
 * spaces alike and saturates the spaces, so a symbol under it keeps its bars only as a shallow dip
 * below white; this restores their depth without the help of a global threshold. Anchored to white:
 * where the window spans fewer than `leastSpan` levels (paper, a saturated patch) the pixel keeps
 * its distance below the local white at that scale, so flat areas stay light — paper with sensor
 * noise up to σ ≈ 3 levels entirely; stronger noise spans the floor by itself and turns grey.
 */
export function levelIllumination(image: GrayImage, radius: number, leastSpan = leastInkSpan): GrayImage {
  const white = boxBlur(extremeFilter(image, radius, 'max'), radius);
  const black = boxBlur(extremeFilter(image, radius, 'min'), radius);
  const floor = Math.max(1, leastSpan);
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) {
    const span = Math.max(floor, white.data[i]! - black.data[i]!);
    const v = 255 - (255 * (white.data[i]! - image.data[i]!)) / span;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return { width: image.width, height: image.height, data };
}

/** Maximum or minimum over a (2·radius+1)² window (clamped at the borders), separable, O(1) per pixel. */
export function extremeFilter(image: GrayImage, radius: number, kind: 'max' | 'min'): GrayImage {
  const { width, height } = image;
  // Compare minima as maxima of the inverted levels, so one loop serves both.
  const sign = kind === 'max' ? 1 : -1;
  const queue = new Int32Array(Math.max(width, height));
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) slidingExtreme(image.data, rows, y * width, 1, width, radius, sign, queue);
  const data = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) slidingExtreme(rows, data, x, width, height, radius, sign, queue);
  return { width, height, data };
}
