/** Test fixture: small gray images built pixel by pixel. Only tests import this file. */
import type { GrayImage } from '../../../packages/sdk/src/engine/image/gray-image.ts';

export function grayImage(width: number, height: number, pixel: (x: number, y: number) => number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y);
  return { width, height, data };
}

export function at(image: GrayImage, x: number, y: number): number {
  return image.data[Math.round(y) * image.width + Math.round(x)]!;
}

/** Mean of the image (or of a rectangle of it). */
export function mean(image: GrayImage, x0 = 0, y0 = 0, x1 = image.width, y1 = image.height): number {
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += image.data[y * image.width + x]!;
  return sum / ((x1 - x0) * (y1 - y0));
}
