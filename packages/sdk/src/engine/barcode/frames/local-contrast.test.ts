import { describe, expect, it } from 'vitest';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { binarizeLocalContrast, localContrast } from './local-contrast.ts';

/** 6 px bars and spaces whose contrast fades from 200 levels on the left to 30 under glare on the right. */
const underGlare = grayImage(600, 80, (x) => {
  const glare = (x / 600) * 170;
  const bar = Math.floor(x / 6) % 2 === 0;
  return Math.min(255, (bar ? 40 : 240) * (1 - x / 900) + glare);
});

describe('localContrast', () => {
  it('gives bars and spaces the same levels under glare as in plain light', () => {
    const out = localContrast(underGlare, 40);
    for (const x0 of [60, 540]) {
      expect(at(out, x0 + 3, 40)).toBeLessThan(80); // a bar
      expect(at(out, x0 + 9, 40)).toBeGreaterThan(176); // a space
    }
  });

  it('keeps flat noisy paper faint (the floor on the spread)', () => {
    let seed = 1;
    const paper = grayImage(200, 200, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 200 + ((seed >> 8) % 9) - 4;
    });
    const out = localContrast(paper, 20);
    for (let i = 0; i < out.data.length; i++) expect(Math.abs(out.data[i]! - 128)).toBeLessThan(24);
  });

  it('binarizes the faded bars correctly everywhere', () => {
    const binary = binarizeLocalContrast(localContrast(underGlare, 40));
    for (let x = 30; x < 570; x += 6) {
      const bar = Math.floor(x / 6) % 2 === 0;
      expect(at(binary, x + 3, 40)).toBe(bar ? 0 : 255);
    }
  });
});
