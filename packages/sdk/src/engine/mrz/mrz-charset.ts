/** The 37 symbols of a machine-readable zone (ICAO 9303 part 3, OCR-B subset). */
export const mrzAlphabet = '<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The filler symbol. */
export const filler = '<';

/** Numeric value of an MRZ symbol in check-digit arithmetic: digits as is, A=10…Z=35, filler 0. */
export function mrzCharValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (ch === filler) return 0;
  return -1;
}
