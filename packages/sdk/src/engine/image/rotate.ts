import type { Affine } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/**
 * Rotates a gray image by `degrees` (counter-clockwise as seen on screen, i.e. with y pointing down
 * a positive angle turns the picture's content anticlockwise) about its centre, onto a canvas large
 * enough to hold all of it. Uncovered corners get `fill` (white by default: a barcode that reaches
 * the edge then still sees a quiet zone). Bilinear sampling keeps bar edges smooth.
 * Returns the map from the rotated image's coordinates to the source's.
 */
export function rotate(source: GrayImage, degrees: number, fill = 255): { image: GrayImage; toSource: Affine } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const width = Math.ceil(Math.abs(source.width * cos) + Math.abs(source.height * sin) - 1e-9);
  const height = Math.ceil(Math.abs(source.width * sin) + Math.abs(source.height * cos) - 1e-9);
  const sourceCx = source.width / 2;
  const sourceCy = source.height / 2;
  const cx = width / 2;
  const cy = height / 2;
  // Inverse map (output → source), as pixel-centre coordinates: turning the content anticlockwise
  // on screen (y down) means sampling the source clockwise.
  const toSource: Affine = [cos, -sin, sourceCx - cos * cx + sin * cy, sin, cos, sourceCy - sin * cx - cos * cy];

  const data = new Uint8Array(width * height);
  const { width: sw, height: sh, data: src } = source;
  for (let y = 0; y < height; y++) {
    // Sample at pixel centres: (x + 0.5, y + 0.5) in output → source position, minus 0.5 to index.
    const oy = y + 0.5;
    let sx = toSource[0] * 0.5 + toSource[1] * oy + toSource[2] - 0.5;
    let sy = toSource[3] * 0.5 + toSource[4] * oy + toSource[5] - 0.5;
    for (let x = 0; x < width; x++, sx += toSource[0], sy += toSource[3]) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < -1 || y0 < -1 || x0 >= sw || y0 >= sh) {
        data[y * width + x] = fill;
        continue;
      }
      const tx = sx - x0;
      const ty = sy - y0;
      const p00 = pixel(src, sw, sh, x0, y0, fill);
      const p10 = pixel(src, sw, sh, x0 + 1, y0, fill);
      const p01 = pixel(src, sw, sh, x0, y0 + 1, fill);
      const p11 = pixel(src, sw, sh, x0 + 1, y0 + 1, fill);
      const top = p00 + (p10 - p00) * tx;
      const bottom = p01 + (p11 - p01) * tx;
      data[y * width + x] = Math.round(top + (bottom - top) * ty);
    }
  }
  return { image: { width, height, data }, toSource };
}

function pixel(data: Uint8Array, width: number, height: number, x: number, y: number, fill: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? fill : data[y * width + x]!;
}
