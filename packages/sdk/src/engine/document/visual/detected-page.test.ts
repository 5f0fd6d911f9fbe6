import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../core/frame.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { documentPageDetection, type TextDetectorOptions } from '../../ocr/create-text-detector.ts';
import type { Corners } from '../document-format.ts';
import { detectPage } from './detected-page.ts';

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
    const large = await detectPage(ocr, photo, corners(1700), 'ID-3');
    expect(large.page.width).toBe(1280);
    // The shape the OCR warm-up runs the detector on (its first real run meets no new shape).
    expect(large.page.height).toBe(documentPageDetection.height);
    expect(asked[0]).toEqual({ width: 1280, height: large.page.height, maxSide: 1024 });

    const small = await detectPage(ocr, photo, corners(900), 'ID-3');
    expect(small.page.width).toBe(900);
    expect(asked[1]).toEqual({ width: 900, height: small.page.height, maxSide: 900 });
  });
});
