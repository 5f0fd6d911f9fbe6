import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../api/barcode.ts';
import { CandidatePool } from './candidate-pool.ts';
import type { BarcodeRead } from './normalize-read.ts';

function read(type: BarcodeType, text: string, lineCount: number, x = 0, width = 200, height = 50): BarcodeRead {
  return {
    type,
    text,
    bytes: new TextEncoder().encode(text),
    points: [
      { x, y: 0 },
      { x: x + width, y: 0 },
      { x: x + width, y: height },
      { x, y: height },
    ],
    linear: type !== 'QR_CODE' && type !== 'PDF417_BARCODE',
    lineCount,
  };
}

describe('CandidatePool', () => {
  it('is empty until something is added', () => {
    expect(new CandidatePool().verdict()).toBeUndefined();
  });

  it('trusts one matrix read at once', () => {
    const pool = new CandidatePool();
    pool.addPass([read('QR_CODE', 'qr', 0)]);
    expect(pool.verdict()).toMatchObject({ certain: true });
    expect(pool.isConclusive()).toBe(true);
  });

  it('wants corroboration for linear reads: several lines or several passes', () => {
    const pool = new CandidatePool();
    pool.addPass([read('EAN_13', '4006381333931', 2)]);
    expect(pool.verdict()).toMatchObject({ certain: false });
    pool.addPass([read('EAN_13', '4006381333931', 3)]);
    pool.addPass([read('EAN_13', '4006381333931', 2)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { passes: 3, support: 7 } });
    expect(pool.isConclusive()).toBe(false);
  });

  it('keeps a read uncertain while a different read of the same symbol is comparably supported', () => {
    const pool = new CandidatePool();
    pool.addPass([read('EAN_13', '4006381333931', 8)]);
    pool.addPass([read('EAN_13', '7034759003930', 5)]);
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { read: { text: '4006381333931' } } });
    pool.addPass([read('EAN_13', '4006381333931', 20)]);
    expect(pool.verdict()).toMatchObject({ certain: true });
  });

  it('caps the lines one pass contributes, and halves them for a thin band of lines', () => {
    const pool = new CandidatePool();
    pool.addPass([read('EAN_13', '4006381333931', 200)]);
    expect(pool.verdict()?.candidate.support).toBe(10);
    const thin = new CandidatePool();
    // Lines spread over 6 px of a 200 px symbol: the band through the bar ends and digits.
    thin.addPass([read('EAN_13', '9074932437075', 10, 0, 200, 6)]);
    expect(thin.verdict()).toMatchObject({ certain: false, candidate: { support: 5 } });
  });

  it('prefers the full ITF over a partial read of the same symbol', () => {
    const pool = new CandidatePool();
    pool.addPass([read('ITF', '991230948260', 30)]);
    pool.addPass([read('ITF', '991230948260164483', 6)]);
    expect(pool.verdict()).toMatchObject({ certain: true, candidate: { read: { text: '991230948260164483' } } });
  });

  it('takes a UPC-E or EAN-8 read between the ends of an EAN-13 or UPC-A read for a piece of it', () => {
    const ean13 = read('EAN_13', '9780441014989', 2, 0, 200);
    const inside = read('UPC_E', '17804419', 10, 40, 107);
    const pool = new CandidatePool();
    pool.addPass([ean13, inside]);
    // The longer symbol, on its own two lines: uncertain, not the short code's ten.
    expect(pool.verdict()).toMatchObject({ certain: false, candidate: { read: { type: 'EAN_13' } } });

    // Also when read low on the bars, by the digits, clear of the longer read's own lines.
    const low = new CandidatePool();
    low.addPass([ean13, { ...inside, points: inside.points.map((p) => ({ x: p.x, y: p.y + 110 })) }]);
    expect(low.verdict()).toMatchObject({ certain: false, candidate: { read: { type: 'EAN_13' } } });

    // Reaching past the EAN-13's end, the short read is a rival as before, and wins on its lines.
    const across = new CandidatePool();
    across.addPass([ean13, read('UPC_E', '17804419', 10, 150, 107)]);
    expect(across.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'UPC_E' } } });
    // Beyond the bars' height below it, it is a symbol of its own, and the certain one is reported.
    const below = new CandidatePool();
    below.addPass([ean13, { ...inside, points: inside.points.map((p) => ({ x: p.x, y: p.y + 200 })) }]);
    expect(below.verdict()).toMatchObject({ certain: true, candidate: { read: { type: 'UPC_E' } } });
  });

  it('chooses the largest of several symbols', () => {
    const pool = new CandidatePool();
    pool.addPass([read('QR_CODE', 'small', 0, 500, 60), read('QR_CODE', 'large', 0, 0, 300)]);
    expect(pool.verdict()?.candidate.read.text).toBe('large');
  });

  it('counts a read once per pass however often zxing repeats it', () => {
    const pool = new CandidatePool();
    pool.addPass([read('CODE_128', 'A', 3), read('CODE_128', 'A', 3)]);
    expect(pool.verdict()?.candidate).toMatchObject({ passes: 1, support: 3 });
  });
});
