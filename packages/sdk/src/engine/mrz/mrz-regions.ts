import type { Point } from '../image/affine.ts';
import type { Quad } from '../ocr/min-area-rect.ts';
import { longLines, type LineQuad } from './locate-mrz.ts';

/** An upright rectangle of the frame to look at again, closer: corners in frame coordinates. */
export interface MrzRegion {
  points: [Point, Point, Point, Point];
  width: number;
  height: number;
}

/**
 * Regions that probably hold an MRZ, for a second, closer detection pass: around each long text
 * line, every parallel long line within a few line heights (the detector, at page scale, often
 * fuses two MRZ lines into one box or splits one). Oriented like the longest line, with margins.
 */
export function mrzRegions(quads: readonly Quad[], maxRegions = 2): MrzRegion[] {
  const lines = longLines(quads, 5);
  const regions: MrzRegion[] = [];
  const used = new Set<LineQuad>();
  for (const anchor of lines) {
    if (regions.length >= maxRegions) break;
    if (used.has(anchor)) continue;
    const r = (anchor.angle * Math.PI) / 180;
    const u = { x: Math.cos(r), y: Math.sin(r) };
    const v = { x: -u.y, y: u.x };
    const origin = anchor.points[0];
    const project = (p: Point) => ({ a: (p.x - origin.x) * u.x + (p.y - origin.y) * u.y, b: (p.x - origin.x) * v.x + (p.y - origin.y) * v.y });
    let minA = 0,
      maxA = anchor.width,
      minB = 0,
      maxB = anchor.height;
    for (const other of lines) {
      const d = Math.abs(((other.angle - anchor.angle + 540) % 360) - 180);
      if (Math.min(d, 180 - d) > 8) continue;
      const pts = other.points.map(project);
      const bs = pts.map((p) => p.b);
      const as = pts.map((p) => p.a);
      // Within three anchor heights across, and overlapping along.
      if (Math.min(...bs) > maxB + 3 * anchor.height || Math.max(...bs) < minB - 3 * anchor.height) continue;
      if (Math.max(...as) < minA || Math.min(...as) > maxA) continue;
      used.add(other);
      minA = Math.min(minA, ...as);
      maxA = Math.max(maxA, ...as);
      minB = Math.min(minB, ...bs);
      maxB = Math.max(maxB, ...bs);
    }
    const mA = 0.04 * (maxA - minA);
    const mB = 0.6 * anchor.height;
    const at = (a: number, b: number): Point => ({ x: origin.x + a * u.x + b * v.x, y: origin.y + a * u.y + b * v.y });
    regions.push({
      points: [at(minA - mA, minB - mB), at(maxA + mA, minB - mB), at(maxA + mA, maxB + mB), at(minA - mA, maxB + mB)],
      width: maxA - minA + 2 * mA,
      height: maxB - minB + 2 * mB,
    });
  }
  return regions;
}
