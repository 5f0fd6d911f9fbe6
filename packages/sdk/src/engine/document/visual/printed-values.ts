import type { DateResult } from '../../../api/common.ts';
import type { VisualField } from './field-labels.ts';
import { foldText } from './fold-text.ts';
import { findPrintedDate, type DateOrder } from './printed-dates.ts';

/** A value that fits its field: its text (as printed, or normalised), its span in the raw text, a parsed date. */
export interface PrintedValue {
  text: string;
  start: number;
  end: number;
  date: DateResult | null;
}

/** Printed words for the holder's sex (first word of the value, folded), in the dictionary's languages. */
const sexWords: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['M', ['M', 'MALE', 'MAN', 'MASCULIN', 'MANNLICH', 'MASCULINO', 'MASCHILE', 'H', 'HOMBRE', 'MEZCZYZNA', 'MUZ', 'MIES', 'FERFI']],
  ['F', ['F', 'FEMALE', 'WOMAN', 'FEMININ', 'WEIBLICH', 'W', 'FEMENINO', 'FEMININO', 'FEMMINILE', 'MUJER', 'V', 'VROUW', 'K', 'KOBIETA', 'ZENA', 'NAINEN']],
  ['X', ['X']],
];

/** Three groups of digits the way a date is printed, a year of 19xx or 20xx last (`16 11 1983`, `106-11-1983`). */
const dateLaidOut = /^\d{1,3}[\s-]\d{1,2}[\s-](?:19|20)\d{2}$/;

const datesPast: ReadonlySet<VisualField> = new Set(['dateOfBirth', 'dateOfIssue']);

/**
 * The value of `field` in `raw` (the text after its label, or the line below it), if it fits the
 * field's syntax: dates parse (in the document's order, or with a month name), document and personal
 * numbers are letters and digits with at least one digit (spaces removed), names are letters, spaces,
 * hyphens and apostrophes, sex is a known word (returned as M, F or X). Null when it does not fit.
 */
export function printedValue(field: VisualField, raw: string, o: { dateOrder: DateOrder; now: Date }): PrintedValue | null {
  const folded = foldText(raw);
  if (field === 'dateOfBirth' || field === 'dateOfIssue' || field === 'dateOfExpiry') {
    const found = findPrintedDate(folded, o.dateOrder, datesPast.has(field) ? 'past' : 'expiry', o.now);
    return found ? { text: raw.slice(found.start, found.end), start: found.start, end: found.end, date: found.date } : null;
  }
  if (field === 'dateAndPlaceOfBirth') return findPrintedDate(folded, o.dateOrder, 'past', o.now) ? whole(raw) : null;
  if (field === 'sex') {
    const word = /[A-Z]+/.exec(folded);
    const sex = word ? sexWords.find(([, words]) => words.includes(word[0]))?.[0] : undefined;
    return word && sex ? { text: sex, start: word.index, end: word.index + word[0].length, date: null } : null;
  }
  if (field === 'documentNumber' || field === 'personalIdNumber' || field === 'documentAdditionalNumber') {
    // The first run of letters, digits and inner spaces or dashes that holds a digit — not one laid
    // out as a date (day, month, year in groups): that is a date read with a slip, not a number.
    const m = /[A-Z0-9](?:[A-Z0-9]|[\s-](?=[A-Z0-9]))*/g;
    for (let r = m.exec(folded); r; r = m.exec(folded)) {
      const text = r[0].replace(/[\s-]/g, '');
      if (dateLaidOut.test(r[0])) continue;
      if (/\d/.test(text) && text.length >= 4 && text.length <= 24) return { text, start: r.index, end: r.index + r[0].length, date: null };
    }
    return null;
  }
  if (field === 'lastName' || field === 'firstName' || field === 'fullName' || field === 'additionalNameInformation') {
    const span = whole(raw);
    if (!span || !/^[\p{L}][\p{L}\s'’,.-]*[\p{L}.]?$/u.test(span.text) || span.text.replace(/[^\p{L}]/gu, '').length < 2) return null;
    return span;
  }
  if (field === 'nationality') {
    const span = whole(raw);
    return span && /^[\p{L}][\p{L}\s/.-]*$/u.test(span.text) && span.text.replace(/[^\p{L}]/gu, '').length >= 3 ? span : null;
  }
  // A signature is ink, not text; unread labels name nothing returned.
  if (field === 'unread' || field === 'signature') return null;
  const span = whole(raw);
  if (!span || span.text.replace(/[^\p{L}\p{N}]/gu, '').length < (field === 'vehicleClass' || field === 'restrictions' || field === 'endorsements' ? 1 : 3))
    return null;
  // Parts of an address or a place: "RIVERSIDE,TX 52292" → "RIVERSIDE, TX 52292".
  return { ...span, text: span.text.replace(/\s*,\s*/g, ', ') };
}

/** The raw text without leading and trailing separators. */
function whole(raw: string): PrintedValue | null {
  const start = raw.search(/[^\s:;,/|-]/);
  if (start < 0) return null;
  let end = raw.length;
  while (end > start && /[\s:;,/|-]/.test(raw[end - 1]!)) end--;
  return { text: raw.slice(start, end), start, end, date: null };
}
