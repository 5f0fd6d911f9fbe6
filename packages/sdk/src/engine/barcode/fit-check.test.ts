import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../api/barcode.ts';
import type { Candidate } from './candidate-pool.ts';
import { fitCheckLimits, fitContradicts, wantsFitCheck } from './fit-check.ts';
import type { BarcodeRead } from './normalize-read.ts';
import { readInBox } from '../../../../../test/support/engine/barcode-reads.ts';

/** A read `length` px long across its bars, starting at x. */
function read(type: BarcodeType, text: string, lineCount: number, length: number, x = 10): BarcodeRead {
  return readInBox(type, text, lineCount, { x, y: 20, width: length, height: 20 });
}

/** A candidate found by the named passes (one view each). */
const candidate = (r: BarcodeRead, ...passes: string[]): Candidate => ({
  read: r,
  support: r.lineCount,
  fittedSupport: 0,
  passes: passes.length,
  foundBy: new Set(passes),
});

describe('wantsFitCheck', () => {
  it('checks EAN-13 and UPC-A reads of modules under 2 px that one pass made on an image of its own', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 'sharpened'))).toBe(true); // 1.4 px modules
    expect(wantsFitCheck(candidate(read('EAN_13', '4006381333931', 10, 185), 'restored:frame'))).toBe(true);
    // Two views (bar regions) of one pass are still one pass.
    expect(wantsFitCheck(candidate(read('EAN_13', '4006381333931', 10, 185), 'region', 'region'))).toBe(true);
  });

  it('leaves reads of the frame as it came, of coarser modules, reads several passes made, fitted reads and other symbologies alone', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 'frame'))).toBe(false);
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 195), 'sharpened'))).toBe(false); // 2.05 px
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 'sharpened', 'denoised'))).toBe(false);
    expect(wantsFitCheck(candidate({ ...read('UPC_A', '036000291452', 4, 133), fitted: true }, 'ean-profile'))).toBe(false);
    expect(wantsFitCheck(candidate(read('CODE_128', 'IDL-2026-11', 10, 100), 'sharpened'))).toBe(false);
  });
});

describe('fitCheckLimits', () => {
  it('fits the middle four bands, every reading, and stops early only once two bands agree with the read', () => {
    const limits = fitCheckLimits(read('UPC_A', '036010291442', 10, 133));
    expect(limits).toMatchObject({ bands: 4, everyReading: true });
    expect(limits.enough?.('0036010291442', 2)).toBe(true);
    expect(limits.enough?.('0036010291442', 1)).toBe(false);
    expect(limits.enough?.('0036000291452', 3)).toBe(false);
    expect(fitCheckLimits(read('EAN_13', '4006381333931', 10, 185)).enough?.('4006381333931', 2)).toBe(true);
  });
});

describe('fitContradicts', () => {
  const zxingRead = read('UPC_A', '036010291442', 10, 133);
  const fit = (text: string, bands: number, x = 12, type: BarcodeType = 'UPC_A') => ({ ...read(type, text, bands, 130, x), fitted: true });

  it('is true for a reading of other digits on two or more bands of the same bars, more than agree', () => {
    expect(fitContradicts(zxingRead, [fit('036000291452', 2)])).toBe(true);
    expect(fitContradicts(zxingRead, [fit('036000291452', 3), fit('036010291442', 1)])).toBe(true);
    // Another type is other digits too: an EAN-13 fitted where zxing read a UPC-A.
    expect(fitContradicts(zxingRead, [fit('4006381333931', 2, 12, 'EAN_13')])).toBe(true);
  });

  it('is false for a fit that agrees, a tie with agreeing bands, a one-band reading, or a fit of another symbol', () => {
    expect(fitContradicts(zxingRead, [fit('036010291442', 4)])).toBe(false);
    expect(fitContradicts(zxingRead, [fit('036000291452', 2), fit('036010291442', 2)])).toBe(false);
    expect(fitContradicts(zxingRead, [fit('036000291452', 1)])).toBe(false);
    expect(fitContradicts(zxingRead, [fit('036000291452', 4, 400)])).toBe(false);
    expect(fitContradicts(zxingRead, [])).toBe(false);
  });
});
