import { describe, expect, it } from 'vitest';
import { at, grayImage } from '@idlens/test-support/engine/gray-images.ts';
import { edgeBinarize } from './edge-binarize.ts';

/** Bar widths (px) of a stretch of symbol, alternating bar, space, bar… from x = 20. */
const widths = [3, 3, 6, 3, 3, 9, 6, 3, 3, 3, 9, 6, 3, 6, 3, 3];
const isBar = (x: number): boolean | undefined => {
  let edge = 20;
  for (let i = 0; i < widths.length; i++) {
    if (x < edge + widths[i]!) return x >= edge ? i % 2 === 0 : false;
    edge += widths[i]!;
  }
  return false;
};

/** The bars under glare: light added from 0 on the left to 150 levels on the right, saturating; edges softened a little. */
const underGlare = grayImage(140, 20, (x) => {
  const level = (v: number) => Math.min(255, (isBar(v) ? 40 : 200) + (v / 140) * 150);
  return (level(x - 1) + 2 * level(x) + level(x + 1)) / 4;
});

describe('edgeBinarize', () => {
  it('finds bars under glare that lifts them above the spaces of the unlit side', () => {
    // The premise: no level threshold separates them (a bar on the right is lighter than a space on the left).
    expect(at(underGlare, 96, 10)).toBeGreaterThan(at(underGlare, 24, 10));
    const out = edgeBinarize(underGlare);
    for (let x = 20; x < 20 + widths.reduce((a, b) => a + b, 0); x++) {
      expect(at(out, x, 10), `column ${x}`).toBe(isBar(x) ? 0 : 255);
    }
  });

  it('keeps a smooth gradient and faint noise white (no edges there)', () => {
    let seed = 3;
    const paper = grayImage(200, 40, (x) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 90 + x * 0.8 + ((seed >> 8) % 7) - 3;
    });
    const out = edgeBinarize(paper);
    expect(out.data.every((v) => v === 255)).toBe(true);
  });

  it('does not take a ripple beside a strong edge for a bar', () => {
    // A black bar, then print texture of ±8 levels on the paper right after it (above `minSlope`).
    const ripple = grayImage(80, 10, (x) => (x >= 20 && x < 30 ? 20 : 230 + (x > 32 && x < 60 ? (x % 4 < 2 ? -8 : 8) : 0)));
    const out = edgeBinarize(ripple);
    for (let x = 0; x < 80; x++) expect(at(out, x, 5), `column ${x}`).toBe(x >= 20 && x < 30 ? 0 : 255);
  });

  it('keeps bars and spaces two pixels wide, softened, apart', () => {
    // 2 px bars and spaces, each edge blurred over a pixel (the grey between them a third of the way).
    const fine = grayImage(60, 6, (x) => (x < 10 || x >= 50 ? 230 : [40, 40, 230, 230][x % 4]!));
    const soft = grayImage(60, 6, (x) => (at(fine, Math.max(0, x - 1), 0) + 2 * at(fine, x, 0) + at(fine, Math.min(59, x + 1), 0)) / 4);
    const out = edgeBinarize(soft);
    for (let x = 10; x < 50; x++) expect(at(out, x, 3), `column ${x}`).toBe(at(fine, x, 0) < 128 ? 0 : 255);
  });

  it('binarizes horizontal bars along columns when told so', () => {
    const turned = grayImage(underGlare.height, underGlare.width, (x, y) => at(underGlare, y, x));
    const a = edgeBinarize(underGlare);
    const b = edgeBinarize(turned, { bars: 'horizontal' });
    for (let x = 0; x < underGlare.width; x++) expect(at(b, 10, x)).toBe(at(a, x, 10));
  });
});
