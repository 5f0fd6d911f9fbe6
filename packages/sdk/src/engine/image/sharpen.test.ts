import { describe, expect, it } from 'vitest';
import { sharpen } from './sharpen.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';

describe('sharpen', () => {
  it('steepens a soft edge (overshoot on both sides)', () => {
    const ramp = grayImage(20, 3, (x) => Math.min(200, Math.max(50, 50 + (x - 8) * 40)));
    const sharp = sharpen(ramp, 1, 1);
    expect(at(sharp, 8, 1)).toBeLessThan(at(ramp, 8, 1));
    expect(at(sharp, 12, 1)).toBeGreaterThan(at(ramp, 12, 1) - 1);
    expect(at(sharp, 0, 1)).toBe(50);
  });
});
