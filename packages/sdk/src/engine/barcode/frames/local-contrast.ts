import type { GrayImage } from '../../image/gray-image.ts';

/** Mid-grey of a local-contrast image: where a pixel equal to its neighbourhood's mean lands. */
export const localMean = 128;

/**
 * Evens out illumination: each pixel is re-expressed by how far it lies from the mean of a large
 * window around it, in units of that window's standard deviation (at least `floor` levels, so flat
 * paper's noise stays faint). Mid-grey is the local mean; a symbol's bars and spaces land near
 * 64 and 192 wherever it is — under glare that lifts the bars to the paper's brightness, in a dim
 * corner, across a shadow. zxing's hybrid binarizer calls an 8×8 block flat when its own levels
 * span 24 or fewer, which is exactly where such symbols fall apart.
 * Summed-area tables: the cost does not depend on the window.
 */
export function localContrast(image: GrayImage, radius: number, floor = 16): GrayImage {
  const { width, height, data } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      row += v;
      rowSquares += v * v;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
      squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1]! + rowSquares;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const n = (x1 - x0) * (y1 - y0);
      const a = y1 * stride + x1;
      const b = y0 * stride + x1;
      const c = y1 * stride + x0;
      const d = y0 * stride + x0;
      const mean = (sums[a]! - sums[b]! - sums[c]! + sums[d]!) / n;
      const variance = (squares[a]! - squares[b]! - squares[c]! + squares[d]!) / n - mean * mean;
      const scale = Math.max(floor, Math.sqrt(Math.max(0, variance)));
      const v = localMean + (64 * (data[y * width + x]! - mean)) / scale;
      out[y * width + x] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { width, height, data: out };
}

/**
 * A local-contrast image (see `localContrast`) cut at 3/8 of a spread below its local mean
 * (0 = dark, 255 = light): a symbol's bars sit a whole spread below it, while the noise of flat
 * paper (within the 16-level floor) stays light instead of turning into speckle.
 */
export function binarizeLocalContrast(normalized: GrayImage): GrayImage {
  const out = new Uint8Array(normalized.data.length);
  for (let i = 0; i < out.length; i++) out[i] = normalized.data[i]! < 104 ? 0 : 255;
  return { width: normalized.width, height: normalized.height, data: out };
}
