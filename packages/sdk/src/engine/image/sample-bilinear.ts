import type { GrayImage } from './gray-image.ts';

/**
 * The image's grey level at a point between pixels, bilinearly interpolated (pixel i spans [i, i+1],
 * its centre at i + 0.5). Outside the image: `fill`. For scattered samples; whole images are
 * resampled by `warpAffineGray`.
 */
export function sampleBilinear(image: GrayImage, x: number, y: number, fill: number): number {
  const { width, height, data } = image;
  const px = x - 0.5;
  const py = y - 0.5;
  if (!(px >= 0 && py >= 0 && px <= width - 1 && py <= height - 1)) return fill;
  const x0 = Math.min(width - 2, Math.floor(px));
  const y0 = Math.min(height - 2, Math.floor(py));
  if (x0 < 0 || y0 < 0) return data[Math.round(py) * width + Math.round(px)]!;
  const tx = px - x0;
  const ty = py - y0;
  const i = y0 * width + x0;
  const top = data[i]! + (data[i + 1]! - data[i]!) * tx;
  const bottom = data[i + width]! + (data[i + width + 1]! - data[i + width]!) * tx;
  return top + (bottom - top) * ty;
}
