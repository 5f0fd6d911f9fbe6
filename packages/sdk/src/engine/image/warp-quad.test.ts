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

  it('samples each output pixel bilinearly at its centre mapped through the homography, white outside the source', () => {
    // A page-sized warp (one sample per pixel) of a noisy frame, partly off the source's edges.
    const width = 61;
    const height = 47;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    const source = { width, height, data };
    const quad = [
      { x: -3.2, y: 2.7 },
      { x: 57.9, y: -1.4 },
      { x: 63.1, y: 44.6 },
      { x: 4.4, y: 49.3 },
    ];
    const { frame, toSource } = warpQuad(source, quad, 60, 45);
    const at = (x: number, y: number, c: number) => (x < 0 || y < 0 || x >= width || y >= height ? 255 : data[(y * width + x) * 4 + c]!);
    let edgePixels = 0;
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        const p = applyHomography(toSource, { x: x + 0.5, y: y + 0.5 });
        const px = p.x - 0.5;
        const py = p.y - 0.5;
        const x0 = Math.floor(px);
        const y0 = Math.floor(py);
        if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) edgePixels++;
        for (let c = 0; c < 3; c++) {
          const top = at(x0, y0, c) + (at(x0 + 1, y0, c) - at(x0, y0, c)) * (px - x0);
          const bottom = at(x0, y0 + 1, c) + (at(x0 + 1, y0 + 1, c) - at(x0, y0 + 1, c)) * (px - x0);
          // Stored as a byte: rounded (ties to even) from the interpolated level.
          expect(Math.abs(frame.data[(y * frame.width + x) * 4 + c]! - (top + (bottom - top) * (py - y0)))).toBeLessThanOrEqual(0.5);
        }
        expect(frame.data[(y * frame.width + x) * 4 + 3]).toBe(255);
      }
    }
    expect(edgePixels).toBeGreaterThan(0);
  });
});
