import { describe, expect, it } from 'vitest';
import { grayImage } from '@idlens/test-support/engine/gray-images.ts';
import type { BarcodeType } from '../../../api/barcode.ts';
import { FrameVariants } from '../frames/frame-variants.ts';
import type { BarcodeRead } from '../normalize-read.ts';
import { hasConvincingQuietZones } from './upc-ean-evidence.ts';

/** 95 modules of 3 px from `left`, rows 20–80: guards and an irregular bar pattern, like an EAN-13. */
const module = 3;
const bars = (m: number) => m < 3 || m > 91 || (m >= 45 && m <= 49) || (m * 7) % 5 < 2;
function symbolImage(left: number, width: number, extra: (x: number, y: number) => number | undefined = () => undefined) {
  return grayImage(width, 100, (x, y) => {
    const mark = extra(x, y);
    if (mark !== undefined) return mark;
    const m = Math.floor((x - left) / module);
    return y >= 20 && y < 80 && m >= 0 && m < 95 && bars(m) ? 25 : 235;
  });
}

function readAt(left: number, type: BarcodeType = 'EAN_13'): BarcodeRead {
  const right = left + 95 * module;
  return {
    type,
    text: '5901234123457',
    bytes: new Uint8Array(),
    points: [
      { x: left, y: 35 },
      { x: right, y: 35 },
      { x: right, y: 65 },
      { x: left, y: 65 },
    ],
    linear: true,
    lineCount: 10,
  };
}

describe('hasConvincingQuietZones', () => {
  it('accepts a symbol with light margins on both sides', () => {
    expect(hasConvincingQuietZones(symbolImage(60, 420), readAt(60))).toBe(true);
  });

  it('rejects a read with a dark mark (text, a ruling, another bar) a few modules beside the guard', () => {
    const markLeft = (x: number) => (x >= 60 - 4 * module && x < 60 - 3 * module ? 25 : undefined);
    expect(hasConvincingQuietZones(symbolImage(60, 420, markLeft), readAt(60))).toBe(false);
    const right = 60 + 95 * module;
    const markRight = (x: number, y: number) => (y > 40 && y < 60 && x >= right + 3 * module && x < right + 5 * module ? 60 : undefined);
    expect(hasConvincingQuietZones(symbolImage(60, 420, markRight), readAt(60))).toBe(false);
  });

  it('takes the frame edge as margin, as zxing does', () => {
    expect(hasConvincingQuietZones(symbolImage(2, 295), readAt(2))).toBe(true);
  });

  it('judges a margin in shadow against the symbol’s own levels next to it', () => {
    // The left third of the label is in shadow: paper 140, bars 15.
    const shaded = (x: number, y: number) => {
      if (x >= 90) return undefined;
      const m = Math.floor((x - 60) / module);
      return y >= 20 && y < 80 && m >= 0 && bars(m) ? 15 : 140;
    };
    expect(hasConvincingQuietZones(symbolImage(60, 420, shaded), readAt(60))).toBe(true);
  });

  it('judges a margin under glare once the illumination is evened out, and still sees a mark there', () => {
    // A dim label (paper 120, bars 30) with a highlight over its left part (up to +170 levels,
    // saturating): the spaces beside the left guard are lifted to white, the margin further out less,
    // so in the photo the margin is darker than those spaces although nothing is printed there.
    const underGlare = (markInMargin: boolean) =>
      grayImage(420, 100, (x, y) => {
        const m = Math.floor((x - 60) / module);
        const marked = markInMargin && x >= 60 - 4 * module && x < 60 - 3 * module;
        const level = marked || (y >= 20 && y < 80 && m >= 0 && m < 95 && bars(m)) ? 30 : 120;
        const d = Math.hypot(x - 147, y - 40) / (0.35 * Math.hypot(420, 100));
        return Math.min(255, level + (d < 1 ? 170 * (1 - d * d) ** 2 : 0));
      });
    const clean = underGlare(false);
    expect(hasConvincingQuietZones(clean, readAt(60))).toBe(false);
    expect(hasConvincingQuietZones(new FrameVariants(clean).evenlyLit, readAt(60))).toBe(true);
    expect(hasConvincingQuietZones(new FrameVariants(underGlare(true)).evenlyLit, readAt(60))).toBe(false);
    // By the edges across the bars too: the glare's gradient has none, the mark has two.
    expect(hasConvincingQuietZones(new FrameVariants(clean).edgeLit('vertical').image, readAt(60))).toBe(true);
    expect(hasConvincingQuietZones(new FrameVariants(underGlare(true)).edgeLit('vertical').image, readAt(60))).toBe(false);
  });

  it('leaves other symbologies alone', () => {
    const markLeft = (x: number) => (x >= 60 - 4 * module && x < 60 - 3 * module ? 25 : undefined);
    expect(hasConvincingQuietZones(symbolImage(60, 420, markLeft), readAt(60, 'CODE_128'))).toBe(true);
  });
});
