import { ibanLengths } from './iban-lengths.ts';

/** ISO 13616 check: move the first four characters to the end, letters to 10..35, the number mod 97 is 1. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (ibanLengths[iban.slice(0, 2)] !== iban.length) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/**
 * The first valid IBAN in the card's lines (printed on some debit cards, usually grouped by four).
 * OCR's O/0 and I/1 confusions in the numeric part are undone before checking.
 */
export function findIban(texts: readonly string[]): { iban: string; line: number } | null {
  for (const [line, text] of texts.entries()) {
    const compact = text.toUpperCase().replace(/[\s.-]/g, '');
    for (const m of compact.matchAll(/[A-Z]{2}[0-9OIL]{2}[A-Z0-9]{10,30}/g)) {
      const country = m[0].slice(0, 2);
      const length = ibanLengths[country];
      if (!length || m[0].length < length) continue;
      const candidate = country + m[0].slice(2, 4).replace(/O/g, '0').replace(/[IL]/g, '1') + m[0].slice(4, length);
      if (ibanValid(candidate)) return { iban: candidate, line };
    }
  }
  return null;
}
