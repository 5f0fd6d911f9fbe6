import { describe, expect, it } from 'vitest';
import { applyAffine } from './affine.ts';
import { rotate } from './rotate.ts';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';

describe('rotate', () => {
  it('turns content anticlockwise on screen by a positive angle', () => {
    // A black dot right of centre ends up above the centre after +90°.
    const source = grayImage(21, 21, (x, y) => (x >= 16 && x <= 18 && y >= 9 && y <= 11 ? 0 : 255));
    const { image } = rotate(source, 90);
    expect(image.width).toBe(21);
    expect(at(image, 10, 3)).toBeLessThan(64);
    expect(at(image, 17, 10)).toBeGreaterThan(192);
  });

  it('enlarges the canvas to hold the whole rotated image and fills the corners', () => {
    const { image } = rotate(
      grayImage(100, 50, () => 0),
      30,
      255,
    );
    expect(image.width).toBe(Math.ceil(100 * Math.cos(Math.PI / 6) + 50 * 0.5));
    expect(image.height).toBe(Math.ceil(100 * 0.5 + 50 * Math.cos(Math.PI / 6)));
    expect(at(image, 0, 0)).toBe(255);
    expect(at(image, image.width / 2, image.height / 2)).toBe(0);
  });

  it('maps every pixel back to where it came from', () => {
    const source = grayImage(60, 40, (x, y) => (x * 4 + y) % 256);
    const { image, toSource } = rotate(source, 23);
    for (const p of [
      { x: 30, y: 20 },
      { x: 40, y: 25 },
      { x: 25, y: 30 },
    ]) {
      const from = applyAffine(toSource, { x: p.x + 0.5, y: p.y + 0.5 });
      expect(Math.abs(at(image, p.x, p.y) - at(source, from.x - 0.5, from.y - 0.5))).toBeLessThan(12);
    }
  });
});
