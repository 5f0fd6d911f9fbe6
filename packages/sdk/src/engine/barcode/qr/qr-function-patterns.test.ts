import { describe, expect, it } from 'vitest';
import { renderBarcode } from '@idlens/test-support/engine/barcode-scenes.ts';
import { functionModule, largestPatternedVersion } from './qr-function-patterns.ts';

describe('functionModule', () => {
  it('agrees with every function module of symbols zxing-cpp writes, versions 1 to 10, and fixes all of them', async () => {
    const checked = new Set<number>();
    // Longer texts need larger versions; step the length until every version has been drawn.
    for (let length = 1; length < 400 && checked.size < largestPatternedVersion; length += 3) {
      const symbol = await renderBarcode('QRCode', 'idlens-'.repeat(60).slice(0, length), { moduleSize: 1, quietZone: 0 });
      const side = symbol.width;
      const version = (side - 17) / 4;
      if (version > largestPatternedVersion || checked.has(version)) continue;
      let fixed = 0;
      for (let v = 0; v < side; v++) {
        for (let u = 0; u < side; u++) {
          const known = functionModule(side, u, v);
          if (known === undefined) continue;
          fixed++;
          expect({ version, u, v, dark: symbol.data[v * side + u]! < 128 }).toEqual({ version, u, v, dark: known });
        }
      }
      // Three finders with their separators (8 × 8 each), two timing patterns, the dark module, the
      // alignment patterns (5 × 5 each; from version 7 two of them cross the timing patterns, 5
      // modules each) and the version information (2 × 18 from version 7).
      const alignments = version === 1 ? 0 : version < 7 ? 1 : 6;
      const fromVersion7 = version >= 7 ? 2 * 18 - 2 * 5 : 0;
      expect(fixed).toBe(3 * 64 + 2 * (side - 16) + 1 + 25 * alignments + fromVersion7);
      checked.add(version);
    }
    expect([...checked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('leaves the format information and the data to the symbol', () => {
    // Format information: next to the top-left finder and split between the other two.
    for (const [u, v] of [
      [8, 0],
      [0, 8],
      [8, 8],
      [24, 8],
      [8, 24],
    ] as const) {
      expect(functionModule(29, u, v)).toBeUndefined();
    }
    expect(functionModule(29, 14, 14)).toBeUndefined();
  });

  it('refuses sizes no version 1–10 has', () => {
    expect(() => functionModule(20, 0, 0)).toThrow(RangeError);
    expect(() => functionModule(61, 0, 0)).toThrow(RangeError);
  });
});
