import type { Frame } from '../../core/frame.ts';
import type { Point } from './affine.ts';
import { applyHomography, homographyFromPoints, rectangleCorners, type Homography } from './homography.ts';

/**
 * Rectifies a quadrilateral of an RGBA frame — corners in order top-left, top-right, bottom-right,
 * bottom-left — into an upright `width`×`height` frame (perspective warp, bilinear). Outside the
 * source reads as white. When the output is much smaller than the quad, each output pixel averages
 * a small grid of samples so thin strokes do not alias away.
 * Returns the homography from output pixel coordinates to source coordinates.
 */
export function warpQuad(source: Frame, quad: readonly Point[], width: number, height: number): { frame: Frame; toSource: Homography } {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  const toSource = homographyFromPoints(rectangleCorners(width, height), quad);
  const srcWidth = Math.hypot(quad[1]!.x - quad[0]!.x, quad[1]!.y - quad[0]!.y);
  const srcHeight = Math.hypot(quad[3]!.x - quad[0]!.x, quad[3]!.y - quad[0]!.y);
  // Supersampling factor per axis: ~one sample per source pixel, at most 4.
  const ss = Math.max(1, Math.min(4, Math.round(Math.max(srcWidth / width, srcHeight / height))));
  const data = new Uint8ClampedArray(width * height * 4);
  const { width: sw, height: sh, data: src } = source;
  const acc = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      acc[0] = acc[1] = acc[2] = 0;
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const p = applyHomography(toSource, { x: x + (i + 0.5) / ss, y: y + (j + 0.5) / ss });
          sampleBilinear(src, sw, sh, p.x - 0.5, p.y - 0.5, acc);
        }
      }
      const o = (y * width + x) * 4;
      const n = ss * ss;
      data[o] = acc[0]! / n;
      data[o + 1] = acc[1]! / n;
      data[o + 2] = acc[2]! / n;
      data[o + 3] = 255;
    }
  }
  return { frame: { width, height, data }, toSource };
}

function sampleBilinear(src: Uint8ClampedArray, w: number, h: number, px: number, py: number, acc: number[]): void {
  const x0 = Math.floor(px);
  const y0 = Math.floor(py);
  const tx = px - x0;
  const ty = py - y0;
  for (let c = 0; c < 3; c++) {
    const p00 = at(src, w, h, x0, y0, c);
    const p10 = at(src, w, h, x0 + 1, y0, c);
    const p01 = at(src, w, h, x0, y0 + 1, c);
    const p11 = at(src, w, h, x0 + 1, y0 + 1, c);
    const top = p00 + (p10 - p00) * tx;
    const bottom = p01 + (p11 - p01) * tx;
    acc[c]! += top + (bottom - top) * ty;
  }
}

function at(src: Uint8ClampedArray, w: number, h: number, x: number, y: number, c: number): number {
  if (x < 0 || y < 0 || x >= w || y >= h) return 255;
  return src[(y * w + x) * 4 + c]!;
}
