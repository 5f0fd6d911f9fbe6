import type { DateResult } from '../../api/common.ts';
import type { AamvaCountry } from './aamva-jurisdictions.ts';

/** The two date layouts of AAMVA payloads. */
export type AamvaDateOrder = 'MMDDCCYY' | 'CCYYMMDD';

/**
 * The layout the standard prescribes: version 1 (AAMVA DL/ID-2000) and Canadian issuers use CCYYMMDD,
 * US issuers MMDDCCYY from version 2 on. Issuers do not always follow it (West Virginia writes
 * CCYYMMDD in version 4), so `parseAamvaDate` falls back to the other layout when this one is impossible.
 */
export function dateOrderFor(country: AamvaCountry | null, aamvaVersion: number | null): AamvaDateOrder {
  if (country === 'CAN') return 'CCYYMMDD';
  return aamvaVersion !== null && aamvaVersion <= 1 ? 'CCYYMMDD' : 'MMDDCCYY';
}

/** Years a licence date can plausibly carry; rules out e.g. year 1112 from the placeholder `11111112`. */
const plausibleYears = { min: 1850, max: 2199 } as const;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Reads the spec's Date object from an eight-digit AAMVA date. `originalString` keeps the element value. */
export function parseAamvaDate(value: string, order: AamvaDateOrder): DateResult {
  const digits = /^\s*(\d{8})/.exec(value)?.[1];
  const fallbackOrder: AamvaDateOrder = order === 'MMDDCCYY' ? 'CCYYMMDD' : 'MMDDCCYY';
  const date = digits === undefined ? null : (readDate(digits, order) ?? readDate(digits, fallbackOrder));
  return {
    day: date?.day ?? null,
    month: date?.month ?? null,
    year: date?.year ?? null,
    successfullyParsed: date !== null,
    filledByDomainKnowledge: false,
    originalString: value,
  };
}

function readDate(digits: string, order: AamvaDateOrder): CalendarDate | null {
  const date =
    order === 'MMDDCCYY'
      ? { month: Number(digits.slice(0, 2)), day: Number(digits.slice(2, 4)), year: Number(digits.slice(4, 8)) }
      : { year: Number(digits.slice(0, 4)), month: Number(digits.slice(4, 6)), day: Number(digits.slice(6, 8)) };
  return isValidDate(date) ? date : null;
}

function isValidDate({ year, month, day }: CalendarDate): boolean {
  if (year < plausibleYears.min || year > plausibleYears.max) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
