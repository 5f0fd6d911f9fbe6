import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { maskedWarpPng } from '../image/masked-warp.ts';

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
  return maskedWarpPng(frame, corners, width, height, masks);
}
