import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/**
 * Fills a `width`×`height` gray image by sampling `source` bilinearly through `toSource` (output
 * pixel-centre coordinates → source coordinates). Source pixels outside the image read as `fill`.
 * The one sampling loop behind rotations and oriented cut-outs.
 */
export function warpAffineGray(source: GrayImage, toSource: Affine, width: number, height: number, fill: number): GrayImage {
  const data = new Uint8Array(width * height);
  const { width: w, height: h, data: src } = source;
  for (let y = 0; y < height; y++) {
    // Pixel centres in, pixel indices out (hence the ±0.5).
    let px = toSource[0] * 0.5 + toSource[1] * (y + 0.5) + toSource[2] - 0.5;
    let py = toSource[3] * 0.5 + toSource[4] * (y + 0.5) + toSource[5] - 0.5;
    for (let x = 0; x < width; x++, px += toSource[0], py += toSource[3]) {
      const x0 = Math.floor(px);
      const y0 = Math.floor(py);
      if (x0 < -1 || y0 < -1 || x0 >= w || y0 >= h) {
        data[y * width + x] = fill;
        continue;
      }
      const tx = px - x0;
      const ty = py - y0;
      const inside = x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h;
      const p00 = inside ? src[y0 * w + x0]! : at(src, w, h, x0, y0, fill);
      const p10 = inside ? src[y0 * w + x0 + 1]! : at(src, w, h, x0 + 1, y0, fill);
      const p01 = inside ? src[(y0 + 1) * w + x0]! : at(src, w, h, x0, y0 + 1, fill);
      const p11 = inside ? src[(y0 + 1) * w + x0 + 1]! : at(src, w, h, x0 + 1, y0 + 1, fill);
      const top = p00 + (p10 - p00) * tx;
      const bottom = p01 + (p11 - p01) * tx;
      data[y * width + x] = Math.round(top + (bottom - top) * ty);
    }
  }
  return { width, height, data };
}

function at(data: Uint8Array, width: number, height: number, x: number, y: number, fill: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? fill : data[y * width + x]!;
}
