import type { Affine, Point } from './affine.ts';
import type { GrayImage } from './gray-image.ts';

/** A rectangle at any angle: its centre, the direction of its width axis and its size, in pixels. */
export interface OrientedRect {
  centre: Point;
  /** Direction of the width axis in degrees, y pointing down (0 = along +x, 90 = along +y). */
  angle: number;
  width: number;
  height: number;
}

/**
 * Samples an oriented rectangle of the source into an upright image `scale` times its size, in one
 * bilinear pass: cut out, turn and rescale without materialising the rotated whole frame. Parts of
 * the rectangle outside the source get `fill` (white: reads as quiet zone).
 * Meant for scales ≥ ~0.5 (it point-samples; shrink further with `resize`).
 * Returns the map from the new image's coordinates to the source's.
 */
export function warpRect(source: GrayImage, rect: OrientedRect, scale = 1, fill = 255): { image: GrayImage; toSource: Affine } {
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  const radians = (rect.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const sx = rect.width / width;
  const sy = rect.height / height;
  const toSource: Affine = [
    cos * sx, -sin * sy, rect.centre.x - (cos * rect.width) / 2 + (sin * rect.height) / 2,
    sin * sx, cos * sy, rect.centre.y - (sin * rect.width) / 2 - (cos * rect.height) / 2,
  ];

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
  return { image: { width, height, data }, toSource };
}

function at(data: Uint8Array, width: number, height: number, x: number, y: number, fill: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? fill : data[y * width + x]!;
}
