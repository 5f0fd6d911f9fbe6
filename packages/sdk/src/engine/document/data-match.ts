import type { DateResult } from '../../api/common.ts';
import type { DataMatchResult, DataMatchState } from '../../api/document.ts';
import type { BarcodeResult } from '../../api/id-barcode.ts';
import type { MrzReading } from '../mrz/mrz-reading.ts';
import { parseMrzDate } from '../mrz/mrz-dates.ts';
import { isIssueDateFor } from './validity-period.ts';

/** The fields `dataMatch` compares. */
export const matchedFields = ['dateOfBirth', 'dateOfExpiry', 'documentNumber'] as const;
export type MatchedField = (typeof matchedFields)[number];

/**
 * One independent reading of the document (an MRZ, the ID barcode, later the printed fields), its
 * compared fields in one canonical form: dates `YYMMDD` (the MRZ's precision, so that the century
 * a two-digit year was resolved to does not count), document numbers in capitals without spaces,
 * dashes or fillers. Null: this source does not carry the field (or could not read it).
 */
export type MatchSource = { name: string } & Record<MatchedField, string | null>;

/** An MRZ as a match source: its fields as printed (dates are already `YYMMDD`). */
export function mrzMatchSource(reading: MrzReading, name: string): MatchSource {
  const { fields, documentNumber } = reading.corrected.parsed;
  return {
    name,
    dateOfBirth: canonicalDate(fields.dateOfBirth),
    dateOfExpiry: canonicalDate(fields.dateOfExpiry),
    documentNumber: canonicalNumber(documentNumber),
  };
}

/** A parsed ID barcode as a match source: its dates as parsed (whatever layout they were encoded in). */
export function barcodeMatchSource(result: BarcodeResult, name: string): MatchSource {
  return {
    name,
    dateOfBirth: yymmdd(result.dateOfBirth),
    dateOfExpiry: yymmdd(result.dateOfExpiry),
    documentNumber: canonicalNumber(result.documentNumber),
  };
}

/**
 * Compares every pair of sources field by field. A field MATCHes when every pair that both carry it
 * differs in at most `maxMismatches` characters (the request's `maxAllowedMismatchesPerField`), is a
 * MISMATCH when any such pair differs more, and is NOT_PERFORMED when fewer than two sources carry it.
 * `overall` is MISMATCH when any field is, MATCH when all three are, else NOT_PERFORMED.
 * Null when fewer than two sources were read (nothing to compare).
 */
export function compareSources(sources: readonly MatchSource[], maxMismatches: number): DataMatchResult | null {
  if (sources.length < 2) return null;
  const compare = (field: MatchedField): DataMatchState => {
    const values = sources.map((s) => s[field]).filter((v): v is string => !!v);
    if (values.length < 2) return 'NOT_PERFORMED';
    for (let i = 0; i < values.length; i++) {
      for (let j = i + 1; j < values.length; j++) if (differences(values[i]!, values[j]!) > maxMismatches) return 'MISMATCH';
    }
    return 'MATCH';
  };
  const result = { dateOfBirth: compare('dateOfBirth'), dateOfExpiry: compare('dateOfExpiry'), documentNumber: compare('documentNumber') };
  const states = Object.values(result);
  const overall: DataMatchState = states.includes('MISMATCH') ? 'MISMATCH' : states.every((s) => s === 'MATCH') ? 'MATCH' : 'NOT_PERFORMED';
  return { ...result, overall };
}

/**
 * A printed source without the dates it gives the wrong field: a printed birth date that is the
 * machine-read expiry (or the reverse), or that is an issue date of that expiry (`isIssueDateFor`:
 * whole years before it, give or take a day), is another field's date placed on this one — the
 * print's reader put it there, the document does not disagree with itself — so it is not compared
 * (NOT_PERFORMED) rather than reported as a MISMATCH, the sign of a tampered document. On real
 * specimens the issue date was taken for the birth date: the Finnish passport prints it the day the
 * MRZ says it expires, the ICAO, German and Icelandic ones five or ten years before.
 */
export function withoutDatesOfOtherFields(printed: MatchSource, machine: readonly MatchSource[], now: Date): MatchSource {
  const out = { ...printed };
  const { dateOfBirth: birth, dateOfExpiry: expiry } = printed;
  if (
    birth &&
    machine.some(
      (m) => m.dateOfBirth !== birth && m.dateOfExpiry && isIssueDateFor(parseMrzDate(birth, 'birth', now), parseMrzDate(m.dateOfExpiry, 'expiry', now)),
    )
  )
    out.dateOfBirth = null;
  if (expiry && machine.some((m) => m.dateOfBirth === expiry && m.dateOfExpiry !== expiry)) out.dateOfExpiry = null;
  return out;
}

/** Differing characters, position by position, plus the difference in length. */
function differences(x: string, y: string): number {
  let diff = Math.abs(x.length - y.length);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) diff++;
  return diff;
}

function canonicalDate(value: string | undefined): string | null {
  return value ? value : null;
}

/** A document number in capitals without spaces, dashes or fillers; null when empty. */
export function canonicalNumber(value: string | null | undefined): string | null {
  const clean = (value ?? '').toUpperCase().replace(/[\s<-]/g, '');
  return clean === '' ? null : clean;
}

/** A parsed date as `YYMMDD`, null unless fully parsed. */
export function yymmdd(date: DateResult | null): string | null {
  if (!date?.successfullyParsed || date.year === null || date.month === null || date.day === null) return null;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(date.year)}${two(date.month)}${two(date.day)}`;
}
