import type { DateResult } from '../../api/common.ts';

/** The longest an identity document is issued for, in years (passports 10, identity cards up to 15). */
const longestValidityYears = 15;
const dayMs = 86_400_000;

type CalendarParts = Pick<DateResult, 'year' | 'month' | 'day'>;

/** A date as a number that orders like the date (YYYYMMDD); null when incomplete. */
export function dayOrdinal(date: CalendarParts): number | null {
  if (date.year === null || date.month === null || date.day === null) return null;
  return date.year * 10_000 + date.month * 100 + date.day;
}

/**
 * Whether `date` can be the issue date of a document expiring on `expiry`: whole years before it (0
 * to 15), on the same day or a day either side — a document issued on 1 Nov 2010 for ten years
 * expires on 31 Oct 2020 or 1 Nov 2020. A birth date that is one is most likely the issue date
 * placed on the wrong field (on real ICAO, German and Icelandic specimens the reader took the issue
 * date for the birth date); a real birth date is one only for a child whose document expires on a
 * birthday, and is then doubted, not dropped. False when either date is incomplete.
 */
export function isIssueDateFor(date: CalendarParts, expiry: CalendarParts): boolean {
  if (date.year === null || date.month === null || date.day === null) return false;
  if (expiry.year === null || expiry.month === null || expiry.day === null) return false;
  const at = Date.UTC(expiry.year, expiry.month - 1, expiry.day);
  const apart = expiry.year - date.year;
  for (const years of [apart - 1, apart, apart + 1]) {
    if (years < 0 || years > longestValidityYears) continue;
    if (Math.abs(at - Date.UTC(date.year + years, date.month - 1, date.day)) <= dayMs) return true;
  }
  return false;
}
