import type { GrayImage } from './gray-image.ts';

/**
 * The image's grey level at a point between pixels, bilinearly interpolated (pixel i spans [i, i+1],
 * its centre at i + 0.5; within the outer half pixel, the edge pixels' own levels). Outside the
 * image: `fill`. For scattered samples; whole images are resampled by `warpAffineGray`.
 */
export function sampleBilinear(image: GrayImage, x: number, y: number, fill: number): number {
  const { width, height } = image;
  if (!(x >= 0 && y >= 0 && x <= width && y <= height)) return fill;
  return bilinearAtPixel(image, Math.min(width - 1, Math.max(0, x - 0.5)), Math.min(height - 1, Math.max(0, y - 0.5)));
}

/** The same at a point given in pixel indices (pixel i's centre at i), which must lie within [0, width − 1] × [0, height − 1]. */
export function bilinearAtPixel({ width, height, data }: GrayImage, px: number, py: number): number {
  const x0 = Math.floor(px);
  const y0 = Math.floor(py);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const tx = px - x0;
  const ty = py - y0;
  const top = data[y0 * width + x0]! + (data[y0 * width + x1]! - data[y0 * width + x0]!) * tx;
  const bottom = data[y1 * width + x0]! + (data[y1 * width + x1]! - data[y1 * width + x0]!) * tx;
  return top + (bottom - top) * ty;
}
