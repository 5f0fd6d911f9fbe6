import { describe, expect, it } from 'vitest';
import { boxBlur } from './box-blur.ts';
import type { GrayImage } from './gray-image.ts';
import { laplacianSharpness } from './laplacian-sharpness.ts';

/** Vertical black bars on white, like strokes of text. */
function bars(width = 96, height = 24, contrast = 200): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.floor(x / 3) % 2 ? 255 - contrast : 255;
  return { width, height, data };
}

describe('laplacianSharpness', () => {
  it('falls as the image is blurred', () => {
    const sharp = laplacianSharpness(bars());
    const soft = laplacianSharpness(boxBlur(bars(), 1));
    const softer = laplacianSharpness(boxBlur(boxBlur(bars(), 2), 2));
    expect(sharp).toBeGreaterThan(soft);
    expect(soft).toBeGreaterThan(softer);
  });
  it('does not depend on contrast (faint but sharp print scores like bold print)', () => {
    expect(laplacianSharpness(bars(96, 24, 60))).toBeCloseTo(laplacianSharpness(bars(96, 24, 200)), 1);
  });
  it('is 0 for a flat or tiny image', () => {
    expect(laplacianSharpness({ width: 10, height: 10, data: new Uint8Array(100).fill(128) })).toBe(0);
    expect(laplacianSharpness({ width: 2, height: 2, data: new Uint8Array(4) })).toBe(0);
  });
});
