import { describe, expect, it } from 'vitest';
import { checksumHolds, decodeEanProfile } from './ean-profile.ts';

const lCodes = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const gCodes = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const rCodes = lCodes.map((c) => [...c].map((b) => (b === '1' ? '0' : '1')).join(''));
const parities = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The modules of an EAN-13 (1 = bar), written here independently of the decoder's tables' use. */
function modules(digits: string): string {
  let bits = '101';
  for (let j = 0; j < 6; j++) bits += (parities[Number(digits[0])]![j] === 'L' ? lCodes : gCodes)[Number(digits[j + 1])];
  bits += '01010';
  for (let j = 0; j < 6; j++) bits += rCodes[Number(digits[j + 7])];
  return `${bits}101`;
}

/**
 * A scan line across a printed EAN-13 photographed out of focus: `m` px per module, 12 modules of
 * quiet zone, dark bars (30) on light paper (220), a Gaussian blur of σ px, seeded noise, and a
 * brightness ramp (uneven light) of `ramp` levels across the line.
 */
function scanLine(digits: string, m: number, sigma: number, { noise = 4, ramp = 0, seed = 1 } = {}): Float64Array {
  const bits = modules(digits);
  const n = Math.round((bits.length + 24) * m);
  const sharp = Array.from({ length: n }, (_, x) => {
    const k = Math.floor(x / m) - 12;
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

  it('reads nothing from a line without a symbol, a symbol blurred beyond its modules, or one whose check digit is wrong', () => {
    const paper = Float64Array.from({ length: 400 }, (_, x) => 200 + 20 * Math.sin(x / 7));
    expect(decodeEanProfile(paper)).toBeNull();
    expect(decodeEanProfile(scanLine(digits, 3, 4.5))).toBeNull();
    expect(checksumHolds('9780804816633')).toBe(false);
    expect(decodeEanProfile(scanLine('9780804816633', 3, 0.8))).toBeNull();
  });
});
