import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { warpRect } from './warp-rect.ts';

describe('warpRect', () => {
  it('cuts out an axis-aligned rectangle unchanged at angle 0', () => {
    const source = grayImage(50, 40, (x, y) => x + y * 2);
    const { image, toSource } = warpRect(source, { centre: { x: 25, y: 20 }, angle: 0, width: 10, height: 6 });
    expect(image.width).toBe(10);
    expect(image.height).toBe(6);
    expect(at(image, 0, 0)).toBe(at(source, 20, 17));
    expect(applyAffine(toSource, { x: 0, y: 0 })).toEqual({ x: 20, y: 17 });
  });

  it('makes the rectangle’s width axis horizontal', () => {
    // A vertical black line; a rectangle whose width axis points down (90°) sees it as horizontal.
    const source = grayImage(40, 40, (x) => (x === 19 || x === 20 ? 0 : 255));
    const { image } = warpRect(source, { centre: { x: 20, y: 20 }, angle: 90, width: 20, height: 9 });
    const middleRow = Math.floor(image.height / 2);
    for (let x = 2; x < 18; x++) expect(at(image, x, middleRow)).toBeLessThan(128);
    expect(at(image, 10, 0)).toBe(255);
  });

  it('scales, and fills what lies outside the source', () => {
    const source = grayImage(10, 10, () => 0);
    const { image, toSource } = warpRect(source, { centre: { x: 0, y: 5 }, angle: 0, width: 10, height: 4 }, 2, 255);
    expect(image.width).toBe(20);
    expect(at(image, 0, 4)).toBe(255);
    expect(at(image, 19, 4)).toBe(0);
    expect(applyAffine(toSource, { x: 20, y: 8 })).toEqual({ x: 5, y: 7 });
  });
});
