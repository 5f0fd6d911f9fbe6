import { describe, expect, it } from 'vitest';
import { boxBlur } from '../../image/box-blur.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { blurAmount } from './blur-amount.ts';

/** Black and white stripes and blocks, 200×120: sharp steps everywhere. */
function pattern(): GrayImage {
  const width = 200;
  const height = 120;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = (Math.floor(x / 7) + Math.floor(y / 11)) % 2 ? 230 : 30;
  return { width, height, data };
}

describe('blurAmount', () => {
  it('grows with blur and does not depend on contrast', () => {
    const sharp = pattern();
    const soft = boxBlur(sharp, 2);
    const softer = boxBlur(sharp, 4);
    expect(blurAmount(sharp)).toBeLessThan(blurAmount(soft));
    expect(blurAmount(soft)).toBeLessThan(blurAmount(softer));
    const faint: GrayImage = { ...sharp, data: sharp.data.map((v) => 100 + Math.round(v / 5)) };
    expect(blurAmount(faint)).toBeCloseTo(blurAmount(sharp), 1);
  });

  it('calls a flat image fully blurred', () => {
    expect(blurAmount({ width: 50, height: 50, data: new Uint8Array(2500).fill(128) })).toBe(1);
  });
});
