import type { Frame } from '../../core/frame.ts';
import type { Point } from '../image/affine.ts';
import { toGray } from '../image/gray-image.ts';
import { otsuThreshold } from '../image/otsu.ts';
import { warpQuad } from '../image/warp-quad.ts';
import type { LineQuad } from './locate-mrz.ts';

/** Sampling height of the probe crop used to find the ink. */
const probeHeight = 48;

/**
 * Re-fits a detected line box to the ink it contains: the detector's box carries a loose margin
 * (DB's unclip) and may catch part of a neighbouring line. The ink's rows (the band around the
 * box's middle) and columns are found on a small upright probe crop, then the box is rebuilt with
 * margins proportional to the text height — what the MRZ recognizer was trained on (~4 px of 32).
 */
export function fitLineQuad(frame: Frame, line: LineQuad, marginRatio = 4 / 24): LineQuad {
  const probeWidth = Math.max(8, Math.min(1600, Math.round((line.width * probeHeight) / Math.max(1, line.height))));
  // Probe with extra room above and below so clipped ascenders are found too.
  const grown = offsetQuad(line, 0, 0.15 * line.height, 0, 0.15 * line.height);
  const { frame: probe } = warpQuad(frame, grown.points, probeWidth, probeHeight);
  const gray = toGray(probe).data;
  const threshold = otsuThreshold(gray);
  const rowInk = new Float32Array(probeHeight);
  for (let y = 0; y < probeHeight; y++) for (let x = 0; x < probeWidth; x++) if (gray[y * probeWidth + x]! < threshold) rowInk[y]!++;
  const peak = Math.max(...rowInk);
  if (peak < 0.05 * probeWidth) return line;
  // The contiguous band of inked rows through the strongest row nearest the middle.
  const minRow = 0.2 * peak;
  let centre = probeHeight >> 1;
  let bestDist = Infinity;
  for (let y = 0; y < probeHeight; y++) {
    if (rowInk[y]! >= 0.6 * peak && Math.abs(y - probeHeight / 2) < bestDist) {
      bestDist = Math.abs(y - probeHeight / 2);
      centre = y;
    }
  }
  let top = centre;
  let bottom = centre;
  while (top > 0 && rowInk[top - 1]! >= minRow) top--;
  while (bottom < probeHeight - 1 && rowInk[bottom + 1]! >= minRow) bottom++;
  const textRows = bottom - top + 1;
  if (textRows < 4) return line;
  const colInk = new Uint16Array(probeWidth);
  for (let y = top; y <= bottom; y++) for (let x = 0; x < probeWidth; x++) if (gray[y * probeWidth + x]! < threshold) colInk[x]!++;
  let left = 0;
  let right = probeWidth - 1;
  while (left < right && colInk[left]! < 2) left++;
  while (right > left && colInk[right]! < 2) right--;
  const unitY = grown.height / probeHeight;
  const unitX = grown.width / probeWidth;
  const textHeight = textRows * unitY;
  const my = marginRatio * textHeight;
  const mx = 0.6 * textHeight;
  return offsetQuad(grown, -(left * unitX - mx), -(top * unitY - my), -((probeWidth - 1 - right) * unitX - mx), -((probeHeight - 1 - bottom) * unitY - my));
}

/** Moves each side of a line box outward by the given distances (negative = inward). */
function offsetQuad(line: LineQuad, left: number, top: number, right: number, bottom: number): LineQuad {
  const [tl, tr, , bl] = line.points;
  const ux = (tr.x - tl.x) / line.width;
  const uy = (tr.y - tl.y) / line.width;
  const vx = (bl.x - tl.x) / line.height;
  const vy = (bl.y - tl.y) / line.height;
  const width = line.width + left + right;
  const height = line.height + top + bottom;
  const origin: Point = { x: tl.x - left * ux - top * vx, y: tl.y - left * uy - top * vy };
  const at = (a: number, b: number): Point => ({ x: origin.x + a * ux + b * vx, y: origin.y + a * uy + b * vy });
  return { points: [at(0, 0), at(width, 0), at(width, height), at(0, height)], width, height, angle: line.angle };
}
