import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/** An axis-aligned rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Copies the part of an image inside `rect` (clamped to the image). Returns the map from the
 * crop's coordinates to the source's.
 */
export function crop(source: GrayImage, rect: Rect): { image: GrayImage; toSource: Affine } {
  const x0 = clamp(Math.floor(rect.x), 0, source.width - 1);
  const y0 = clamp(Math.floor(rect.y), 0, source.height - 1);
  const x1 = clamp(Math.ceil(rect.x + rect.width), x0 + 1, source.width);
  const y1 = clamp(Math.ceil(rect.y + rect.height), y0 + 1, source.height);
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * source.width + x0;
    data.set(source.data.subarray(from, from + width), y * width);
  }
  return { image: { width, height, data }, toSource: [1, 0, x0, 0, 1, y0] };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
