import { describe, expect, it } from 'vitest';
import type { GrayImage } from './gray-image.ts';
import { clippedShare, loweredShare, unliftHighlight } from './unlift-highlight.ts';

/**
 * Paper (220) with a row of bar pairs: a wide dark bar (40) and, beside it, a thin bar blurred to
 * grey (170) — under a highlight that adds up to `peak` levels round the middle and clips at 255.
 */
function barsUnderHighlight(peak: number): { lit: GrayImage; unlit: GrayImage; thinBars: number[] } {
  const width = 400;
  const height = 120;
  const unlit = new Uint8Array(width * height).fill(220);
  const thinBars: number[] = [];
  for (let x0 = 40; x0 < 360; x0 += 16) {
    for (let y = 20; y < 100; y++) {
      for (let x = x0; x < x0 + 5; x++) unlit[y * width + x] = 40;
      unlit[y * width + x0 + 9] = 170;
    }
    thinBars.push(x0 + 9);
  }
  const lit = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const added = peak * Math.exp(-((x - 200) ** 2 + (y - 60) ** 2) / (2 * 70 ** 2));
      lit[y * width + x] = Math.min(255, Math.round(unlit[y * width + x]! + added));
    }
  }
  return { lit: { width, height, data: lit }, unlit: { width, height, data: unlit }, thinBars };
}

describe('unliftHighlight', () => {
  it('gives the thin bars a highlight left just below white their depth back, and keeps clipped paper white', () => {
    const { lit, thinBars } = barsUnderHighlight(80);
    const at = (image: GrayImage, x: number) => image.data[60 * image.width + x]!;
    // Under the highlight's middle the thin bar is a few levels below the clipped paper beside it.
    const middle = thinBars.filter((x) => Math.abs(x - 200) < 40);
    expect(middle.length).toBeGreaterThan(2);
    for (const x of middle) expect(at(lit, x)).toBeGreaterThanOrEqual(235);
    const unlifted = unliftHighlight(lit, 10);
    for (const x of middle) {
      // Back to a bar: well below the paper on either side of it, which stays white.
      expect(at(unlifted, x)).toBeLessThan(200);
      expect(at(unlifted, x - 2)).toBe(255);
      expect(at(unlifted, x + 2)).toBe(255);
    }
  });

  it('takes its typical paper from paper next to ink, not from a dark table round the card', () => {
    // The bars on a card (x 20–380) on a dark table (60) that fills most of a frame 1200 wide.
    const { lit } = barsUnderHighlight(80);
    const width = 1200;
    const data = new Uint8Array(width * lit.height).fill(60);
    for (let y = 0; y < lit.height; y++) data.set(lit.data.subarray(y * lit.width + 20, y * lit.width + 380), y * width + 20);
    const unlifted = unliftHighlight({ width, height: lit.height, data }, 10);
    // The card's paper at the highlight's far edge, lifted by a few levels, keeps about its level
    // (taken against the table, it would lose the difference between the two, some 160 levels).
    expect(data[110 * width + 30]).toBeLessThan(230);
    expect(Math.abs(unlifted.data[110 * width + 30]! - 220)).toBeLessThanOrEqual(8);
  });

  it('measures the share of pixels the light taken away darkened: much under a highlight, none on a clean print', () => {
    const { lit, unlit } = barsUnderHighlight(80);
    expect(loweredShare(lit, unliftHighlight(lit, 10), 16)).toBeGreaterThan(0.05);
    // The same bars on paper at 255 (clipped) without a highlight: nothing lifted, nothing to take away.
    const clean = { ...unlit, data: unlit.data.map((v) => (v === 220 ? 255 : v)) };
    expect(clippedShare(clean)).toBeGreaterThan(0.5);
    expect(loweredShare(clean, unliftHighlight(clean, 10), 16)).toBeLessThan(0.01);
  });

  it('measures the clipped share', () => {
    const { lit, unlit } = barsUnderHighlight(80);
    expect(clippedShare(unlit)).toBe(0);
    expect(clippedShare(lit)).toBeGreaterThan(0.05);
    expect(clippedShare({ width: 0, height: 0, data: new Uint8Array(0) })).toBe(0);
  });
});
