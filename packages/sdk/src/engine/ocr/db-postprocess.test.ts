import { describe, expect, it } from 'vitest';
import { dbPostprocess } from './db-postprocess.ts';

/** A probability map with filled rotated rectangles (centre, size, angle) at probability `p`. */
function mapWith(width: number, height: number, rects: Array<{ cx: number; cy: number; w: number; h: number; angle: number; p?: number }>): Float32Array {
  const map = new Float32Array(width * height);
  for (const r of rects) {
    const a = (r.angle * Math.PI) / 180;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const dx = x + 0.5 - r.cx;
        const dy = y + 0.5 - r.cy;
        const u = dx * Math.cos(a) + dy * Math.sin(a);
        const v = -dx * Math.sin(a) + dy * Math.cos(a);
        if (Math.abs(u) <= r.w / 2 && Math.abs(v) <= r.h / 2) map[y * width + x] = r.p ?? 0.9;
      }
    }
  }
  return map;
}

describe('dbPostprocess', () => {
  it('finds each text kernel as a box grown by the unclip offset, top to bottom', () => {
    const map = mapWith(200, 100, [
      { cx: 100, cy: 60, w: 120, h: 10, angle: 0 },
      { cx: 60, cy: 25, w: 60, h: 8, angle: 0 },
    ]);
    const boxes = dbPostprocess(map, 200, 100);
    expect(boxes).toHaveLength(2);
    const [upper, lower] = boxes;
    expect(upper!.points[0].y).toBeLessThan(lower!.points[0].y);
    // unclip: offset = area·1.5/perimeter = 120·10·1.5/260 ≈ 6.9 on every side
    expect(lower!.width).toBeCloseTo(120 + 2 * 6.92, 0);
    expect(lower!.height).toBeCloseTo(10 + 2 * 6.92, 0);
    expect(lower!.score).toBeCloseTo(0.9, 5);
  });

  it('follows rotated text', () => {
    const [box] = dbPostprocess(mapWith(300, 200, [{ cx: 150, cy: 100, w: 200, h: 12, angle: 12 }]), 300, 200);
    const [tl, tr] = box!.points;
    expect((Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI).toBeCloseTo(12, 0);
  });

  it('drops weak and tiny regions', () => {
    const map = mapWith(100, 100, [
      { cx: 50, cy: 30, w: 40, h: 10, angle: 0, p: 0.45 },
      { cx: 50, cy: 70, w: 2, h: 2, angle: 0 },
    ]);
    expect(dbPostprocess(map, 100, 100)).toEqual([]);
  });
});
