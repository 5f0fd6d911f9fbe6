import { describe, expect, it } from 'vitest';
import { resizeFrame } from './resize-frame.ts';

/** Channel c of pixel (x, y) of a test frame: distinct per channel, column and row. */
const value = (x: number, y: number, c: number) => (x * 37 + y * 11 + c * 53) % 251;

function testFrame(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = value(x, y, c);
  return { width, height, data };
}

describe('resizeFrame', () => {
  it('keeping the width, area-averages each column on its own, every channel', () => {
    // 9 rows into 4: each output row averages 2.25 source rows, partial rows weighted by overlap.
    const out = resizeFrame(testFrame(5, 9), 5, 4);
    expect([out.width, out.height]).toEqual([5, 4]);
    const expected = new Uint8ClampedArray(5 * 4 * 4);
    for (let y = 0; y < 4; y++) {
      const from = y * 2.25;
      for (let x = 0; x < 5; x++) {
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          for (let s = Math.floor(from); s < Math.ceil(from + 2.25); s++) sum += (Math.min(from + 2.25, s + 1) - Math.max(from, s)) * value(x, s, c);
          expected[(y * 5 + x) * 4 + c] = sum / 2.25;
        }
      }
    }
    expect(out.data).toEqual(expected);
  });

  it('returns the frame itself at its own size, and resamples both axes otherwise', () => {
    const frame = testFrame(6, 4);
    expect(resizeFrame(frame, 6, 4)).toBe(frame);
    // Halving both axes averages 2×2 blocks.
    const half = resizeFrame(frame, 3, 2);
    const block = (x: number, y: number, c: number) =>
      (value(2 * x, 2 * y, c) + value(2 * x + 1, 2 * y, c) + value(2 * x, 2 * y + 1, c) + value(2 * x + 1, 2 * y + 1, c)) / 4;
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 3; x++) for (let c = 0; c < 4; c++) expect(Math.abs(half.data[(y * 3 + x) * 4 + c]! - block(x, y, c))).toBeLessThanOrEqual(0.5);
  });
});
