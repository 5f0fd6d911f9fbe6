import type { DateResult } from '../../../api/common.ts';
import type { DocumentData } from '../../../api/document.ts';
import type { VisualZoneReading } from './read-visual-zone.ts';
import { dayOrdinal, isIssueDateFor } from '../validity-period.ts';
import { isPrintedValue } from './visual-to-document.ts';

type DateField = 'dateOfBirth' | 'dateOfIssue' | 'dateOfExpiry';
const dateFields: readonly DateField[] = ['dateOfBirth', 'dateOfIssue', 'dateOfExpiry'];

/** Nobody holding a document is older. */
const maxAgeYears = 130;
/** No identity document is valid longer (passports 10 years, identity cards up to 15, licences up to 12); nor does one expire further ahead. */
const maxValidityYears = 20;

/** A parsed date as a number that orders like the date (YYYYMMDD); null when unparsed or incomplete. */
const ordinal = (date: DateResult<unknown> | null | undefined): number | null => (date?.successfullyParsed ? dayOrdinal(date) : null);

const ordinalOf = (d: Date, addYears = 0) => (d.getUTCFullYear() + addYears) * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();

/**
 * The printed dates in `data` that cannot all be right, so that none of them is returned as sure: a
 * birth in the future or more than 130 years ago, an issue date in the future, an expiry more than 20
 * years ahead or after its issue, any two of birth, issue and expiry out of their order (born
 * before issued, issued before expiring) or equal, and a birth date that is an issue date of the
 * expiry (`isIssueDateFor`). Where two dates disagree, both are doubted when
 * both are printed — which of them print got wrong is not known — and only the printed one when the
 * other comes from the MRZ or a barcode (checked or machine-written, and surer).
 *
 * These hold for every identity document; they catch a field given another field's date (the issue
 * date read as the expiry) and a misread digit that moves a year (2031 read as 2081, 1974 as 1074).
 */
export function implausiblePrintedDates(data: DocumentData, readings: readonly VisualZoneReading[], now: Date): DateField[] {
  const printed = new Set(dateFields.filter((field) => readings.some((r) => r.fields.some((f) => f.field === field && isPrintedValue(data, f)))));
  const at = Object.fromEntries(dateFields.map((field) => [field, ordinal(data[field])])) as Record<DateField, number | null>;
  const doubted = new Set<DateField>();
  const doubt = (...fields: DateField[]) => {
    for (const field of fields) if (printed.has(field)) doubted.add(field);
  };
  const today = ordinalOf(now);
  const { dateOfBirth: birth, dateOfIssue: issue, dateOfExpiry: expiry } = at;
  if (birth !== null && (birth > today || birth < ordinalOf(now, -maxAgeYears))) doubt('dateOfBirth');
  // A document issued today in another time zone may carry tomorrow's date.
  if (issue !== null && issue > ordinalOf(new Date(now.getTime() + 86_400_000))) doubt('dateOfIssue');
  if (expiry !== null && issue === null && expiry > ordinalOf(now, maxValidityYears)) doubt('dateOfExpiry');
  const inOrder: Array<[DateField, DateField]> = [
    ['dateOfBirth', 'dateOfIssue'],
    ['dateOfIssue', 'dateOfExpiry'],
    ['dateOfBirth', 'dateOfExpiry'],
  ];
  for (const [earlier, later] of inOrder) {
    const [a, b] = [at[earlier], at[later]];
    if (a !== null && b !== null && a >= b) doubt(earlier, later);
  }
  if (issue !== null && expiry !== null && expiry > issue + maxValidityYears * 10_000) doubt('dateOfIssue', 'dateOfExpiry');
  // An issue date of the expiry (whole years before it, give or take a day) taken for the birth date.
  if (data.dateOfBirth && data.dateOfExpiry && isIssueDateFor(data.dateOfBirth, data.dateOfExpiry)) doubt('dateOfBirth');
  return dateFields.filter((field) => doubted.has(field));
}
