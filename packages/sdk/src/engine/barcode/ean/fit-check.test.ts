import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../api/barcode.ts';
import type { DerivedImage } from '../../image/derived-image.ts';
import { CandidatePool, type Candidate } from '../candidate-pool.ts';
import { FitChecks, fitCheckOptions, fitContradicts, fitOpinion, wantsFitCheck } from './fit-check.ts';
import type { BarcodeRead } from '../normalize-read.ts';
import { readInBox } from '@idlens/test-support/engine/barcode-reads.ts';

/** A read `length` px long across its bars, starting at x. */
function read(type: BarcodeType, text: string, lineCount: number, length: number, x = 10): BarcodeRead {
  return readInBox(type, text, lineCount, { x, y: 20, width: length, height: 20 });
}

/** A candidate found by the named passes (one view each). */
const candidate = (r: BarcodeRead, ...passes: string[]): Candidate => ({
  read: r,
  support: r.lineCount,
  fittedSupport: 0,
  views: passes.length,
  passNames: new Set(passes),
  spared: false,
});

describe('wantsFitCheck', () => {
  it('checks EAN/UPC reads of modules under 3 px that images the plan made helped find', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 'sharpened'))).toBe(true); // 1.4 px modules
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 280), 'sharpened'))).toBe(true); // 2.9 px
    expect(wantsFitCheck(candidate(read('UPC_E', '00123457', 10, 71), 'sharpened'))).toBe(true); // 51 modules: 1.4 px
    expect(wantsFitCheck(candidate(read('EAN_8', '55123457', 10, 195), 'sharpened'))).toBe(true); // 67 modules: 2.9 px
    expect(wantsFitCheck(candidate(read('EAN_13', '4006381333931', 10, 185), 'restored:frame'))).toBe(true);
    // The frame as it came began it, the plan's views made it certain.
    expect(wantsFitCheck(candidate(read('UPC_E', '04904144', 3, 104), 'frame', 'region-upscaled-sharpened'))).toBe(true); // 2.04 px
  });

  it('leaves reads zxing made certain on the frame as it came, of coarser modules, fitted reads and other symbologies alone', () => {
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 133), 'frame'))).toBe(false);
    expect(wantsFitCheck(candidate(read('UPC_A', '036000291452', 10, 290), 'sharpened'))).toBe(false); // 3.05 px
    expect(wantsFitCheck(candidate(read('UPC_E', '00123457', 10, 155), 'sharpened'))).toBe(false); // 3.04 px
    expect(wantsFitCheck(candidate({ ...read('UPC_A', '036000291452', 4, 133), fitted: true }, 'ean-profile'))).toBe(false);
    expect(wantsFitCheck(candidate(read('CODE_128', 'IDL-2026-11', 10, 100), 'sharpened'))).toBe(false);
    // A UPC-E reported with zxing's expanded 13 digits: the fit's 8 could only dispute it.
    expect(wantsFitCheck(candidate(read('UPC_E', '0001234000057', 10, 71), 'sharpened'))).toBe(false);
  });
});

describe('fitCheckOptions', () => {
  it('fits all eight bands as a flat label, every reading, and stops early only once two bands agree with the read', () => {
    const options = fitCheckOptions(read('UPC_A', '036010291442', 10, 133));
    expect(options).toMatchObject({ bands: 8, allReadings: true, curved: false });
    expect(options.stopWhen?.('0036010291442', 2)).toBe(true);
    expect(options.stopWhen?.('0036010291442', 1)).toBe(false);
    expect(options.stopWhen?.('0036000291452', 3)).toBe(false);
    expect(fitCheckOptions(read('EAN_13', '4006381333931', 10, 185)).stopWhen?.('4006381333931', 2)).toBe(true);
  });

  it('fits EAN-8 and UPC-E as themselves, and their readings are their own 8 digits', () => {
    const upce = fitCheckOptions(read('UPC_E', '00114455', 10, 71));
    expect(upce).toMatchObject({ symbology: 'UPC_E', bands: 8, allReadings: true });
    expect(upce.stopWhen?.('00114455', 2)).toBe(true);
    expect(upce.stopWhen?.('00123457', 4)).toBe(false);
    expect(fitCheckOptions(read('EAN_8', '55123457', 10, 127))).toMatchObject({ symbology: 'EAN_8' });
    expect(fitCheckOptions(read('EAN_8', '55123457', 10, 127)).stopWhen?.('55123457', 2)).toBe(true);
    expect(fitCheckOptions(read('UPC_A', '036000291452', 10, 133))).toMatchObject({ symbology: 'EAN_13' });
  });
});

const zxingRead = read('UPC_A', '036010291442', 10, 133);
const fit = (text: string, bands: number, x = 12, type: BarcodeType = 'UPC_A') => ({ ...read(type, text, bands, 130, x), fitted: true });

describe('fitOpinion', () => {
  it('contradicts with other digits on two or more bands of the same bars, more than agree', () => {
    expect(fitOpinion(zxingRead, [fit('036000291452', 2)])).toBe('contradicts');
    expect(fitOpinion(zxingRead, [fit('036000291452', 3), fit('036010291442', 1)])).toBe('contradicts');
    // Another type is other digits too: an EAN-13 fitted where zxing read a UPC-A.
    expect(fitOpinion(zxingRead, [fit('4006381333931', 2, 12, 'EAN_13')])).toBe('contradicts');
  });

  it("agrees when the read's digits have two bands, even beside another reading", () => {
    expect(fitOpinion(zxingRead, [fit('036010291442', 4)])).toBe('agrees');
    expect(fitOpinion(zxingRead, [fit('036000291452', 2), fit('036010291442', 2)])).toBe('agrees');
  });

  it('says nothing of a one-band reading, a fit of another symbol, or no fit', () => {
    expect(fitOpinion(zxingRead, [fit('036000291452', 1)])).toBe('silent');
    expect(fitOpinion(zxingRead, [fit('036000291452', 4, 400)])).toBe('silent');
    expect(fitOpinion(zxingRead, [])).toBe('silent');
  });
});

describe('fitContradicts', () => {
  /** A view that is a stretch of the frame: `x`…`x + width` by 0…100. */
  const viewAt = (x: number, width: number): DerivedImage => ({
    image: { width, height: 100, data: new Uint8Array(width * 100) },
    toOriginal: [1, 0, x, 0, 1, 0],
  });

  it('lets the first view that has an opinion decide, and fits only views the read lies in', () => {
    const fitted: number[] = [];
    const views = [viewAt(300, 200), viewAt(0, 200), viewAt(0, 180)];
    const opinions = [[fit('036000291452', 4)], [fit('036010291442', 2)], [fit('036000291452', 3)]];
    const contradicts = fitContradicts(zxingRead, views, (view) => {
      const index = views.indexOf(view);
      fitted.push(index);
      return opinions[index]!;
    });
    // The first view lies elsewhere; the second agrees, so the third is not fitted.
    expect(fitted).toEqual([1]);
    expect(contradicts).toBe(false);
    expect(fitContradicts(zxingRead, [viewAt(0, 200)], () => [fit('036000291452', 2)])).toBe(true);
    expect(fitContradicts(zxingRead, [viewAt(0, 200), viewAt(0, 180)], (view) => (view.image.width === 200 ? [] : [fit('036000291452', 2)]))).toBe(true);
  });

  it('leaves a read that lies in no view unchecked', () => {
    expect(fitContradicts(zxingRead, [], () => [fit('036000291452', 4)])).toBe(false);
    expect(fitContradicts(zxingRead, [viewAt(500, 100)], () => [fit('036000291452', 4)])).toBe(false);
  });
});

describe('FitChecks.settledCertain', () => {
  /** A pool in which `pass` read `zxingRead` (1.4 px modules) on `lines` lines. */
  const poolWithRead = (pass = 'sharpened', lines = 10) => {
    const pool = new CandidatePool();
    pool.addView(pass, [{ ...zxingRead, lineCount: lines }]);
    return pool;
  };
  /** Fit checks whose second opinion answers `contradicts`, recording what it is asked about. */
  const checksAnswering = (contradicts: boolean) => {
    const asked: string[] = [];
    const checks = new FitChecks((read) => {
      asked.push(read.text!);
      return contradicts;
    });
    return { checks, asked };
  };

  it('asks the second opinion once per candidate, and disputes the read it contradicts', () => {
    const kept = poolWithRead();
    const agreeing = checksAnswering(false);
    expect(agreeing.checks.settledCertain(kept)).toBe(true);
    expect(agreeing.checks.settledCertain(kept)).toBe(true);
    expect(agreeing.asked).toEqual(['036010291442']);

    const disputed = poolWithRead();
    const contradicting = checksAnswering(true);
    expect(contradicting.checks.settledCertain(disputed)).toBe(false);
    expect(disputed.verdict()).toMatchObject({ certain: false, candidate: { disputed: true } });
  });

  it('decides when a read is first certain: one that zxing made certain on the frame as it came stays unchecked', () => {
    const byFrame = poolWithRead('frame');
    const { checks, asked } = checksAnswering(true);
    expect(checks.settledCertain(byFrame)).toBe(true);
    byFrame.addView('sharpened', [zxingRead]);
    expect(checks.settledCertain(byFrame)).toBe(true);
    expect(asked).toEqual([]);

    // Begun on the frame as it came (3 lines: not certain), made certain by a sharpened view: checked.
    const begun = poolWithRead('frame', 3);
    const second = checksAnswering(true);
    expect(second.checks.settledCertain(begun)).toBe(false);
    begun.addView('sharpened', [zxingRead]);
    expect(second.checks.settledCertain(begun)).toBe(false);
    expect(second.asked).toEqual(['036010291442']);
  });

  it('does not ask it of a read of coarse modules', () => {
    const pool = new CandidatePool();
    pool.addView('sharpened', [readInBox('UPC_A', '036000291452', 10, { x: 10, y: 20, width: 300, height: 60 })]);
    const { checks, asked } = checksAnswering(true);
    expect(checks.settledCertain(pool)).toBe(true);
    expect(asked).toEqual([]);
  });
});
