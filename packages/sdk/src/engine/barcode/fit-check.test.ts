import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../api/barcode.ts';
import type { Candidate } from './candidate-pool.ts';
import { fitContradicts, wantsFitCheck } from './fit-check.ts';
import type { BarcodeRead } from './normalize-read.ts';

/** A read `length` px long across its bars, starting at x. */
function read(type: BarcodeType, text: string, lineCount: number, length: number, x = 10): BarcodeRead {
  return {
    type,
    text,
    bytes: new TextEncoder().encode(text),
    points: [
      { x, y: 20 },
      { x: x + length, y: 20 },
      { x: x + length, y: 40 },
      { x, y: 40 },
    ],
    linear: true,
    lineCount,
  };
}

const candidate = (r: BarcodeRead, passes: number, foundBy = 'sharpened'): Candidate => ({ read: r, support: r.lineCount, fittedSupport: 0, passes, foundBy });

describe('wantsFitCheck', () => {
  it('checks EAN-13 and UPC-A reads of modules under 2 px that one pass made on an image of its own', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 1))).toBe(true); // 1.4 px modules
    expect(wantsFitCheck(candidate(read('EAN_13', '4006381333931', 10, 185), 1))).toBe(true);
  });

  it('leaves reads of the frame as it came, of coarser modules, reads several passes made, fitted reads and other symbologies alone', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 1, 'frame'))).toBe(false);
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 195), 1))).toBe(false); // 2.05 px
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 2))).toBe(false);
    expect(wantsFitCheck(candidate({ ...read('UPC_A', '036000291452', 4, 133), fitted: true }, 1))).toBe(false);
    expect(wantsFitCheck(candidate(read('CODE_128', 'IDL-2026-11', 10, 100), 1))).toBe(false);
  });
});

describe('fitContradicts', () => {
  const zxingRead = read('UPC_A', '036010291442', 10, 133);

  it('is true for a fit of two or more bands on the same bars that reads other digits', () => {
    expect(fitContradicts(zxingRead, [read('UPC_A', '036000291452', 2, 130, 12)])).toBe(true);
  });

  it('is false for a fit that agrees, a one-band fit, or a fit of another symbol', () => {
    expect(fitContradicts(zxingRead, [read('UPC_A', '036010291442', 4, 130, 12)])).toBe(false);
    expect(fitContradicts(zxingRead, [read('UPC_A', '036000291452', 1, 130, 12)])).toBe(false);
    expect(fitContradicts(zxingRead, [read('UPC_A', '036000291452', 4, 130, 400)])).toBe(false);
    expect(fitContradicts(zxingRead, [])).toBe(false);
  });
});
