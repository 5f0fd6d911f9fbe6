import { describe, expect, it } from 'vitest';
import { sampleBilinear } from './sample-bilinear.ts';

describe('sampleBilinear', () => {
  // 0 100
  // 50 250
  const image = { width: 2, height: 2, data: new Uint8Array([0, 100, 50, 250]) };

  it('gives pixel levels at pixel centres and interpolates between them', () => {
    expect(sampleBilinear(image, 0.5, 0.5, -1)).toBe(0);
    expect(sampleBilinear(image, 1.5, 1.5, -1)).toBe(250);
    expect(sampleBilinear(image, 1, 0.5, -1)).toBe(50);
    expect(sampleBilinear(image, 1, 1, -1)).toBe(100);
  });

  it('gives the edge pixels’ levels within the outer half pixel, and fill outside the image', () => {
    expect(sampleBilinear(image, 0, 0, -1)).toBe(0);
    expect(sampleBilinear(image, 2, 0.5, -1)).toBe(100);
    expect(sampleBilinear(image, 1.5, 2, -1)).toBe(250);
    expect(sampleBilinear(image, -0.01, 1, -1)).toBe(-1);
    expect(sampleBilinear(image, 1, 2.01, -1)).toBe(-1);
    expect(sampleBilinear(image, Number.NaN, 1, -1)).toBe(-1);
  });

  it('samples a one-pixel image', () => {
    expect(sampleBilinear({ width: 1, height: 1, data: new Uint8Array([42]) }, 0.7, 0.2, -1)).toBe(42);
  });
});
