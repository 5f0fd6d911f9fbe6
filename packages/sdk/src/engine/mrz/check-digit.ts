import { mrzCharValue } from './mrz-charset.ts';

/** ICAO 9303 weights, repeating over the input. */
const weights = [7, 3, 1] as const;

/** The check digit of `text` (0–9), or -1 if it holds a symbol outside the MRZ alphabet. */
export function checkDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const v = mrzCharValue(text[i]!);
    if (v < 0) return -1;
    sum += v * weights[i % 3]!;
  }
  return sum % 10;
}

/**
 * Whether `digit` is the check digit of `text`. A filler in the check-digit position is accepted
 * only for an all-filler field (ICAO allows `<` there when the optional data is empty).
 */
export function checkDigitMatches(text: string, digit: string): boolean {
  if (digit === '<') return /^<*$/.test(text);
  const d = digit.charCodeAt(0) - 48;
  return d >= 0 && d <= 9 && checkDigit(text) === d;
}
