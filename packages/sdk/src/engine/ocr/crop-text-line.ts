import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { warpQuad } from '../image/warp-quad.ts';
import type { Quad } from './min-area-rect.ts';

/**
 * Cuts a text quad out of the frame as an upright line image `height` pixels high (perspective
 * warp straight to the line reader's height, so the line is resampled once). A quad much taller than
 * wide is taken as vertical text and turned so that its long side runs left to right.
 */
export function cropTextLine(frame: Frame, quad: Quad, height: number): Frame {
  let points: Point[] = quad.points;
  let w = quad.width;
  let h = quad.height;
  if (h > 1.5 * w) {
    // Vertical: read bottom-to-top (PaddleOCR's rotation of tall crops).
    const [tl, tr, br, bl] = quad.points;
    points = [bl, tl, tr, br];
    [w, h] = [h, w];
  }
  const width = Math.max(1, Math.round((w * height) / Math.max(1, h)));
  return warpQuad(frame, points, width, height).frame;
}
