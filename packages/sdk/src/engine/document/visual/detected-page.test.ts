import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../core/frame.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { documentPageDetection, type TextDetectorOptions } from '../../ocr/create-text-detector.ts';
import type { Corners } from '../document-format.ts';
import { detectPage, straightenedAlong, straightenPage } from './detected-page.ts';

/** An OCR engine whose detector only notes what it was given (size and longest side asked for). */
function recordingOcr() {
  const asked: Array<{ width: number; height: number; maxSide?: number }> = [];
  const detector = {
    async detect(frame: Frame, options?: Partial<TextDetectorOptions>) {
      asked.push({ width: frame.width, height: frame.height, maxSide: options?.maxSide });
      return [];
    },
  };
  return { ocr: { detector } as unknown as OcrEngine, asked };
}

const photo: Frame = { width: 1920, height: 1400, data: new Uint8ClampedArray(1920 * 1400 * 4).fill(255) };
const corners = (width: number): Corners => [
  { x: 100, y: 100 },
  { x: 100 + width, y: 100 },
  { x: 100 + width, y: 100 + width * 0.704 },
  { x: 100, y: 100 + width * 0.704 },
];

describe('detectPage', () => {
  it('cuts the page at up to 1280 px for reading but detects its text at up to 1024 px (the detector costs by its pixels)', async () => {
    const { ocr, asked } = recordingOcr();
    const large = await detectPage(ocr, straightenPage(photo, corners(1700), 'ID-3'));
    expect(large.page.width).toBe(1280);
    // The shape the OCR warm-up runs the detector on (its first real run meets no new shape).
    expect(large.page.height).toBe(documentPageDetection.height);
    expect(asked[0]).toEqual({ width: 1280, height: large.page.height, maxSide: 1024 });

    const small = await detectPage(ocr, straightenPage(photo, corners(900), 'ID-3'));
    expect(small.page.width).toBe(900);
    expect(asked[1]).toEqual({ width: 900, height: small.page.height, maxSide: 900 });
  });
});

describe('straightenedAlong', () => {
  // A photo with detail in every pixel (no two neighbours alike), and a document on it in perspective.
  const textured: Frame = { width: 1600, height: 1200, data: new Uint8ClampedArray(1600 * 1200 * 4) };
  for (let i = 0; i < 1600 * 1200; i++) {
    const x = i % 1600;
    const y = Math.floor(i / 1600);
    textured.data.set([(x * 7 + y * 3) % 256, (x * x + y) % 251, (x ^ y) & 255, 255], i * 4);
  }
  // Both long edges over 1,280 px: either way up, the page is cut 1,280 px wide.
  const document: Corners = [
    { x: 130, y: 160 },
    { x: 1480, y: 210 },
    { x: 1450, y: 1150 },
    { x: 110, y: 1090 },
  ];

  it('turns the upright cut for the corners turned 180° instead of warping the photo again: the pixels and map of that warp', () => {
    const upright = straightenPage(textured, document, 'ID-3');
    const [a, b, c, d] = document;
    const turnedCorners: Corners = [c, d, a, b];
    const turned = straightenedAlong(upright, textured, turnedCorners, 'ID-3');
    const warped = straightenPage(textured, turnedCorners, 'ID-3');
    expect(turned).not.toBe(upright);
    expect(turned.corners).toEqual(turnedCorners);
    expect(turned.outline).toEqual(warped.outline);
    expect([turned.page.width, turned.page.height]).toEqual([warped.page.width, warped.page.height]);
    for (const [i, h] of turned.toSource.entries()) expect(h).toBeCloseTo(warped.toSource[i]!, 9);
    // The same samples; the two warps' homographies differ in their last bits only.
    let off = 0;
    for (let i = 0; i < warped.page.data.length; i++) off = Math.max(off, Math.abs(turned.page.data[i]! - warped.page.data[i]!));
    expect(off).toBeLessThanOrEqual(1);
  });

  it('keeps the cut itself for its own corners, and warps anew for other corners or another shape', () => {
    const upright = straightenPage(textured, document, 'ID-3');
    expect(straightenedAlong(upright, textured, document, 'ID-3')).toBe(upright);
    const [a, b, c, d] = document;
    const quarterTurn = straightenedAlong(upright, textured, [d, a, b, c], 'ID-3');
    const warped = straightenPage(textured, [d, a, b, c], 'ID-3').page.data;
    expect(Buffer.from(quarterTurn.page.data).equals(Buffer.from(warped))).toBe(true);
    expect(straightenedAlong(upright, textured, document, 'ID-1').page.height).toBe(straightenPage(textured, document, 'ID-1').page.height);
  });
});
