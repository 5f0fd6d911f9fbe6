import type { MrzFieldKind } from './mrz-formats.ts';

/**
 * Symbols OCR mistakes for one another in OCR-B, both ways: the candidates checksum-guided
 * correction tries. Letter→digit and digit→letter pairs also coerce a symbol into a field that
 * cannot hold it (a letter in a date, a digit in a country code).
 */
export const confusionPairs: ReadonlyArray<readonly [string, string]> = [
  ['O', '0'],
  ['Q', '0'],
  ['D', '0'],
  ['U', '0'],
  ['I', '1'],
  ['L', '1'],
  ['T', '1'],
  ['J', '1'],
  ['Z', '2'],
  ['E', '3'],
  ['A', '4'],
  ['S', '5'],
  ['G', '6'],
  ['T', '7'],
  ['B', '8'],
  ['B', '3'],
  ['G', '9'],
  ['<', 'K'],
  ['<', 'X'],
  ['<', 'C'],
  ['<', 'E'],
  ['<', 'L'],
  ['<', 'S'],
  ['<', '4'],
  ['<', '1'],
  ['M', 'N'],
  ['M', 'H'],
  ['V', 'Y'],
  ['C', 'G'],
  ['O', 'D'],
  ['O', 'Q'],
  ['P', 'R'],
  ['F', 'P'],
  ['E', 'F'],
  ['K', 'X'],
  ['W', 'V'],
];

/**
 * Pairs whose glyphs OCR-B draws almost alike: coercing one into the other in a field that cannot
 * hold the read symbol is safe. Other coercions (3→E, 4→A…) still happen but leave the field
 * uncertain — a guess is not a reading.
 */
const strongPairs = new Set(['O0', 'Q0', 'D0', 'I1', 'Z2', 'S5', 'B8', 'G6', '<K']);

/** Whether `a` and `b` are a near-identical glyph pair (either order). */
export function isStrongConfusion(a: string, b: string): boolean {
  return strongPairs.has(a + b) || strongPairs.has(b + a);
}

const confusions = new Map<string, string[]>();
for (const [a, b] of confusionPairs) {
  confusions.set(a, [...(confusions.get(a) ?? []), b]);
  confusions.set(b, [...(confusions.get(b) ?? []), a]);
}

/** Symbols `ch` is commonly confused with, in table order. */
export function confusedWith(ch: string): readonly string[] {
  return confusions.get(ch) ?? [];
}

/** Which symbols each field kind admits. */
export const kindAlphabet: Record<MrzFieldKind, string> = {
  alpha: '<ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  numeric: '0123456789<',
  alnum: '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  sex: 'MFX<',
  digit: '0123456789<',
};

/** Whether `ch` may stand in a field of `kind`. */
export function admits(kind: MrzFieldKind, ch: string): boolean {
  return kindAlphabet[kind].includes(ch);
}
