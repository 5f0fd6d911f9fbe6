import type { Frame } from '../../core/frame.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import type { Point } from '../image/affine.ts';
import { applyHomography } from '../image/homography.ts';
import { pointInQuad } from '../image/point-in-quad.ts';
import { encodePng } from '../image/png-encode.ts';
import { warpQuad } from '../image/warp-quad.ts';

/** Widest returned document image, px. */
const maxWidth = 1600;

/**
 * The document cut out of the frame along `corners` (its top-left first) and straightened to the
 * shape of `size` (mm), as Base64 PNG, at about the resolution it has in the photo. `masks` are
 * frame-space quads painted black (image anonymization: the MRZ repeats the numbers).
 */
export async function documentImage(
  frame: Frame,
  corners: readonly Point[],
  size: { width: number; height: number },
  masks: ReadonlyArray<readonly Point[]>,
): Promise<string> {
  const sourceWidth = Math.hypot(corners[1]!.x - corners[0]!.x, corners[1]!.y - corners[0]!.y);
  const width = Math.max(16, Math.round(Math.min(maxWidth, sourceWidth)));
  const height = Math.max(16, Math.round((width * size.height) / size.width));
  const { frame: out, toSource } = warpQuad(frame, corners, width, height);
  if (masks.length) {
    // Every pixel whose source lies in one of the masked quads.
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
