import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import { pad } from './pad.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';

describe('pad', () => {
  it('adds a white frame and keeps the content in the middle', () => {
    const { image, toSource } = pad(
      grayImage(4, 3, () => 0),
      5,
    );
    expect(image.width).toBe(14);
    expect(image.height).toBe(13);
    expect(at(image, 0, 0)).toBe(255);
    expect(at(image, 5, 5)).toBe(0);
    expect(at(image, 9, 8)).toBe(255);
    expect(applyAffine(toSource, { x: 5, y: 5 })).toEqual({ x: 0, y: 0 });
  });
});
