import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../api/barcode.ts';
import { CandidatePool } from './candidate-pool.ts';
import type { BarcodeRead } from './normalize-read.ts';
import { readInBox } from '@idlens/test-support/engine/barcode-reads.ts';

function read(type: BarcodeType, text: string, lineCount: number, x = 0, width = 200, height = 50): BarcodeRead {
  return readInBox(type, text, lineCount, { x, y: 0, width, height });
}

/** A pool whose one candidate, `misread` as the pass `sharpened` read it, a second opinion disputed. */
function poolWithDisputed(misread: BarcodeRead): CandidatePool {
  const pool = new CandidatePool();
  pool.addView('sharpened', [misread]);
  pool.dispute(pool.verdict()!.candidate);
  return pool;
}

describe('CandidatePool', () => {
  it('is empty until something is added', () => {
    expect(new CandidatePool().verdict()).toBeUndefined();
  });

  it('trusts one matrix read at once', () => {
    const pool = new CandidatePool();
    pool.addView('pass 1', [read('QR_CODE', 'qr', 0)]);
    expect(pool.verdict()).toMatchObject({ certain: true });
    expect(pool.isConclusive()).toBe(true);
  });

  it('trusts one matrix read with error correction to spare, but wants a second pass for a QR decode that spent it all', () => {
    const spared = new CandidatePool();
    spared.addView('pass 2', [{ ...read('PDF417_BARCODE', 'right', 0), correctionMargin: 0.12 }]);
    expect(spared.verdict()).toMatchObject({ certain: true });

    const spent = new CandidatePool();
    spent.addView('pass 3', [{ ...read('QR_CODE', 'qr', 0), correctionMargin: 0 }]);
    expect(spent.verdict()).toMatchObject({ certain: false });
    expect(spent.isConclusive()).toBe(false);
    // Another view of the same pass (a second QR crop, say) adds nothing; another pass does.
    spent.addView('pass 3', [{ ...read('QR_CODE', 'qr', 0), correctionMargin: 0 }]);
    expect(spent.verdict()).toMatchObject({ certain: false, candidate: { support: 3 } });
    spent.addView('pass 4', [{ ...read('QR_CODE', 'qr', 0), correctionMargin: 0 }]);
    expect(spent.verdict()).toMatchObject({ certain: true, candidate: { support: 6 } });
  });

  it('never makes a PDF417 certain on decodes that spent all their error correction, however many passes agree', () => {
    const pool = new CandidatePool();
    for (const pass of ['frame', 'fixed-threshold', 'denoised-2d', 'region']) {
      pool.addView(pass, [{ ...read('PDF417_BARCODE', 'ANSI 636000 garbage', 0), correctionMargin: 0 }]);
    }
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { support: 12 } });
    expect(pool.isConclusive()).toBe(false);
    // One decode that left correction unused settles the same bytes.
    pool.addView('upscaled', [{ ...read('PDF417_BARCODE', 'ANSI 636000 garbage', 0), correctionMargin: 0.5 }]);
    expect(pool.verdict()).toMatchObject({ certain: true });
    expect(pool.isConclusive()).toBe(true);
  });

  it('counts a PDF417 decode that left a single correction codeword unused as spent, and one with two as spared', () => {
    const decode = (spareCodewords: number) => ({ ...read('PDF417_BARCODE', 'ANSI 636000', 0), correctionMargin: spareCodewords / 4, spareCodewords });
    const one = new CandidatePool();
    one.addView('local-contrast-sharpened', [decode(1)]);
    expect(one.verdict()).toMatchObject({ certain: false, candidate: { support: 3 } });
    const two = new CandidatePool();
    two.addView('local-contrast-sharpened', [decode(2)]);
    expect(two.verdict()).toMatchObject({ certain: true, candidate: { support: 50 } });
  });

  it('counts a read found twice in one view at its heaviest', () => {
    const pool = new CandidatePool();
    pool.addView('pass', [
      { ...read('QR_CODE', 'qr', 0), correctionMargin: 0 },
      { ...read('QR_CODE', 'qr', 0), correctionMargin: 0.5 },
    ]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { support: 50 } });
  });

  it('keeps matrix and linear reads apart however close: a spent PDF417 is not buried by the Code 128 beside it', () => {
    const pool = new CandidatePool();
    const pdf417 = (correctionMargin: number) => ({ ...read('PDF417_BARCODE', 'ANSI 636000', 0, 0, 600, 150), correctionMargin });
    for (const pass of ['sharpened', 'denoised', 'upscaled']) pool.addView(pass, [pdf417(0), read('CODE_128', 'DL123', 10, 0, 300, 40)]);
    // The Code 128 is certain on its own lines; the spent PDF417 is no rival of it, nor it of the PDF417.
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'CODE_128' }, support: 30 } });
    // Once a decode of the PDF417 leaves correction unused, both are certain and the larger symbol is reported.
    pool.addView('frame', [pdf417(1)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'PDF417_BARCODE' }, support: 59 } });
  });

  it('never makes a disputed read certain, and lets the plan go on', () => {
    const pool = new CandidatePool();
    pool.addView('sharpened', [read('UPC_A', '036010291442', 10)]);
    const candidate = pool.verdict()!.candidate;
    expect(pool.isConclusive()).toBe(true);
    pool.dispute(candidate);
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { support: 5 } });
    expect(pool.isConclusive()).toBe(false);
    // Passes that make the same misread again add nothing to it.
    pool.addView('upscaled', [read('UPC_A', '036010291442', 10)]);
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { support: 5 } });
  });

  it('lets two passes that agree on the right read make it certain over a disputed misread', () => {
    const pool = poolWithDisputed(read('UPC_A', '036010291442', 10));
    pool.addView('upscaled', [read('UPC_A', '036000291452', 9)]);
    pool.addView('fixed-threshold', [read('UPC_A', '036000291452', 9)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: '036000291452' }, support: 18 } });
  });

  it('does not stop the plan on a smaller certain symbol while a disputed misread of a larger one is about', () => {
    const pool = new CandidatePool();
    pool.addView('sharpened', [read('UPC_A', '036010291442', 10, 0, 300, 60), read('CODE_128', 'LOT-42', 10, 400, 100, 20)]);
    pool.addView('upscaled', [read('CODE_128', 'LOT-42', 10, 400, 100, 20)]);
    expect(pool.verdict()).toMatchObject({ candidate: { read: { type: 'UPC_A' } } });
    pool.dispute(pool.verdict()!.candidate);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'CODE_128' } } });
    expect(pool.isConclusive()).toBe(false);
  });

  it('stops the plan on the right read of the symbol a disputed read misread, however their boxes differ', () => {
    const pool = poolWithDisputed(read('UPC_E', '11124191', 10, 0, 104, 60));
    pool.addView('fixed-threshold', [read('UPC_E', '04124498', 10, 2, 100, 56)]);
    pool.addView('local-contrast-sharpened', [read('UPC_E', '11124191', 10, 0, 104, 60)]);
    pool.addView('denoised', [read('UPC_E', '04124498', 10, 2, 100, 56)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: '04124498' } } });
    expect(pool.isConclusive()).toBe(true);
  });

  it('does not stop the plan on a certain code printed beside a disputed misread of a larger symbol', () => {
    // An EAN-13 misread, disputed, and a lot number's Code 128 printed just right of it (within the grown box).
    const pool = poolWithDisputed(read('EAN_13', '4006381333931', 10, 0, 190, 80));
    pool.addView('fixed-threshold', [read('CODE_128', 'LOT-42', 10, 200, 50, 70)]);
    pool.addView('denoised', [read('CODE_128', 'LOT-42', 10, 200, 50, 70)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'CODE_128' } } });
    expect(pool.isConclusive()).toBe(false);
  });

  it('lets a matrix read with margin outweigh a spent read of the same symbol', () => {
    const pool = new CandidatePool();
    pool.addView('pass 5', [{ ...read('QR_CODE', 'garbage', 0), correctionMargin: 0 }]);
    pool.addView('pass 6', [{ ...read('QR_CODE', 'right', 0), correctionMargin: 1 }]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: 'right' } } });
  });

  it('wants corroboration for linear reads: several lines or several views', () => {
    const pool = new CandidatePool();
    pool.addView('sharpened', [read('EAN_13', '4006381333931', 2)]);
    expect(pool.verdict()).toMatchObject({ certain: false });
    pool.addView('denoised', [read('EAN_13', '4006381333931', 3)]);
    pool.addView('upscaled', [read('EAN_13', '4006381333931', 2)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { views: 3, support: 7, passNames: new Set(['sharpened', 'denoised', 'upscaled']) } });
    expect(pool.isConclusive()).toBe(false);
  });

  it('keeps a read uncertain while a different read of the same symbol is comparably supported', () => {
    const pool = new CandidatePool();
    pool.addView('pass 7', [read('EAN_13', '4006381333931', 8)]);
    pool.addView('pass 8', [read('EAN_13', '7034759003930', 5)]);
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { read: { text: '4006381333931' } } });
    pool.addView('pass 9', [read('EAN_13', '4006381333931', 20)]);
    expect(pool.verdict()).toMatchObject({ certain: true });
  });

  it('keeps fitted reads uncertain together until a decoded read agrees', () => {
    const pool = new CandidatePool();
    const fitted = (lines: number) => ({ ...read('EAN_13', '4006381333931', lines), fitted: true });
    pool.addView('pass 10', [fitted(4)]);
    expect(pool.fittedSupportFull()).toBe(false);
    pool.addView('pass 11', [fitted(4)]);
    pool.addView('pass 12', [fitted(3)]);
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { support: 5, fittedSupport: 5, views: 3 } });
    expect(pool.fittedSupportFull()).toBe(true);
    pool.addView('pass 13', [read('EAN_13', '4006381333931', 1)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { support: 6 } });
  });

  describe('two reads of a product code between the same guards, at different heights of its bars', () => {
    // A UPC-A 100 px long: a misread on lines through the top of its bars, the right read through their middle.
    const inBand = (type: BarcodeType, text: string, lines: number, y: number, height: number) =>
      readInBox(type, text, lines, { x: 33, y, width: 100, height });
    const top = inBand('UPC_A', '023942471011', 10, 8, 6);
    const middle = inBand('UPC_A', '023942431015', 7, 38, 14);
    const verdictOf = (...views: BarcodeRead[][]) => {
      const pool = new CandidatePool();
      for (const [i, reads] of views.entries()) pool.addView(`pass ${i}`, reads);
      return pool.verdict();
    };

    it('are rivals, however far apart their thin boxes lie', () => {
      expect(verdictOf([top], [top], [middle])).toMatchObject({ certain: false, candidate: { read: { text: '023942471011' } } });
      // The misread alone is certain: it is the rival that takes its certainty.
      expect(verdictOf([top], [top])).toMatchObject({ certain: true });
      // An EAN-13 and a UPC-A are one length; the upside-down read runs from the other guard.
      const upsideDown = {
        ...middle,
        type: 'EAN_13' as const,
        text: '0023942431015',
        points: [middle.points[1]!, middle.points[0]!, middle.points[3]!, middle.points[2]!],
      };
      expect(verdictOf([top], [top], [upsideDown])).toMatchObject({ certain: false });
    });

    it('are measured on the longer read, so that neither is certain beside the other', () => {
      // 108 and 100 px long, ends within 5 % either way, spanning 84 px across: 0.78 of the longer
      // read, 0.84 of the shorter. Measured on the shorter, the shorter would stand alone and be certain.
      const long = readInBox('UPC_A', '023942471011', 10, { x: 33, y: 0, width: 108, height: 12 });
      const short = readInBox('UPC_A', '023942431015', 10, { x: 37, y: 72, width: 100, height: 12 });
      expect(verdictOf([long], [short])).toMatchObject({ certain: false });
    });

    it('lets the plan stop on the right read while a disputed misread lies along the same bars', () => {
      const pool = new CandidatePool();
      pool.addView('sharpened', [readInBox('UPC_A', '023942471011', 10, { x: 33, y: 8, width: 102, height: 30 })]);
      pool.dispute(pool.verdict()!.candidate);
      pool.addView('frame', [readInBox('UPC_A', '023942431015', 10, { x: 33, y: 60, width: 100, height: 20 })]);
      pool.addView('upscaled', [readInBox('UPC_A', '023942431015', 10, { x: 33, y: 60, width: 100, height: 20 })]);
      expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: '023942431015' } } });
      expect(pool.isConclusive()).toBe(true);
    });

    it('lets the plan stop on a UPC-A while an EAN-13 misread of it lies along the same bars, disputed', () => {
      const pool = new CandidatePool();
      pool.addView('upscaled-bar-sharpened-vertical', [readInBox('EAN_13', '4114134832478', 10, { x: 33, y: 8, width: 102, height: 30 })]);
      pool.dispute(pool.verdict()!.candidate);
      for (const pass of ['frame', 'upscaled']) pool.addView(pass, [readInBox('UPC_A', '023942431015', 10, { x: 33, y: 60, width: 100, height: 20 })]);
      expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'UPC_A' } } });
      expect(pool.isConclusive()).toBe(true);
    });

    it('are two symbols when their ends differ, when they lie further apart than a bar height, or when their module counts differ', () => {
      const shifted = readInBox('UPC_A', '023942431015', 7, { x: 53, y: 38, width: 100, height: 14 });
      expect(verdictOf([top], [top], [shifted])).toMatchObject({ certain: true });
      const longer = readInBox('UPC_A', '023942431015', 7, { x: 33, y: 50, width: 120, height: 14 });
      expect(verdictOf([top], [top], [longer])).toMatchObject({ certain: true });
      // Labels one above the other: the two reads span 0.9 of a length across.
      expect(verdictOf([top], [top], [inBand('UPC_A', '023942431015', 7, 84, 14)])).toMatchObject({ certain: true });
      // An EAN-8 (67 modules) as long as the UPC-A (95) is another symbol, however its reads lie.
      expect(verdictOf([top], [top], [inBand('EAN_8', '96385074', 7, 38, 14)])).toMatchObject({ certain: true });
    });
  });

  it('caps the lines one pass contributes, and halves them for a thin band of lines', () => {
    const pool = new CandidatePool();
    pool.addView('pass 14', [read('EAN_13', '4006381333931', 200)]);
    expect(pool.verdict()?.candidate.support).toBe(10);
    const thin = new CandidatePool();
    // Lines spread over 6 px of a 200 px symbol: the band through the bar ends and digits.
    thin.addView('pass 15', [read('EAN_13', '9074932437075', 10, 0, 200, 6)]);
    expect(thin.verdict()).toMatchObject({ certain: false, candidate: { support: 5 } });
  });

  it('prefers the full ITF over a partial read of the same symbol', () => {
    const pool = new CandidatePool();
    pool.addView('pass 16', [read('ITF', '991230948260', 30)]);
    pool.addView('pass 17', [read('ITF', '991230948260164483', 6)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: '991230948260164483' } } });
  });

  describe('a UPC-E or EAN-8 read on the bars of an EAN-13 or UPC-A read', () => {
    const ean13 = read('EAN_13', '9780441014989', 2, 0, 200);
    const inside = read('UPC_E', '17804419', 10, 40, 107);
    const moved = (r: BarcodeRead, dx: number, dy: number) => ({ ...r, points: r.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) });
    const verdictOf = (...reads: BarcodeRead[]) => {
      const pool = new CandidatePool();
      pool.addView('sharpened', reads);
      return pool.verdict();
    };
    const longerWins = { certain: false, candidate: { read: { type: 'EAN_13' } } };
    const shortWins = { certain: true, candidate: { read: { type: 'UPC_E' } } };

    it('is a piece of it, between its ends: the longer read wins on its own evidence', () => {
      expect(verdictOf(ean13, inside)).toMatchObject(longerWins);
      // Low on the bars, by the digits, clear of the longer read's own lines.
      expect(verdictOf(ean13, moved(inside, 0, 100))).toMatchObject(longerWins);
      // Whichever way the longer read's line runs.
      const reversed = { ...ean13, points: [ean13.points[1]!, ean13.points[0]!, ean13.points[3]!, ean13.points[2]!] };
      expect(verdictOf(reversed, inside)).toMatchObject(longerWins);
      const turn = (r: BarcodeRead) => ({ ...r, points: r.points.map((p) => ({ x: 300 - p.y, y: p.x })) });
      expect(verdictOf(turn(ean13), turn(inside))).toMatchObject(longerWins);
    });

    it('is a symbol of its own past the longer read’s end, beyond its bars, across them, or longer', () => {
      expect(verdictOf(ean13, read('UPC_E', '17804419', 10, 110, 107))).toMatchObject(shortWins);
      // Both reads together span more than a bar height (0.8 of the longer one's length) across.
      expect(verdictOf(ean13, moved(inside, 0, 120))).toMatchObject(shortWins);
      const perpendicular = {
        ...inside,
        points: [
          { x: 90, y: -30 },
          { x: 90, y: 77 },
          { x: 110, y: 77 },
          { x: 110, y: -30 },
        ],
      };
      expect(verdictOf(ean13, perpendicular)).toMatchObject(shortWins);
      expect(verdictOf(ean13, read('EAN_8', '96385074', 10, 10, 170))).toMatchObject({ certain: true, candidate: { read: { type: 'EAN_8' } } });
    });

    it('is not buried by a longer read on a single line', () => {
      expect(verdictOf({ ...ean13, lineCount: 1 }, inside)).toMatchObject(shortWins);
      const thin = read('EAN_13', '9780441014989', 2, 0, 200, 10);
      expect(verdictOf(thin, inside)).toMatchObject(shortWins);
    });
  });

  it('chooses the largest of several symbols', () => {
    const pool = new CandidatePool();
    pool.addView('pass 18', [read('QR_CODE', 'small', 0, 500, 60), read('QR_CODE', 'large', 0, 0, 300)]);
    expect(pool.verdict()?.candidate.read.text).toBe('large');
  });

  it('counts a read once per view however often zxing repeats it', () => {
    const pool = new CandidatePool();
    pool.addView('pass 19', [read('CODE_128', 'A', 3), read('CODE_128', 'A', 3)]);
    expect(pool.verdict()?.candidate).toMatchObject({ views: 1, support: 3 });
  });
});
