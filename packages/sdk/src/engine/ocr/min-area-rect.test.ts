import { describe, expect, it } from 'vitest';
import { convexHull, minAreaRect } from './min-area-rect.ts';

describe('minAreaRect', () => {
  it('finds the rotated rectangle around rotated points', () => {
    const a = (20 * Math.PI) / 180;
    const pts = [];
    for (let u = -50; u <= 50; u += 5)
      for (const v of [-5, 5]) pts.push({ x: 100 + u * Math.cos(a) - v * Math.sin(a), y: 100 + u * Math.sin(a) + v * Math.cos(a) });
    const r = minAreaRect(pts);
    expect(r.width).toBeCloseTo(100, 5);
    expect(r.height).toBeCloseTo(10, 5);
    const [tl, tr] = r.points;
    expect((Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI).toBeCloseTo(20, 5);
  });

  it('computes the convex hull without interior points', () => {
    expect(
      convexHull([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 0, y: 2 },
      ]),
    ).toHaveLength(4);
  });
});
