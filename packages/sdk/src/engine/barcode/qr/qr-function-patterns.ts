/**
 * The modules of a QR symbol that the standard (ISO/IEC 18004) fixes for every symbol of a size,
 * whatever its data: the finder patterns with their separators, the timing patterns, the alignment
 * patterns, the dark module, and from version 7 on the version information. A symbol redrawn from a
 * grid fit (`qr-grid.ts`) takes these from here rather than from its samples: zxing finds the redrawn
 * symbol by its finder patterns, and a few finder modules sampled wrong, which the data's error
 * correction would never see, can leave it nothing to find.
 */

/** Alignment pattern centre coordinates by version (the table of ISO/IEC 18004 Annex E), versions 2–10. */
const alignmentCentres: Record<number, readonly number[]> = {
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};

/** The largest version whose function patterns are known here. */
export const largestPatternedVersion = 10;

/**
 * Whether module (`u`, `v`) of a symbol `side` modules wide is a function module, and if so whether
 * it is dark: `undefined` for the data and format-information modules, which only the symbol tells.
 */
export function functionModule(side: number, u: number, v: number): boolean | undefined {
  const version = (side - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > largestPatternedVersion) {
    throw new RangeError(`no QR version has ${side} modules a side within versions 1–${largestPatternedVersion}`);
  }
  // Finder patterns and their separators: an 8 × 8 corner each (the finder 7 × 7, the separator light).
  for (const [cu, cv] of [
    [0, 0],
    [side - 7, 0],
    [0, side - 7],
  ] as const) {
    if (u >= cu - 1 && u <= cu + 7 && v >= cv - 1 && v <= cv + 7) {
      const ring = Math.max(Math.abs(u - cu - 3), Math.abs(v - cv - 3));
      return ring !== 2 && ring !== 4;
    }
  }
  if (u === 8 && v === side - 8) return true;
  if (version >= 7) {
    const bit = versionInformationBit(version, u, v, side);
    if (bit !== undefined) return bit;
  }
  const centres = alignmentCentres[version] ?? [];
  for (const au of centres) {
    for (const av of centres) {
      // No alignment pattern where a finder pattern is.
      if ((au === 6 && av === 6) || (au === 6 && av === side - 7) || (au === side - 7 && av === 6)) continue;
      const ring = Math.max(Math.abs(u - au), Math.abs(v - av));
      if (ring <= 2) return ring !== 1;
    }
  }
  if (v === 6 && u >= 8 && u <= side - 9) return u % 2 === 0;
  if (u === 6 && v >= 8 && v <= side - 9) return v % 2 === 0;
  return undefined;
}

/**
 * The version-information bit at (`u`, `v`), if that module holds one: 18 bits, the version's 6 and a
 * BCH(18, 6) remainder, in a block of 3 × 6 modules above the bottom-left finder and its transpose
 * left of the top-right one (bit i at row ⌊i/3⌋, column side − 11 + i mod 3 of the latter).
 */
function versionInformationBit(version: number, u: number, v: number, side: number): boolean | undefined {
  let i: number;
  if (v < 6 && u >= side - 11 && u < side - 8) i = v * 3 + (u - (side - 11));
  else if (u < 6 && v >= side - 11 && v < side - 8) i = u * 3 + (v - (side - 11));
  else return undefined;
  return ((versionInformation(version) >> i) & 1) === 1;
}

/** The 18-bit version information: the version, then the remainder of its division by the BCH generator. */
function versionInformation(version: number): number {
  const generator = 0x1f25;
  let remainder = version << 12;
  for (let bit = 17; bit >= 12; bit--) if ((remainder >> bit) & 1) remainder ^= generator << (bit - 12);
  return (version << 12) | remainder;
}
