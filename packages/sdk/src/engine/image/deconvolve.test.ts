import { describe, expect, it } from 'vitest';
import { at, grayImage, mean } from '@idlens/test-support/engine/gray-images.ts';
import { deconvolve } from './deconvolve.ts';

/** Bars two pixels wide with two-pixel spaces between them, across the middle of a white field. */
const thinBars = grayImage(48, 9, (x) => (x >= 12 && x < 36 && x % 4 < 2 ? 30 : 220));

/** `image` blurred by a Gaussian of σ px along its rows (the test's own blur, not the module's). */
function blurredRows(image: typeof thinBars, sigma: number) {
  const radius = Math.ceil(4 * sigma);
  const weights = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = weights.reduce((a, b) => a + b, 0);
  return grayImage(image.width, image.height, (x, y) => {
    let sum = 0;
    weights.forEach((w, i) => {
      sum += w * at(image, Math.min(image.width - 1, Math.max(0, x + i - radius)), y);
    });
    return Math.round(sum / total);
  });
}

/** The inner bars' x (each bar's first pixel; its space follows two pixels on). */
const innerBars = [16, 20, 24, 28];

/** How far the middle row swings between a bar and the space after it, averaged over the inner bars. */
function barSwing(image: typeof thinBars): number {
  return (
    innerBars.reduce((sum, x) => sum + (at(image, x + 2, 4) + at(image, x + 3, 4)) / 2 - (at(image, x, 4) + at(image, x + 1, 4)) / 2, 0) / innerBars.length
  );
}

describe('deconvolve', () => {
  it('separates thin bars that a blur merged into grey', () => {
    const blurred = blurredRows(thinBars, 1.2);
    const restored = deconvolve(blurred, { sigma: 1.2, iterations: 10 });
    expect(barSwing(blurred)).toBeLessThan(60);
    expect(barSwing(restored)).toBeGreaterThan(2 * barSwing(blurred));
    // The bars are darker than the spaces again, each of them.
    for (const x of innerBars) expect(at(restored, x, 4)).toBeLessThan(at(restored, x + 2, 4));
  });

  it('leaves a flat image flat and keeps the mean of a textured one', () => {
    const flat = grayImage(16, 16, () => 137);
    expect([...deconvolve(flat, { sigma: 1, iterations: 10 }).data].every((v) => Math.abs(v - 137) <= 1)).toBe(true);
    const blurred = blurredRows(thinBars, 1);
    const restored = deconvolve(blurred, { sigma: 1, iterations: 10 });
    expect(restored.width).toBe(blurred.width);
    expect(restored.height).toBe(blurred.height);
    expect(Math.abs(mean(restored) - mean(blurred))).toBeLessThan(3);
  });

  it('steepens a blurred edge where it is', () => {
    const edge = blurredRows(
      grayImage(32, 4, (x) => (x < 16 ? 30 : 220)),
      1.2,
    );
    const restored = deconvolve(edge, { sigma: 1.2, iterations: 10 });
    const rise = (image: typeof edge) => at(image, 17, 1) - at(image, 14, 1);
    expect(rise(restored)).toBeGreaterThan(rise(edge) + 20);
    // Still crossing the middle between pixels 15 and 16.
    expect(at(restored, 15, 1)).toBeLessThan(125);
    expect(at(restored, 16, 1)).toBeGreaterThan(125);
    expect(mean(restored, 0, 0, 12, 4)).toBeLessThan(40);
    expect(mean(restored, 20, 0, 32, 4)).toBeGreaterThan(210);
  });

  it('restores black bars on white (levels 0 and 255) towards black and white', () => {
    const blurred = blurredRows(
      grayImage(48, 9, (x) => (x >= 12 && x < 36 && x % 4 < 2 ? 0 : 255)),
      1.2,
    );
    const restored = deconvolve(blurred, { sigma: 1.2, iterations: 10 });
    expect(barSwing(restored)).toBeGreaterThan(2 * barSwing(blurred));
    // Blurred, bars and spaces sit at ~106 and ~149; restored, they head back to black and white.
    for (const x of innerBars) {
      expect(Math.max(at(restored, x, 4), at(restored, x + 1, 4))).toBeLessThan(90);
      expect(Math.min(at(restored, x + 2, 4), at(restored, x + 3, 4))).toBeGreaterThan(165);
    }
  });

  it('returns the image as it is for no blur to undo', () => {
    const blurred = blurredRows(thinBars, 1);
    for (const options of [
      { sigma: 0, iterations: 10 },
      { sigma: Number.NaN, iterations: 10 },
      { sigma: 1, iterations: 0 },
    ]) {
      const out = deconvolve(blurred, options);
      expect([...out.data]).toEqual([...blurred.data]);
      expect(out.data).not.toBe(blurred.data);
    }
  });
});
