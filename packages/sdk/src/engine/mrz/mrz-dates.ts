import type { DateResult } from '../../api/common.ts';

/** Which way a two-digit year is resolved. */
export type DateRole = 'birth' | 'expiry';

/** Years ahead of now an expiry date may lie (documents are issued for at most ~10–20 years). */
const expiryWindowYears = 50;

/**
 * Parses an MRZ date `YYMMDD`. Two-digit years are resolved by role: a birth date lies in the past
 * (the latest century that puts it on or before `now`); an expiry date lies within 50 years ahead
 * of `now` (so an expired document from the 1990s stays in the 1990s). Unknown parts (fillers)
 * leave the date unparsed but keep the original string.
 */
export function parseMrzDate(text: string, role: DateRole, now: Date): DateResult {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(text);
  const empty: DateResult = { day: null, month: null, year: null, successfullyParsed: false, filledByDomainKnowledge: false, originalString: text };
  if (!m) return empty;
  const yy = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, 2000 + yy)) return empty;
  const nowYear = now.getUTCFullYear();
  const century = Math.floor(nowYear / 100) * 100;
  let year = century + yy;
  if (role === 'birth') {
    if (Date.UTC(year, month - 1, day) > now.getTime()) year -= 100;
  } else if (year > nowYear + expiryWindowYears) {
    year -= 100;
  } else if (year < nowYear + expiryWindowYears - 100) {
    year += 100;
  }
  return { day, month, year, successfullyParsed: true, filledByDomainKnowledge: false, originalString: text };
}

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole years between a birth date and `now` (null when the date is unknown). */
export function ageOn(birth: DateResult, now: Date): number | null {
  if (!birth.successfullyParsed || birth.year === null || birth.month === null || birth.day === null) return null;
  let age = now.getUTCFullYear() - birth.year;
  const m = now.getUTCMonth() + 1;
  if (m < birth.month || (m === birth.month && now.getUTCDate() < birth.day)) age--;
  return age;
}
