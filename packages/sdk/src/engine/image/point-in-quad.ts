import type { Point } from './affine.ts';

/** A test for whether a point lies inside a convex quad (on the same side of every edge). */
export function pointInQuad(points: readonly Point[]): (x: number, y: number) => boolean {
  return (x, y) => {
    let sign = 0;
    for (let i = 0; i < 4; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % 4]!;
      const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
      if (cross === 0) continue;
      if (sign === 0) sign = Math.sign(cross);
      else if (Math.sign(cross) !== sign) return false;
    }
    return true;
  };
}
