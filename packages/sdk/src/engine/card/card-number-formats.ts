/**
 * How card numbers are printed: group sizes by total length. Used to prefer candidates whose
 * printed grouping matches a real layout (a 4-4-4-4 row is a card number; a 3-3-4 row is a phone
 * number). Lengths 13–19 (ISO/IEC 7812); the first layout of a length is the usual one.
 */
export const cardNumberGroupings: readonly (readonly number[])[] = [
  [4, 4, 4, 4], // Visa, Mastercard, Discover, JCB, UnionPay…
  [4, 6, 5], // American Express
  [4, 6, 4], // Diners Club 14
  [4, 4, 4, 4, 3], // 19-digit Visa, UnionPay, Maestro
  [4, 4, 4, 4, 2], // 18-digit
  [4, 4, 4, 4, 1], // 17-digit
  [4, 4, 4, 3], // 15-digit non-Amex
  [4, 3, 3, 3], // 13-digit Visa (old)
  [4, 4, 5], // 13-digit
  [6, 13], // 19-digit Maestro
  [8, 8], // tightly printed 16
];

export const minCardNumberLength = 13;
export const maxCardNumberLength = 19;

/** Whether a list of group sizes is one of the printed layouts. */
export function isKnownGrouping(groups: readonly number[]): boolean {
  return cardNumberGroupings.some((g) => g.length === groups.length && g.every((n, i) => n === groups[i]));
}

/**
 * Whether printed group sizes can be a card layout read with some spaces lost: every boundary the
 * reading shows is a boundary of a layout of that length (12-4 is 4-4-4-4 with two spaces missed;
 * 5-6-4 is no layout at all — a misread, often of text upside down).
 */
export function isCompatibleGrouping(groups: readonly number[]): boolean {
  const total = groups.reduce((a, b) => a + b, 0);
  const cuts = (g: readonly number[]) => g.slice(0, -1).map((_, i) => g.slice(0, i + 1).reduce((a, b) => a + b, 0));
  const seen = cuts(groups);
  return cardNumberGroupings.some((layout) => layout.reduce((a, b) => a + b, 0) === total && seen.every((c) => cuts(layout).includes(c)));
}
