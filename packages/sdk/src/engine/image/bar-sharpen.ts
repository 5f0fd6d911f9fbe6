import type { GrayImage } from './gray-image.ts';
import { runningMean } from './running-mean.ts';

export interface BarSharpenOptions {
  /** Smoothing radius along the bars: averages out noise and print defects. */
  alongRadius?: number;
  /** Unsharp-mask radius across the bars: about one narrow module. */
  acrossRadius?: number;
  /** Unsharp-mask strength. */
  amount?: number;
  /** Which way the bars run in the image. */
  bars?: 'vertical' | 'horizontal';
}

/**
 * Anisotropic enhancement for a linear barcode whose bars run vertically (or horizontally): smooth
 * along the bars (every line along a bar carries the same information, so averaging removes noise
 * without losing any) and unsharp-mask across them (restores the edges that defocus blur spread
 * out). Out-of-focus phone photos of EAN/UPC codes that defeat zxing as they are often decode after it.
 */
export function barSharpen(source: GrayImage, options: BarSharpenOptions = {}): GrayImage {
  const { alongRadius = 3, acrossRadius = 2, amount = 2, bars = 'vertical' } = options;
  const { width, height } = source;
  // Columns run along vertical bars, rows along horizontal ones.
  const columns = (input: ArrayLike<number>, output: Float32Array, radius: number) => {
    for (let x = 0; x < width; x++) runningMean(input, output, x, width, height, radius);
  };
  const rows = (input: ArrayLike<number>, output: Float32Array, radius: number) => {
    for (let y = 0; y < height; y++) runningMean(input, output, y * width, 1, width, radius);
  };
  const [along, across] = bars === 'vertical' ? [columns, rows] : [rows, columns];
  const smoothed = new Float32Array(width * height);
  along(source.data, smoothed, alongRadius);
  const lowPass = new Float32Array(width * height);
  across(smoothed, lowPass, acrossRadius);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const value = smoothed[i]! + amount * (smoothed[i]! - lowPass[i]!);
    data[i] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
  }
  return { width, height, data };
}
