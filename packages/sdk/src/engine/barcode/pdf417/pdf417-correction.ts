/**
 * How many of a PDF417's correction codewords a decode left unused, at least. zxing-cpp reports the
 * share it left unused (`UEC`) and the share of correction codewords among all the symbol's
 * (`ECLevel`, `5%`: ⌊100 k / n⌋), not their number k. k is a power of two (2 at level 0 … 512 at
 * level 8), and n is k plus the data codewords, at least `leastDataCodewords`: so k ≥ p × data /
 * (100 − p), and the least power of two that satisfies it is the fewest the symbol can have.
 * Undefined when zxing said no percentage.
 */
export function pdf417SpareCodewords(unusedShare: number, ecLevel: unknown, bytes: Uint8Array): number | undefined {
  const percent = typeof ecLevel === 'string' ? /^(\d+)%$/.exec(ecLevel)?.[1] : undefined;
  if (percent === undefined) return undefined;
  const p = Number(percent);
  const least = p >= 100 ? maxCorrectionCodewords : (p * leastDataCodewords(bytes)) / (100 - p);
  let k = 2;
  while (k < least && k < maxCorrectionCodewords) k *= 2;
  // UEC comes rounded to two decimals (1/8 as 0.12): the nearest whole codeword.
  return Math.round(unusedShare * k);
}

/** Correction codewords at level 8, the most a PDF417 has. */
const maxCorrectionCodewords = 512;

/**
 * The fewest codewords PDF417's compaction modes can carry these bytes in, with the symbol length
 * descriptor: digits 44 to 15 codewords (numeric compaction), other printable ASCII, tab, LF and CR
 * two to a codeword (text compaction), any other byte 6 to 5 (byte compaction). Switching between
 * modes only adds codewords.
 */
export function leastDataCodewords(bytes: Uint8Array): number {
  let codewords = 1;
  for (const b of bytes) codewords += isDigit(b) ? 15 / 44 : isText(b) ? 1 / 2 : 5 / 6;
  return codewords;
}

const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isText = (b: number) => (b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0a || b === 0x0d;
