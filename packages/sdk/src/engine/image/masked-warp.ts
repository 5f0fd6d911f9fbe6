import type { Frame } from '../../core/frame.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import type { Point } from './affine.ts';
import { applyHomography } from './homography.ts';
import { pointInQuad } from './point-in-quad.ts';
import { encodePng } from './png-encode.ts';
import { warpQuad } from './warp-quad.ts';

/**
 * The quad `corners` of the frame (its top-left first) straightened to `width`×`height`, with every
 * pixel whose source lies in one of `masks` (frame-space quads) painted black, as Base64 PNG: the
 * returned card and document images, so that values hidden by anonymization never leave the engine
 * in pixels either.
 */
export async function maskedWarpPng(
  frame: Frame,
  corners: readonly Point[],
  width: number,
  height: number,
  masks: ReadonlyArray<readonly Point[]>,
): Promise<string> {
  const { frame: out, toSource } = warpQuad(frame, corners, width, height);
  if (masks.length) {
    const inside = masks.map(pointInQuad);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = applyHomography(toSource, { x: x + 0.5, y: y + 0.5 });
        if (inside.some((f) => f(p.x, p.y))) out.data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      }
    }
  }
  return bytesToBase64(await encodePng(out));
}
