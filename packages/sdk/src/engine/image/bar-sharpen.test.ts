import { describe, expect, it } from 'vitest';
import { barSharpen } from './bar-sharpen.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';

/** Vertical bars 3 px wide, blurred across, with salt noise on every 5th row. */
function blurredBars(): ReturnType<typeof grayImage> {
  return grayImage(60, 30, (x, y) => {
    const phase = x % 6;
    const value = phase === 0 || phase === 3 ? 128 : phase < 3 ? 70 : 186;
    return y % 5 === 0 && x % 7 === 0 ? 255 : value;
  });
}

describe('barSharpen', () => {
  it('increases the contrast between bars and spaces', () => {
    const source = blurredBars();
    const sharp = barSharpen(source, { alongRadius: 3, acrossRadius: 2, amount: 2 });
    const contrast = (img: typeof source) => at(img, 4, 12) - at(img, 1, 12);
    expect(contrast(sharp)).toBeGreaterThan(contrast(source));
  });

  it('smooths noise along the bars', () => {
    const sharp = barSharpen(blurredBars(), { alongRadius: 4, acrossRadius: 2, amount: 0 });
    // The salt pixel at (7, 10) is averaged with 8 clean pixels of its column.
    expect(at(sharp, 7, 10)).toBeLessThan(110);
  });

  it('works on horizontal bars when told so', () => {
    const vertical = blurredBars();
    const horizontal = grayImage(vertical.height, vertical.width, (x, y) => at(vertical, y, x));
    const a = barSharpen(vertical, { amount: 2 });
    const b = barSharpen(horizontal, { amount: 2, bars: 'horizontal' });
    for (const [x, y] of [
      [4, 12],
      [10, 3],
      [33, 20],
    ] as const)
      expect(at(b, y, x)).toBe(at(a, x, y));
  });
});
