import { approximateSubstring, editDistance } from './approximate-substring.ts';
import { fieldLabels, fieldNumbers, type VisualField } from './field-labels.ts';
import { foldText } from './fold-text.ts';

/** Which field numbers a document prints (driving licences): the EU's or AAMVA's, or none. */
export type FieldNumbering = 'eu' | 'aamva' | null;

/** A label at the start of a line (or of a segment of one): its field, and where its value may begin. */
export interface LabelMatch {
  field: VisualField;
  start: number;
  end: number;
}

/** Separators between label parts, and between a label and its value (an apostrophe too: "DATE D'EXPIRATION"). */
export const labelSeparator = /[\s/,:.|;()'’-]/;

const labelsByInitial = new Map<string, Array<{ words: string; field: VisualField }>>();
for (const [field, labels] of Object.entries(fieldLabels) as Array<[VisualField, readonly string[]]>) {
  for (const words of labels) {
    const list = labelsByInitial.get(words[0]!) ?? [];
    list.push({ words, field });
    labelsByInitial.set(words[0]!, list);
  }
}

/**
 * The label that begins at `at` in `folded` text (see foldText): an optional field number (of the
 * document's numbering), then one or more dictionary labels separated by `/` or spaces (labels are
 * printed in several languages at once). Spaces inside a label may be missing (OCR often drops them),
 * but a label must end where a word ends. Null when no label begins there.
 */
export function matchLabel(folded: string, at: number, numbering: FieldNumbering): LabelMatch | null {
  let pos = skip(folded, at);
  const start = pos;
  let numbered: VisualField | null = null;
  if (numbering) {
    const m = /^(\d{1,2}[A-D]?)(?:[.\s]+|(?=[A-Z]))/.exec(folded.slice(pos));
    const field = m ? fieldNumbers[numbering][m[1]!] : undefined;
    // "12.05.1990" is a date, not field 12 (restrictions) followed by "05.1990".
    if (m && field && !/^\d{1,2}[.\s/-]\d{1,2}[.\s/-]\d{2,4}/.test(folded.slice(pos))) {
      numbered = field;
      pos += m[0].length;
    }
  }
  const named: VisualField[] = [];
  for (;;) {
    const next = longestLabelAt(folded, skip(folded, pos));
    if (!next) break;
    named.push(next.field);
    pos = next.end;
  }
  if (!numbered && named.length === 0) return null;
  if (named.length > 0) pos = misreadLabelPart(folded, pos, named[named.length - 1]!) ?? pos;
  return { field: combine(named, numbered), start, end: afterBracketedNumber(folded, pos) };
}

/**
 * Whether a value's text is itself a label: one of its slash-separated parts (labels are printed in
 * several languages at once, "SEX/SESSO") is wholly a dictionary label of some field, a distractor's
 * too ("TAILLE"). The reader garbling the other part ("SEK/SESSO") leaves the line without a label
 * at its start, so it reads as a value — and a label taken as the value is the wrong answer that
 * looks most like data. On generated pages no value the assigner took was one (3,600 documents of
 * `dump-printed-pages.ts`).
 */
export function isLabelText(text: string): boolean {
  return foldText(text)
    .split('/')
    .map((part) => part.trim())
    .some((part) => part.length >= 3 && matchLabel(part, 0, null)?.end === part.length);
}

/**
 * A label found past the start of its line, taken to begin there, on a document whose field
 * numbering is not known: after a field number ("1. FAMILY NAME"), or after one or two parts of a
 * multilingual label the dictionary does not know or the reader misread, each ended by a slash
 * ("1. BAVARDE / FAMILY NAME": Lithuanian's PAVARDE with a letter misread). The parts before it are
 * letters only, and a label reached through them without a field number is one of six letters or
 * more (as the approximate matching's), so neither a date ("12. 3. 2030") nor a value before a
 * short label ("JOHN PAUL / SEX M") makes one. Null when the line does not begin so.
 */
export function labelAfterUnknownParts(folded: string): LabelMatch | null {
  const numbered = leadingFieldNumber.exec(folded)![0].length;
  let pos = numbered;
  for (let parts = 0; ; parts++) {
    const label = pos > 0 ? matchLabel(folded, pos, null) : null;
    const longEnough = numbered > 0 || (label !== null && folded.slice(label.start, label.end).replace(/[^A-Z]/g, '').length >= 6);
    if (label && label.start === pos && longEnough) return { ...label, start: 0 };
    if (parts === 2) return null;
    unknownPart.lastIndex = pos;
    const part = unknownPart.exec(folded);
    if (!part) return null;
    pos += part[0].length;
  }
}

/** A field number at a line's start: "1.", "4a)", "(2)", "2," (a dot read as a comma) — not a date's day ("12.3.2030"). */
const leadingFieldNumber = /^(?:\s*\(?\d{1,2}[A-D]?[.,)](?!\s*\d)\s*)?/;
/** A part of a multilingual label: up to three words of letters (abbreviated: "NR."), then a slash. */
const unknownPart = /[A-Z]{2,}\.?(?:[ '-][A-Z]+\.?){0,2}\s*\/\s*/y;

/**
 * A line of labels read with a few wrong letters ("NATONALIY", "GIVEN BAMES", "AUTHCRITY (9)"):
 * most of its letters covered by dictionary labels found with at most one wrong, missing or extra
 * letter per five (labels of six letters or more), the first at its start. Its field is its longest
 * label's; `end` is where the word holding the last label's last letter ends — what follows is the
 * value printed on the label's line (`Porekonnanmi / Family namo ZAMMIT`: the labels cover three
 * quarters of the letters and the surname the rest; taken as all label, the value was lost). Null
 * when the line holds digits (other than a bracketed field number) or too few letters.
 */
export function fuzzyLabelLine(folded: string): { field: VisualField; end: number } | null {
  const text = folded.replace(leadingFieldNumber, '').replace(/\(\d{1,2}[A-D]?\)/g, '');
  if (/\d/.test(text)) return null;
  const letters = text.replace(/[^A-Z]/g, '');
  if (letters.length < 5) return null;
  const covered = new Uint8Array(letters.length);
  let best: { field: VisualField; length: number } | null = null;
  let first = letters.length;
  let last = 0;
  for (const { compact, field } of fuzzyLabels) {
    const found = approximateSubstring(letters, compact, Math.floor(compact.length / 5));
    if (!found) continue;
    covered.fill(1, found.start, found.end);
    first = Math.min(first, found.start);
    last = Math.max(last, found.end);
    if (!best || compact.length > best.length) best = { field, length: compact.length };
  }
  // Labels begin their line: "FAKE DOCUMENT" is a watermark, not the label "DOCUMENT NO".
  const share = covered.reduce((sum, c) => sum + c, 0) / letters.length;
  if (!best || first > 1 || share < fuzzyCoverage) return null;
  const end = endOfWordAfterLetter(folded, last);
  return { field: best.field, end: afterBracketedNumber(folded, end) };
}

/** Passports number their labels in brackets ("Surname (1)"): where a label ends, past its number if one follows at `at`. */
function afterBracketedNumber(folded: string, at: number): number {
  return at + (/^\s*\(\d{1,2}[A-D]?\)/.exec(folded.slice(at))?.[0].length ?? 0);
}

/** Where the word holding the `n`th letter (A–Z) of `folded` ends (the bracketed field numbers and digits hold none). */
function endOfWordAfterLetter(folded: string, n: number): number {
  let seen = 0;
  let i = 0;
  while (i < folded.length && seen < n) if (/[A-Z]/.test(folded[i++]!)) seen++;
  while (i < folded.length && /[A-Z]/.test(folded[i]!)) i++;
  return i;
}

/** Whether one of `field`'s labels appears in the line's letters with at most one wrong letter per five (as `fuzzyLabelLine`). */
export function containsFuzzyLabel(folded: string, field: VisualField): boolean {
  const letters = folded.replace(/[^A-Z]/g, '');
  return fuzzyLabels.some((l) => l.field === field && approximateSubstring(letters, l.compact, Math.floor(l.compact.length / 5)) !== null);
}

/**
 * The further part of a multilingual label read with a letter or two wrong ("CÉADAINM / IVEN NAMES"
 * for GIVEN NAMES) after a label of `field` and a slash: one to three words of letters that are one
 * of that field's labels of six letters or more with at most one wrong, missing or extra letter per
 * five (as `fuzzyLabelLine`). Where it ends; null when no such part follows. Without it the value
 * begins at the misread part, and "NAMES ZOFIA" came back as the given names (generated check pages).
 */
function misreadLabelPart(folded: string, at: number, field: VisualField): number | null {
  const slash = /^\s*\/\s*/.exec(folded.slice(at));
  if (!slash) return null;
  const start = at + slash[0].length;
  const words = /^[A-Z]+(?: [A-Z]+){0,2}/.exec(folded.slice(start))?.[0].split(' ') ?? [];
  for (let n = words.length; n > 0; n--) {
    const letters = words.slice(0, n).join('');
    for (const { compact, field: f } of fuzzyLabels) {
      const k = Math.floor(compact.length / 5);
      if (f !== field || Math.abs(compact.length - letters.length) > k) continue;
      if (editDistance(letters, compact) <= k) return start + words.slice(0, n).join(' ').length;
    }
  }
  return null;
}

/** Share of a line's letters labels must cover for it to count as a label line. */
const fuzzyCoverage = 0.75;
/**
 * Labels long enough to be matched approximately (shorter ones are too easily made by chance), without
 * their spaces: the fuzzy matches here and the graded ones of `label-similarity.ts`.
 */
export const fuzzyLabels = Object.entries(fieldLabels).flatMap(([field, labels]) =>
  labels.map((l) => ({ compact: l.replace(/ /g, ''), field: field as VisualField })).filter((l) => l.compact.length >= 6),
);

/** The field of a label printed in several parts: one field, or birth date and place together. */
function combine(named: readonly VisualField[], numbered: VisualField | null): VisualField {
  const distinct = [...new Set(named)];
  if (distinct.length === 0) return numbered!;
  if (distinct.includes('dateOfBirth') && distinct.includes('placeOfBirth')) return 'dateAndPlaceOfBirth';
  return distinct[0]!;
}

/**
 * Fields whose value holds only letters (and spaces, hyphens, apostrophes): a digit or symbol beside
 * their label is a misread, and their label is never run into a digit (its word goes on, misread).
 */
export const lettersOnlyFields: ReadonlySet<VisualField> = new Set(['lastName', 'firstName', 'fullName', 'additionalNameInformation', 'nationality']);

function longestLabelAt(folded: string, at: number, nested = false): { field: VisualField; end: number } | null {
  let best: { field: VisualField; end: number } | null = null;
  for (const { words, field } of labelsByInitial.get(folded[at] ?? '') ?? []) {
    let end = matchWords(folded, at, words);
    // Run into the next word: only where the next label of a bilingual pair begins ("PRENOMSGIVEN NAMES").
    if (end !== null && /[A-Z]/.test(folded[end] ?? '') && (nested || !longestLabelAt(folded, end, true))) end = null;
    // Nor into a digit, for a label of letters only: its word goes on, misread ("NOM0" for NOME).
    if (end !== null && /\d/.test(folded[end] ?? '') && lettersOnlyFields.has(field)) end = null;
    if (end !== null && (!best || end > best.end)) best = { field, end };
  }
  return best;
}

/**
 * Where `words` matched from `at` ends, a label space matching any run of separators (or none); null
 * if it does not match. The caller checks that the label ends where a word ends (not inside "NOMURA").
 */
function matchWords(folded: string, at: number, words: string): number | null {
  let pos = at;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === ' ') {
      while (pos < folded.length && labelSeparator.test(folded[pos]!)) pos++;
      continue;
    }
    if (folded[pos] !== words[i]) return null;
    pos++;
  }
  return pos;
}

function skip(folded: string, pos: number): number {
  while (pos < folded.length && labelSeparator.test(folded[pos]!)) pos++;
  return pos;
}
