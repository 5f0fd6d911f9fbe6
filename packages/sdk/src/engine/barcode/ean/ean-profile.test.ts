import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from './ean-codes.ts';
import { curvedLabels, eanProfileFit, flatLabel, type ProfileOptions } from './ean-profile.ts';

/** A profile decoded as a flat label, then as a curved one (the order `readEanProfiles` tries them in, one way round). */
function decodeEanProfile(profile: Float64Array, options: ProfileOptions = {}) {
  const fit = eanProfileFit(profile, options);
  return fit(flatLabel) ?? fit(curvedLabels);
}

const lCodes = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const gCodes = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const rCodes = lCodes.map((c) => [...c].map((b) => (b === '1' ? '0' : '1')).join(''));
const parities = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** UPC-E's parity patterns, number system 0, by check digit (number system 1: L and G swapped). */
const upceParities = ['GGGLLL', 'GGLGLL', 'GGLLGL', 'GGLLLG', 'GLGGLL', 'GLLGGL', 'GLLLGG', 'GLGLGL', 'GLGLLG', 'GLLGLG'];

/** The modules of an EAN-13, EAN-8 (8 digits) or UPC-E (`upce`: 8 digits) (1 = bar), written here independently of the decoder's tables' use. */
function modules(digits: string, upce = false): string {
  if (upce) {
    const parity = upceParities[Number(digits[7])]!.replace(/[LG]/g, (c) => (digits[0] === '0' ? c : c === 'L' ? 'G' : 'L'));
    let bits = '101';
    for (let j = 0; j < 6; j++) bits += (parity[j] === 'L' ? lCodes : gCodes)[Number(digits[j + 1])];
    return `${bits}010101`;
  }
  const half = digits.length === 8 ? 4 : 6;
  const parity = digits.length === 8 ? 'LLLL' : parities[Number(digits[0])]!;
  const left = digits.length === 8 ? digits.slice(0, 4) : digits.slice(1, 7);
  let bits = '101';
  for (let j = 0; j < half; j++) bits += (parity[j] === 'L' ? lCodes : gCodes)[Number(left[j])];
  bits += '01010';
  for (let j = 0; j < half; j++) bits += rCodes[Number(digits[digits.length - half + j])];
  return `${bits}101`;
}

/**
 * A scan line across a printed EAN-13 (EAN-8, or UPC-E with `upce`) photographed out of focus: `m` px
 * per module, 12 modules of quiet zone, dark bars (30) on light paper (220), a Gaussian blur of σ
 * px, seeded noise, and a brightness ramp (uneven light) of `ramp` levels across the line. With
 * `symbolArc` (degrees), the label is wrapped round a cylinder, the symbol spanning ±`symbolArc` of it, and seen
 * from the front: `m` px a module in the middle, fewer towards the ends.
 */
function scanLine(digits: string, m: number, sigma: number, { noise = 4, ramp = 0, seed = 1, upce = false, markAfter = 0, symbolArc = 0 } = {}): Float64Array {
  const bits = modules(digits, upce);
  const halfLength = (bits.length * m) / 2;
  const radius = symbolArc > 0 ? halfLength / ((symbolArc * Math.PI) / 180) : Number.POSITIVE_INFINITY;
  const halfWidth = symbolArc > 0 ? radius * Math.sin((symbolArc * Math.PI) / 180) : halfLength;
  const n = Math.round(2 * halfWidth + 24 * m);
  // Where along the label (px from the quiet zone's start) the line's pixel x shows: x itself when flat.
  const onLabel = (x: number) => (symbolArc > 0 ? 12 * m + halfLength + radius * Math.asin(Math.max(-1, Math.min(1, (x - 12 * m - halfWidth) / radius))) : x);
  const sharp = Array.from({ length: n }, (_, x) => {
    const k = Math.floor(onLabel(x) / m) - 12;
    // A printed mark (a check digit's stroke) two modules wide, `markAfter` modules after the end guard.
    if (markAfter > 0 && k >= bits.length + markAfter && k < bits.length + markAfter + 2) return 30;
    return k >= 0 && k < bits.length && bits[k] === '1' ? 30 : 220;
  });
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  const r = Math.ceil(3 * sigma);
  return Float64Array.from({ length: n }, (_, x) => {
    let sum = 0;
    let weights = 0;
    for (let i = -r; i <= r; i++) {
      const w = sigma > 0 ? Math.exp(-(i * i) / (2 * sigma * sigma)) : i === 0 ? 1 : 0;
      sum += w * sharp[Math.min(n - 1, Math.max(0, x + i))]!;
      weights += w;
    }
    return Math.min(255, sum / weights + (ramp * x) / n + noise * random());
  });
}

describe('decodeEanProfile', () => {
  const digits = '9780804816632';

  it('reads a sharp and a defocused symbol at several scales, whatever the parity pattern', () => {
    for (const [m, sigma] of [
      [3, 0],
      [3, 1.5],
      [2, 1],
      [4.5, 2.3],
    ] as const) {
      expect(decodeEanProfile(scanLine(digits, m, sigma))?.digits, `m ${m} σ ${sigma}`).toBe(digits);
    }
    for (const other of ['4006381333931', '0036000291452', '5901234123457']) expect(decodeEanProfile(scanLine(other, 3, 1.2))?.digits).toBe(other);
  });

  it('reads under uneven light, and says where the symbol lies on the line', () => {
    const decoded = decodeEanProfile(scanLine(digits, 3, 1.2, { ramp: 120 }));
    expect(decoded?.digits).toBe(digits);
    // 12 modules of quiet zone, 95 of symbol, 3 px each.
    expect(decoded!.start).toBeCloseTo(36, -0.5);
    expect(decoded!.end).toBeCloseTo(36 + 95 * 3, -0.5);
  });

  it('reads a label curved round a bottle or can, whose modules narrow towards the ends, which fitted flat reads nothing', () => {
    // A module of 1 px (1.2 px) at the middle, profiled at 3 bins a pixel as fine symbols are, σ 0.5 px
    // (0.6 px): fitted flat, the digits half-way to each guard lie nearly a module off on a ±30° arc.
    for (const [arc, m, sigma] of [
      [25, 3, 1.5],
      [30, 3, 1.5],
      [30, 3.6, 1.8],
    ] as const) {
      for (const code of [digits, '4006381333931', '0036000291452']) {
        const line = scanLine(code, m, sigma, { symbolArc: arc });
        const label = `±${arc}° m ${m} σ ${sigma} ${code}`;
        expect(decodeEanProfile(line)?.digits, label).toBe(code);
        expect(eanProfileFit(line)(flatLabel), label).toBeNull();
      }
    }
    const ean8 = scanLine('55123457', 3, 1.5, { symbolArc: 30 });
    expect(decodeEanProfile(ean8, { symbology: 'EAN_8' })?.digits).toBe('55123457');
    expect(eanProfileFit(ean8, { symbology: 'EAN_8' })(flatLabel)).toBeNull();
    const upce = scanLine('00123457', 3, 1.5, { symbolArc: 30, upce: true });
    expect(decodeEanProfile(upce, { symbology: 'UPC_E' })?.digits).toBe('00123457');
    expect(eanProfileFit(upce, { symbology: 'UPC_E' })(flatLabel)).toBeNull();
  });

  it('reads nothing from a line without a symbol, a symbol blurred beyond its modules, or one whose check digit is wrong', () => {
    const paper = Float64Array.from({ length: 400 }, (_, x) => 200 + 20 * Math.sin(x / 7));
    expect(decodeEanProfile(paper)).toBeNull();
    expect(decodeEanProfile(scanLine(digits, 3, 4.5))).toBeNull();
    expect(hasValidCheckDigit('9780804816633')).toBe(false);
    expect(decodeEanProfile(scanLine('9780804816633', 3, 0.8))).toBeNull();
  });

  it('reads EAN-8 and UPC-E of number system 0 when asked for them, and the check digit checks each', () => {
    for (const [m, sigma] of [
      [3, 1.2],
      [2, 1],
    ] as const) {
      expect(decodeEanProfile(scanLine('55123457', m, sigma), { symbology: 'EAN_8' })?.digits, `m ${m} σ ${sigma}`).toBe('55123457');
      expect(decodeEanProfile(scanLine('00123457', m, sigma, { upce: true }), { symbology: 'UPC_E' })?.digits, `m ${m} σ ${sigma}`).toBe('00123457');
    }
    expect(decodeEanProfile(scanLine('04963406', 3, 1.2, { upce: true }), { symbology: 'UPC_E' })?.digits).toBe('04963406');
    // Check digits that do not hold: 5512345 with 8, and a UPC-E whose parity pattern spells check digit 8 for a 7.
    expect(decodeEanProfile(scanLine('55123458', 3, 0.8), { symbology: 'EAN_8' })).toBeNull();
    expect(decodeEanProfile(scanLine('00123458', 3, 0.8, { upce: true }), { symbology: 'UPC_E' })).toBeNull();
  });

  it('reads a UPC-E whose check digit is printed a few modules beside its end guard, and a small one without bounds', () => {
    expect(decodeEanProfile(scanLine('00123457', 3, 1, { upce: true, markAfter: 4 }), { symbology: 'UPC_E' })?.digits).toBe('00123457');
    // 51 modules of 1.15 px: 59 px, under the 60 px the fit once wanted of any unbounded symbol.
    expect(decodeEanProfile(scanLine('00123457', 1.15, 0.5, { upce: true, noise: 1 }), { symbology: 'UPC_E' })?.digits).toBe('00123457');
  });

  it('reads each symbology only as itself: its guards do not fit another layout', () => {
    expect(decodeEanProfile(scanLine('00123457', 3, 0.8, { upce: true }), { symbology: 'EAN_8' })).toBeNull();
    expect(decodeEanProfile(scanLine('55123457', 3, 0.8), { symbology: 'UPC_E' })).toBeNull();
    expect(decodeEanProfile(scanLine('00123457', 3, 0.8, { upce: true }))).toBeNull();
    expect(decodeEanProfile(scanLine(digits, 3, 0.8), { symbology: 'UPC_E' })).toBeNull();
    // Number system 1's parity patterns are EAN-13's own: this EAN-13's left half, centre guard and the
    // first bar of the 3 after it (R code 1 0 0 0 0 1 0) spell the UPC-E 11001111, quiet zone and all.
    // The fit reads number system 0 only (a real number system 1 symbol, 18740006, is not read either).
    expect(hasValidCheckDigit('1100111312340')).toBe(true);
    expect(decodeEanProfile(scanLine('18740006', 3, 1.2, { upce: true }), { symbology: 'UPC_E' })).toBeNull();
    expect(decodeEanProfile(scanLine('1100111312340', 3, 0.8), { symbology: 'UPC_E' })).toBeNull();
    expect(decodeEanProfile(scanLine('1100111312340', 3, 0.8))?.digits).toBe('1100111312340');
  });
});
