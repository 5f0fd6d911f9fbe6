import type { BarcodeElementKeyName } from '../../api/id-barcode.ts';
import type { AamvaCountry } from './aamva-jurisdictions.ts';

/** Values issuers write into name and address elements to say "there is none". */
const placeholderValues = new Set(['NONE', 'UNAVL', 'UNAVAILABLE', 'N/A']);

/** A name or address value without padding and stray leading/trailing commas; null for placeholders such as `NONE`. */
export function meaningfulText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/[\s,]+$/, '').replace(/^[\s,]+/, '');
  return cleaned === '' || placeholderValues.has(cleaned.toUpperCase()) ? null : cleaned;
}

/**
 * DBC codes → the result's `sex`. The standard codes 1 = male, 2 = female, 9 = not specified (printed
 * as X on cards, as in ICAO 9303); version 1 and some issuers write the letters directly.
 */
const sexCodes: Readonly<Record<string, 'M' | 'F' | 'X'>> = { '1': 'M', '2': 'F', '9': 'X', M: 'M', F: 'F', X: 'X' };

/** `M`, `F` or `X`; null for anything else (the raw code stays in the SEX element). */
export function sexOf(value: string | null): 'M' | 'F' | 'X' | null {
  if (value === null) return null;
  return sexCodes[value.trim().toUpperCase()] ?? null;
}

/**
 * Postal code as it would be written on an envelope:
 * - US: the 5-digit ZIP, or ZIP+4 as the payload writes it (`360931234` or `36093-1234`). Zeros,
 *   spaces and dashes after the ZIP are padding of the 11-character field, not a ZIP+4, and are dropped.
 * - Canada: `A1A 1A1`.
 * - Anything else (including US codes that fit neither form): the value without padding, unchanged,
 *   rather than guess which characters are wrong.
 */
export function normalizePostalCode(value: string | null, country: AamvaCountry | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim().replace(/,+$/, '').trim().toUpperCase();
  if (trimmed === '' || trimmed === 'NONE') return null;

  const canadian = /^([A-Z]\d[A-Z])\s*-?\s*(\d[A-Z]\d)$/.exec(trimmed);
  if (canadian && country !== 'USA') return `${canadian[1]} ${canadian[2]}`;

  if (country !== 'CAN') {
    const zipPlusFour = /^\d{5}-?\d{4}$/.exec(trimmed);
    if (zipPlusFour && !trimmed.endsWith('0000')) return trimmed;
    const paddedZip = /^(\d{5})[\s0-]*$/.exec(trimmed);
    if (paddedZip) return paddedZip[1] ?? trimmed;
  }
  return trimmed;
}

/** A height in the unit the payload gives it. */
export type Height = { inches: number } | { centimetres: number };

/**
 * Reads DAU: `069 in` / `175 cm` (versions 2+), or three digits of feet and inches (`506` = 5'06",
 * version 1). Three digits without a unit starting with 0 are inches (`070`).
 */
export function parseHeight(value: string | null): Height | null {
  if (value === null) return null;
  const text = value.trim().toUpperCase();
  const withUnit = /^(\d{1,3})\s*(IN|CM)\b/.exec(text);
  if (withUnit) {
    const amount = Number(withUnit[1]);
    return withUnit[2] === 'CM' ? { centimetres: amount } : { inches: amount };
  }
  const feetAndInches = /^([1-8])\s*'?\s*(\d{2})"?$/.exec(text);
  if (feetAndInches && Number(feetAndInches[2]) < 12) return { inches: Number(feetAndInches[1]) * 12 + Number(feetAndInches[2]) };
  const inches = /^0?(\d{2})$/.exec(text);
  if (inches) return { inches: Number(inches[1]) };
  return null;
}

/** The element key a weight belongs under: the unit written in the value wins over the element's own unit. */
export function weightKeyOf(value: string, elementKey: BarcodeElementKeyName): BarcodeElementKeyName {
  if (/\d\s*KGS?\b/i.test(value)) return 'WEIGHT_KILOGRAMS';
  if (/\d\s*LBS?\b/i.test(value)) return 'WEIGHT_POUNDS';
  return elementKey;
}
