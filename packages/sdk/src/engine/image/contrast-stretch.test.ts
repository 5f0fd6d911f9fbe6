import { describe, expect, it } from 'vitest';
import { contrastStretch } from './contrast-stretch.ts';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';

describe('contrastStretch', () => {
  it('spreads a washed-out image over the full range', () => {
    const washed = grayImage(100, 1, (x) => 100 + Math.floor(x / 2));
    const stretched = contrastStretch(washed, 0);
    expect(Math.min(...stretched.data)).toBe(0);
    expect(Math.max(...stretched.data)).toBe(255);
  });

  it('leaves a flat image alone instead of amplifying its noise', () => {
    const flat = grayImage(50, 50, (x, y) => 128 + ((x + y) % 3));
    expect(contrastStretch(flat)).toBe(flat);
  });
});
