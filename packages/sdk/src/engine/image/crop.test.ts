import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import { crop } from './crop.ts';
import { at, grayImage } from './test-images.fixture.ts';

describe('crop', () => {
  it('copies the rectangle and maps back by its offset', () => {
    const source = grayImage(20, 10, (x, y) => x * 10 + y);
    const { image, toSource } = crop(source, { x: 5, y: 2, width: 4, height: 3 });
    expect([image.width, image.height]).toEqual([4, 3]);
    expect(at(image, 0, 0)).toBe(52);
    expect(at(image, 3, 2)).toBe(84);
    expect(applyAffine(toSource, { x: 1, y: 1 })).toEqual({ x: 6, y: 3 });
  });

  it('clamps rectangles that reach outside the image', () => {
    const { image } = crop(grayImage(20, 10, () => 1), { x: -5, y: 8, width: 10, height: 10 });
    expect([image.width, image.height]).toEqual([5, 2]);
  });
});
