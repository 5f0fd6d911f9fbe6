import type { GrayImage } from './gray-image.ts';

/**
 * Sharpness of an image as the variance of its 4-neighbour Laplacian divided by the squared
 * contrast (2nd–98th percentile range), so a faint but sharp print scores like a bold one. Meant
 * for text crops of a fixed height: text out of focus loses its second derivative first.
 */
export function laplacianSharpness(image: GrayImage): number {
  const { width: w, height: h, data } = image;
  if (w < 3 || h < 3) return 0;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]!++;
  const percentile = (p: number) => {
    const target = p * data.length;
    let sum = 0;
    for (let v = 0; v < 256; v++) {
      sum += histogram[v]!;
      if (sum >= target) return v;
    }
    return 255;
  };
  const range = Math.max(16, percentile(0.98) - percentile(0.02));
  return laplacianVariance(data, w, h) / (range * range);
}

/** Variance of the 4-neighbour Laplacian over the interior of a `w`×`h` gray raster (0 if too small). */
export function laplacianVariance(data: ArrayLike<number>, w: number, h: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = data[i - 1]! + data[i + 1]! + data[i - w]! + data[i + w]! - 4 * data[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}
