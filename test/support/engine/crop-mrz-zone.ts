import type { Frame } from '../../../packages/sdk/src/core/frame.ts';
import { warpQuad } from '../../../packages/sdk/src/engine/image/warp-quad.ts';
import type { LineQuad } from '../../../packages/sdk/src/engine/mrz/locate-mrz.ts';

/**
 * The whole zone cut out and straightened (first line's top edge to last line's bottom edge),
 * scaled so its text is about `textHeight` px high — e.g. to hand the same crop to another reader.
 */
export function cropMrzZone(frame: Frame, lines: readonly LineQuad[], textHeight = 40): Frame {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const quad = [first.points[0], first.points[1], last.points[2], last.points[3]];
  const lineText = first.height / (1 + 2 * (4 / 24));
  const scale = textHeight / lineText;
  const width = Math.hypot(quad[1]!.x - quad[0]!.x, quad[1]!.y - quad[0]!.y) * scale;
  const height = Math.hypot(quad[3]!.x - quad[0]!.x, quad[3]!.y - quad[0]!.y) * scale;
  return warpQuad(frame, quad, width, height).frame;
}
