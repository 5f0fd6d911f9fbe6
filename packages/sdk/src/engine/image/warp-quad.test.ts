import { describe, expect, it } from 'vitest';
import { applyHomography, homographyFromPoints } from './homography.ts';
import { warpQuad } from './warp-quad.ts';

describe('homography and warpQuad', () => {
  it('maps four points onto four points', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 5 },
      { x: 0, y: 5 },
    ];
    const to = [
      { x: 3, y: 1 },
      { x: 20, y: 4 },
      { x: 18, y: 15 },
      { x: 2, y: 9 },
    ];
    const h = homographyFromPoints(from, to);
    from.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(to[i]!.x, 6);
      expect(q.y).toBeCloseTo(to[i]!.y, 6);
    });
  });

  it('cuts an axis-aligned region out unchanged', () => {
    const width = 8;
    const height = 6;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i, i, i, 255], i * 4);
    const { frame } = warpQuad(
      { width, height, data },
      [
        { x: 2, y: 1 },
        { x: 6, y: 1 },
        { x: 6, y: 4 },
        { x: 2, y: 4 },
      ],
      4,
      3,
    );
    expect(frame.data[0]).toBe(1 * width + 2);
    expect(frame.data[(2 * 4 + 3) * 4]).toBe(3 * width + 5);
  });
});
