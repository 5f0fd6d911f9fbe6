import type { DateResult } from '../../../api/common.ts';

/** Which way a printed date's numbers run: day first (most of the world) or month first (US licences). */
export type DateOrder = 'DMY' | 'MDY';
/** What the date is: a two-digit year is resolved into the past (birth, issue) or near the future (expiry). */
export type PrintedDateRole = 'past' | 'expiry';

/** A date found in printed text: the parsed date and where it stands in the text. */
export interface PrintedDate {
  date: DateResult;
  start: number;
  end: number;
}

/** Month names and abbreviations (folded capitals) of the languages in the label dictionary, by month. */
const monthNames: ReadonlyArray<readonly string[]> = [
  ['JAN', 'JANV', 'ENE', 'GEN', 'STY', 'TAM'],
  ['FEB', 'FEV', 'FEVR', 'LUT', 'HEL'],
  ['MAR', 'MARS', 'MRZ', 'MRT', 'MAA'],
  ['APR', 'AVR', 'ABR', 'KWI', 'HUH'],
  ['MAY', 'MAI', 'MAG', 'MEI', 'MAJ', 'TOU'],
  ['JUN', 'JUIN', 'GIU', 'CZE', 'KES'],
  ['JUL', 'JUIL', 'LUG', 'LIP', 'HEI'],
  ['AUG', 'AOUT', 'AGO', 'SIE', 'ELO'],
  ['SEP', 'SEPT', 'SET', 'WRZ', 'SYY'],
  ['OCT', 'OKT', 'OTT', 'OUT', 'PAZ', 'LOK'],
  ['NOV', 'LIS', 'MARR'],
  ['DEC', 'DEZ', 'DIC', 'GRU', 'JOU'],
];

/**
 * A printed year: four digits, or four read with spaces among them, or two. A line read where print is
 * broken or covered can hold spaces inside a number (the reader's, or put back by `spaceAtInkGaps`):
 * `28/08/20 0 3` under a permit's hologram was taken as 28/08/20 — a birth in 2020, returned undoubted. Alternatives are tried in order, so a spaced
 * year is taken only where four digits do not stand together (`12.03.80 4a.` keeps its year 80).
 */
const year = String.raw`(\d{4}|\d(?: ?\d){3}|\d{2})(?![0-9])`;
const numeric = new RegExp(String.raw`(?<![0-9])(\d{1,2})\s?([./\- ])\s?(\d{1,2})\s?\2\s?` + year);
/** `numeric`, every match in a text (`matchAll` works on a copy: no state shared between calls). */
const everyNumeric = new RegExp(numeric.source, 'g');
const isoLike = /(?<![0-9])(\d{4})\s?([./\- ])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?![0-9])/;
// "14 JUL 1986", "14 JUIL/JUL 86", "14.JUL.1986"; every match in a text, as `everyNumeric`. A name
// of two letters only beside another's slash (`ME/MAY`): alone, two letters are words (`12 DE 14`).
const everyNamed = new RegExp(String.raw`(?<![0-9])(\d{1,2})[\s./-]*([A-Z]{2,5}(?:\s?\/\s?[A-Z]{2,5})+|[A-Z]{3,5})[\s./-]*` + year, 'g');

/**
 * Whether a numeric date on the page reads only the other way round from `order`: "21/05/1966" on a
 * page read month first. A document writes every date one way, so either the page breaks its
 * issuer's convention or the reader misread a digit ("04 19 2034" for 04 10); which, the page does
 * not say — its dates whose numbers could run either way (`eitherWayRound`) are then in doubt.
 */
export function contradictsDateOrder(foldedLines: readonly string[], order: DateOrder): boolean {
  return foldedLines.some((text) =>
    [...text.matchAll(everyNumeric)].some((n) => {
      // What `order` takes for the month is over 12, and the other number could be one.
      const [month, day] = order === 'MDY' ? [Number(n[1]), Number(n[3])] : [Number(n[3]), Number(n[1])];
      return month > 12 && month <= 31 && day >= 1 && day <= 12;
    }),
  );
}

/** Whether a date was printed in numbers that read as another date the other way round (05/08/2022, not 05/05 nor 21/05). */
export function eitherWayRound(date: DateResult): boolean {
  const text = date.originalString ?? '';
  if (!numeric.test(text) || isoLike.test(text) || date.day === null || date.month === null) return false;
  return date.day <= 12 && date.day !== date.month;
}

/**
 * The first date in `folded` (capitals, no accents): numeric in the given order or year first, or
 * with a month name. Impossible dates (31.02.) are not dates. Two-digit years are resolved by `role`.
 */
export function findPrintedDate(folded: string, order: DateOrder, role: PrintedDateRole, now: Date): PrintedDate | null {
  const candidates: Array<{ at: RegExpExecArray; day: number; month: number; year: string }> = [];
  const n = numeric.exec(folded);
  if (n) {
    const [a, b] = [Number(n[1]), Number(n[3])];
    const [day, month] = order === 'MDY' ? [b, a] : [a, b];
    candidates.push({ at: n, day, month, year: n[4]! });
  }
  const iso = isoLike.exec(folded);
  if (iso) candidates.push({ at: iso, day: Number(iso[4]), month: Number(iso[3]), year: iso[1]! });
  // The first date with a month name, its names read only until one stands for a month.
  for (const at of folded.matchAll(everyNamed)) {
    const month = monthOfNames(at[2]!);
    if (month < 0) continue;
    candidates.push({ at, day: Number(at[1]), month: month + 1, year: at[3]! });
    break;
  }
  const valid = candidates
    .map((c) => ({ ...c, year: fullYear(c.year, c.month, c.day, role, now) }))
    .filter((c) => c.month >= 1 && c.month <= 12 && c.day >= 1 && c.day <= daysIn(c.month, c.year))
    .sort((x, y) => x.at.index - y.at.index);
  const first = valid[0];
  if (!first) return null;
  const text = first.at[0];
  return {
    date: { day: first.day, month: first.month, year: first.year, successfullyParsed: true, filledByDomainKnowledge: false, originalString: text },
    start: first.at.index,
    end: first.at.index + text.length,
  };
}

/**
 * The month (0–11) that a month's names joined by slashes stand for (`JUIL/JUL`): the one month its
 * names that name one agree on; −1 if none names one or two name different months. The reader garbles
 * one language's small name where it reads the other's (`19 ME/MAY 1977`), and a name garbled into
 * another month's (`JUIN/JUL`) makes the date no date rather than that other month.
 */
function monthOfNames(names: string): number {
  const months = new Set(
    names
      .split('/')
      .map((name) => monthOf(name.trim()))
      .filter((month) => month >= 0),
  );
  return months.size === 1 ? [...months][0]! : -1;
}

/** The month (0–11) a name or abbreviation stands for: an exact name, else the longest name it begins with; −1 if none. */
function monthOf(word: string): number {
  const exact = monthNames.findIndex((names) => names.includes(word));
  if (exact >= 0) return exact;
  let best = -1;
  let length = 0;
  monthNames.forEach((names, month) => {
    for (const name of names) {
      if (word.startsWith(name) && name.length > length) [best, length] = [month, name.length];
    }
  });
  return best;
}

/** The year a date prints (spaces read into it dropped); two digits: a past date lies on or before now, an expiry within 50 years ahead. */
function fullYear(printed: string, month: number, day: number, role: PrintedDateRole, now: Date): number {
  const year = printed.replace(/ /g, '');
  if (year.length === 4) return Number(year);
  const nowYear = now.getUTCFullYear();
  let full = Math.floor(nowYear / 100) * 100 + Number(year);
  if (role === 'past' && Date.UTC(full, month - 1, Math.max(1, day)) > now.getTime()) full -= 100;
  if (role === 'expiry' && full > nowYear + 50) full -= 100;
  return full;
}

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
