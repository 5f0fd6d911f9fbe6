import { withoutTitles } from './document-title.ts';
import type { VisualField } from './field-labels.ts';
import { foldText } from './fold-text.ts';
import { labelSimilarities } from './label-similarity.ts';
import { containsFuzzyLabel } from './match-label.ts';
import type { DateOrder } from './printed-dates.ts';
import { type LabelledLine, meanConfidence, weakestCharacter } from './printed-fields.ts';
import { type PrintedValue, printedValue } from './printed-values.ts';
import { countryNames } from './country-names.ts';
import { isStampText } from './stamp-words.ts';

/**
 * The fields the learned field assigner decides (`assignFields`): the result fields printed on
 * identity documents, passports and residence permits. Licence details, the signature and licences
 * numbered by AAMVA keep the label rules of `findPrintedFields`.
 */
export const assignableFields = [
  'lastName',
  'firstName',
  'additionalNameInformation',
  'dateOfBirth',
  'placeOfBirth',
  'nationality',
  'sex',
  'documentNumber',
  'personalIdNumber',
  'dateOfIssue',
  'dateOfExpiry',
  'issuingAuthority',
  'address',
] as const satisfies readonly VisualField[];
export type AssignableField = (typeof assignableFields)[number];

/**
 * Where a candidate value stands in its line: after a dictionary label, a whole line without one,
 * after an unknown label's colon, after a break in the print (small mixed-case label run into a
 * value in capitals: "famly nameGYŐRI"), or a piece that ends before more text.
 */
export const spanKinds = ['afterLabel', 'wholeLine', 'afterColon', 'afterBreak', 'partial'] as const;
export type SpanKind = (typeof spanKinds)[number];

/** A piece of a line that may be a field's value. */
export interface ValueSpan {
  line: number;
  start: number;
  end: number;
  kind: SpanKind;
  /** The dictionary label the span follows on its line (`afterLabel`), else null. */
  label: VisualField | null;
}

/** One hypothesis: this span is the value of this field. */
export interface FieldCandidate {
  field: AssignableField;
  span: ValueSpan;
  /** The value as the field reads it (its part of the span, normalised). */
  value: PrintedValue;
  /** The value's characters in the line: [start, end). */
  start: number;
  end: number;
  features: number[];
}

export interface CandidateContext {
  width: number;
  height: number;
  dateOrder: DateOrder;
  /** A date on the page reads only the other way round: its dates that could run either way are in doubt. */
  dateOrderContested?: boolean;
  now: Date;
}

/** The labels a field may be printed under (a combined label counts for each part). */
const labelsOf: Record<AssignableField, readonly VisualField[]> = {
  lastName: ['lastName', 'fullName'],
  firstName: ['firstName', 'fullName'],
  additionalNameInformation: ['additionalNameInformation'],
  dateOfBirth: ['dateOfBirth', 'dateAndPlaceOfBirth'],
  placeOfBirth: ['placeOfBirth', 'dateAndPlaceOfBirth'],
  nationality: ['nationality'],
  sex: ['sex'],
  documentNumber: ['documentNumber', 'documentAdditionalNumber'],
  personalIdNumber: ['personalIdNumber'],
  dateOfIssue: ['dateOfIssue'],
  dateOfExpiry: ['dateOfExpiry'],
  issuingAuthority: ['issuingAuthority'],
  address: ['address'],
};

/**
 * Whether a candidate's value stands after another field's label on its line, or holds one: it lies
 * in the value of another field's dictionary label (after "DÉLIVRÉE LE", a date is the date of
 * issue, whichever piece of the line the candidate was cut as), or its line up to its end holds
 * another field's label read with a wrong letter or two ("DÉLIVRÉE E10 05 2018", and that whole
 * line as a document number) and none of its own — a document title's words aside (`withoutTitles`).
 * `fuzzy`: one search memo for the whole page.
 */
export function afterOtherFieldsLabel(c: FieldCandidate, lines: readonly LabelledLine[], fuzzy: ReturnType<typeof fuzzyLabelSearch>): boolean {
  const line = lines[c.span.line]!;
  const own = labelsOf[c.field];
  if (line.segments.some((s) => s.label.field !== 'unread' && !own.includes(s.label.field) && c.start < s.end && s.start < c.end)) return true;
  const upToValue = withoutTitles(foldText(line.text.slice(0, c.end)));
  if (!/[A-Z]{3}/.test(upToValue)) return false;
  const holds = (field: VisualField) => fuzzy(upToValue, field);
  if (own.some(holds)) return false;
  return assignableFields.some((a) => a !== c.field && labelsOf[a].some((l) => !own.includes(l) && holds(l)));
}

/**
 * `containsFuzzyLabel`, remembered: the approximate search is the costly part of scoring a page's
 * candidates, and they share their lines, so each text is searched once per field.
 */
export function fuzzyLabelSearch(): (folded: string, field: VisualField) => boolean {
  const memo = new Map<string, boolean>();
  return (folded, field) => {
    const key = `${field}\u0000${folded}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const hit = containsFuzzyLabel(folded, field);
    memo.set(key, hit);
    return hit;
  };
}

/**
 * `labelSimilarities` of a text, remembered per text, as two numbers for a field: how closely the
 * text holds one of the field's own labels, and how closely another field's.
 */
function labelSimilaritySearch(): (folded: string, field: AssignableField) => [number, number] {
  const memo = new Map<string, ReadonlyMap<VisualField, number>>();
  return (folded, field) => {
    let scores = memo.get(folded);
    if (!scores) {
      scores = labelSimilarities(folded);
      memo.set(folded, scores);
    }
    let same = 0;
    let other = 0;
    for (const [labelled, score] of scores) {
      if (labelsOf[field].includes(labelled)) same = Math.max(same, score);
      else other = Math.max(other, score);
    }
    return [same, other];
  };
}

const dateFields: ReadonlySet<AssignableField> = new Set(['dateOfBirth', 'dateOfIssue', 'dateOfExpiry']);
const countryWords = new Set(countryNames.map(([name]) => name));

/**
 * The names of the features `fieldCandidates` computes, in order: the learned model
 * (models/training/train_field_assigner.py) is trained and run on these columns.
 */
export const candidateFeatureNames: readonly string[] = [
  ...assignableFields.map((f) => `field=${f}`),
  ...spanKinds.map((k) => `kind=${k}`),
  'ownLabelSame',
  'ownLabelOther',
  'ownLabelUnread',
  'aboveLabelSame',
  'aboveLabelOther',
  'aboveGap',
  'aboveDx',
  'aboveLabelLike',
  'aboveLabelLikeGap',
  'aboveFuzzySame',
  'aboveSimilarSame',
  'aboveSimilarOther',
  'secondUnderLabelSame',
  'secondUnderLabelOther',
  'leftLabelSame',
  'leftLabelOther',
  'leftGap',
  'leftLabelLike',
  'leftSimilarSame',
  'leftSimilarOther',
  'nearestSameLabel',
  'nearestSameLabelDy',
  'nearestSameLabelDx',
  'sameLabelsOnPage',
  'prefixFuzzySame',
  'prefixFuzzyAny',
  'prefixLabelLike',
  'prefixSimilarSame',
  'prefixSimilarOther',
  'prefixChars',
  'prefixHasLower',
  'suffixChars',
  'suffixLabelLike',
  'spanFuzzySame',
  'spanFuzzyAny',
  'chars',
  'letters',
  'digits',
  'upperShare',
  'hasLower',
  'words',
  'hasColon',
  'hasSlash',
  'valueShare',
  'spanShare',
  'x',
  'y',
  'right',
  'heightRatio',
  'heightVsAbove',
  'lineRank',
  'meanConfidence',
  'minConfidence',
  'secondMinConfidence',
  'lowConfidenceChars',
  'accentedChars',
  'minAccentedConfidence',
  'lookAlikes',
  'lineConfidence',
  'yearsAgo',
  'dateRank',
  'datesOnPage',
  'countryWord',
  'duplicateText',
  'valueChars',
  'valueDigitShare',
  'candidatesOfField',
];

interface LineInfo {
  fields: ReadonlySet<VisualField>;
  /** Nothing but labels (a label line standing alone, its value elsewhere). */
  labelOnly: boolean;
  /** Reads like a label the dictionary does not know: mixed case or a trailing colon or smaller type, no digits. */
  labelLike: boolean;
  folded: string;
}

/**
 * Whether a sex word read at [start, end) of a line is a word of its own there: not glued to other
 * letters or digits ("202F", a date misread), nor a unit after a number ("1,53 m" is a height), nor
 * just after a digit and a sign ("4:H"). A span holds part of a line only, so this is judged on the
 * line; a label misread with a digit before its value ("Sukupuol1 F") keeps it.
 */
function sexStandsAlone(text: string, start: number, end: number): boolean {
  const alnum = /[\p{L}\p{N}]/u;
  if (alnum.test(text[end] ?? '') || alnum.test(text[start - 1] ?? '')) return false;
  const before = text.slice(0, start);
  return !/(?:^|\s)\p{N}+(?:[.,]\p{N}+)*[^\p{L}\p{N}]?$/u.test(before) && !/\p{N}[^\p{L}\p{N}\s]$/u.test(before);
}

/**
 * Every span of the page's lines that may be a field's value, paired with every field whose syntax it
 * fits, with the features the field assigner weighs: which labels stand on its line, above it and to
 * its left (dictionary labels, and lines that look like labels the dictionary does not know), what
 * the text looks like, how surely it was read, where it stands, and — for dates — how it orders
 * among the page's dates.
 */
export function fieldCandidates(lines: readonly LabelledLine[], ctx: CandidateContext): FieldCandidate[] {
  const heights = lines.map((l) => l.box.height).sort((a, b) => a - b);
  const medianH = heights[Math.floor(heights.length / 2)] ?? 1;
  const info = lines.map((l) => lineInfo(l, medianH));
  const order = lines.map((_, i) => i).sort((a, b) => lines[a]!.box.y - lines[b]!.box.y || lines[a]!.box.x - lines[b]!.box.x);
  const rank = new Map(order.map((i, k) => [i, k / Math.max(1, lines.length - 1)]));
  const texts = new Map<string, number>();
  for (const l of lines) texts.set(l.text.trim(), (texts.get(l.text.trim()) ?? 0) + 1);

  const fuzzy = fuzzyLabelSearch();
  const similar = labelSimilaritySearch();
  const raw: Array<Omit<FieldCandidate, 'features'> & { partial: Record<string, number> }> = [];
  lines.forEach((line, i) => {
    for (const span of spansOf(line, i, info[i]!)) {
      const text = line.text.slice(span.start, span.end);
      for (const field of assignableFields) {
        const value = fieldValueIn(field, text, ctx);
        if (!value) continue;
        const [start, end] = [span.start + value.start, span.start + value.end];
        if (field === 'sex' && !sexStandsAlone(line.text, start, end)) continue;
        raw.push({ field, span, value, start, end, partial: {} });
      }
    }
  });

  // Dates in time order: birth comes first, then issue, then expiry.
  const dateTimes = [...new Set(raw.filter((c) => c.value.date).map((c) => dateTime(c.value)))].sort((a, b) => a - b);
  const perField = new Map<AssignableField, number>();
  for (const c of raw) perField.set(c.field, (perField.get(c.field) ?? 0) + 1);

  return raw.map(({ field, span, value, start, end }) => {
    const line = lines[span.line]!;
    const h = Math.max(1, line.box.height);
    const spanText = line.text.slice(span.start, span.end);
    const valueText = value.text;
    const f: Record<string, number> = {};
    for (const a of assignableFields) f[`field=${a}`] = +(a === field);
    for (const k of spanKinds) f[`kind=${k}`] = +(k === span.kind);
    const own = span.label;
    f.ownLabelSame = +(own !== null && labelsOf[field].includes(own));
    f.ownLabelOther = +(own !== null && own !== 'unread' && !labelsOf[field].includes(own));
    f.ownLabelUnread = +(own === 'unread');

    const above = nearestAbove(span.line, lines, medianH);
    const aboveInfo = above === null ? null : info[above]!;
    f.aboveLabelSame = +(!!aboveInfo && labelsOf[field].some((l) => aboveInfo.fields.has(l)));
    f.aboveLabelOther = +(!!aboveInfo && aboveInfo.fields.size > 0 && !labelsOf[field].some((l) => aboveInfo.fields.has(l)));
    f.aboveGap = above === null ? 9 : (line.box.y - (lines[above]!.box.y + lines[above]!.box.height)) / medianH;
    f.aboveDx = above === null ? 9 : Math.abs(line.box.x - lines[above]!.box.x) / medianH;
    f.aboveLabelLike = +(!!aboveInfo && aboveInfo.fields.size === 0 && aboveInfo.labelLike);
    f.aboveLabelLikeGap = f.aboveLabelLike ? f.aboveGap : 9;
    f.aboveFuzzySame = +(!!aboveInfo && labelsOf[field].some((l) => fuzzy(aboveInfo.folded, l)));
    [f.aboveSimilarSame, f.aboveSimilarOther] = aboveInfo ? similar(aboveInfo.folded, field) : [0, 0];
    // The second value line under a label: the given names under the surname beneath one label
    // ("Name, Vornamen"), the rest of a permit's type. Its label is two lines up, a value between.
    const above2 = above === null || aboveInfo!.fields.size > 0 || aboveInfo!.labelLike ? null : nearestAbove(above, lines, medianH);
    const above2Info = above2 === null ? null : info[above2]!;
    const namesThis = !!above2Info && labelsOf[field].some((l) => above2Info.fields.has(l) || fuzzy(above2Info.folded, l));
    f.secondUnderLabelSame = +namesThis;
    f.secondUnderLabelOther = +(!!above2Info && above2Info.fields.size > 0 && !namesThis);

    const left = nearestLeft(span.line, lines, medianH);
    const leftInfo = left === null ? null : info[left]!;
    f.leftLabelSame = +(!!leftInfo && labelsOf[field].some((l) => leftInfo.fields.has(l)));
    f.leftLabelOther = +(!!leftInfo && leftInfo.fields.size > 0 && !labelsOf[field].some((l) => leftInfo.fields.has(l)));
    f.leftGap = left === null ? 20 : (line.box.x - (lines[left]!.box.x + lines[left]!.box.width)) / medianH;
    f.leftLabelLike = +(!!leftInfo && leftInfo.fields.size === 0 && leftInfo.labelLike);
    [f.leftSimilarSame, f.leftSimilarOther] = leftInfo ? similar(leftInfo.folded, field) : [0, 0];

    // The nearest dictionary label of this field anywhere on the page.
    let best = Number.POSITIVE_INFINITY;
    let bestDy = 30;
    let bestDx = 30;
    let sameLabels = 0;
    lines.forEach((other, j) => {
      if (!labelsOf[field].some((l) => info[j]!.fields.has(l))) return;
      sameLabels++;
      if (j === span.line) return;
      const dy = (line.box.y - other.box.y) / medianH;
      const dx = (line.box.x - other.box.x) / medianH;
      const d = Math.hypot(dx, dy * 2);
      if (d < best) {
        best = d;
        bestDy = dy;
        bestDx = dx;
      }
    });
    f.nearestSameLabel = Number.isFinite(best) ? Math.min(best, 30) : 30;
    f.nearestSameLabelDy = bestDy;
    f.nearestSameLabelDx = bestDx;
    f.sameLabelsOnPage = sameLabels;

    // What stands before the value on its line (a label the dictionary may not know) and after it.
    const before = span.kind === 'afterLabel' ? '' : line.text.slice(0, span.start);
    const prefix = foldText(before);
    const after = line.text.slice(span.end);
    f.prefixFuzzySame = +(!!prefix && labelsOf[field].some((l) => fuzzy(prefix, l)));
    f.prefixFuzzyAny = +(!!prefix && assignableFields.some((a) => a !== field && labelsOf[a].some((l) => fuzzy(prefix, l))));
    [f.prefixSimilarSame, f.prefixSimilarOther] = prefix ? similar(prefix, field) : [0, 0];
    f.prefixLabelLike = +(!!prefix && !/\d/.test(prefix) && prefix.replace(/[^A-Z]/g, '').length >= 2);
    f.prefixChars = before.trim().length;
    f.prefixHasLower = +/\p{Ll}/u.test(before);
    f.suffixChars = after.trim().length;
    f.suffixLabelLike = +(/\p{Ll}/u.test(after) || after.includes(':'));
    const foldedSpan = foldText(spanText);
    f.spanFuzzySame = +labelsOf[field].some((l) => fuzzy(foldedSpan, l));
    f.spanFuzzyAny = +assignableFields.some((a) => a !== field && labelsOf[a].some((l) => fuzzy(foldedSpan, l)));

    const letters = spanText.replace(/[^\p{L}]/gu, '');
    f.chars = spanText.trim().length;
    f.letters = letters.length;
    f.digits = spanText.replace(/\D/g, '').length;
    f.upperShare = letters.length ? letters.replace(/[^\p{Lu}]/gu, '').length / letters.length : 0;
    f.hasLower = +/\p{Ll}/u.test(spanText);
    f.words = spanText.trim().split(/\s+/).filter(Boolean).length;
    f.hasColon = +spanText.includes(':');
    f.hasSlash = +spanText.includes('/');
    f.valueShare = (end - start) / Math.max(1, span.end - span.start);
    f.spanShare = (span.end - span.start) / Math.max(1, line.text.length);

    f.x = line.box.x / ctx.width;
    f.y = line.box.y / ctx.height;
    f.right = (line.box.x + line.box.width) / ctx.width;
    f.heightRatio = h / medianH;
    f.heightVsAbove = above === null ? 1 : h / Math.max(1, lines[above]!.box.height);
    f.lineRank = rank.get(span.line) ?? 0;

    f.meanConfidence = meanConfidence(line, start, end);
    f.minConfidence = weakestCharacter(line, start, end);
    // How surely the characters that are easily misread were read: the two weakest, accented letters
    // (an accent is a few pixels), and letters that look like digits in a value that mixes both.
    const chars = [...line.text.slice(start, end)].map((ch, k) => ({ ch, c: line.confidences[start + k] ?? 0 })).filter((x) => !/\s/.test(x.ch));
    const sorted = chars.map((x) => x.c).sort((a, b) => a - b);
    f.secondMinConfidence = sorted[1] ?? sorted[0] ?? 1;
    f.lowConfidenceChars = sorted.filter((c) => c < 0.95).length;
    const accented = chars.filter((x) => /[^\x00-\x7f]/.test(x.ch) && /\p{L}/u.test(x.ch));
    f.accentedChars = accented.length;
    f.minAccentedConfidence = Math.min(1, ...accented.map((x) => x.c));
    const mixed = /\p{L}/u.test(valueText) && /\d/.test(valueText);
    f.lookAlikes = mixed ? (valueText.match(/[0O1IlQD8B5S2Z]/g) ?? []).length : 0;
    f.lineConfidence = meanConfidence(line, 0, line.text.length);

    if (value.date) {
      const t = dateTime(value);
      f.yearsAgo = (ctx.now.getTime() - t) / (365.25 * 24 * 3600 * 1000);
      f.dateRank = dateTimes.length > 1 ? dateTimes.indexOf(t) / (dateTimes.length - 1) : 0.5;
    } else {
      f.yearsAgo = 0;
      f.dateRank = -1;
    }
    f.datesOnPage = dateTimes.length;
    f.countryWord = +countryWords.has(
      foldText(valueText)
        .replace(/[^A-Z ]/g, '')
        .trim(),
    );
    f.duplicateText = (texts.get(line.text.trim()) ?? 1) - 1;
    f.valueChars = valueText.replace(/\s/g, '').length;
    f.valueDigitShare = f.valueChars ? valueText.replace(/\D/g, '').length / f.valueChars : 0;
    f.candidatesOfField = perField.get(field) ?? 0;
    return { field, span, value, start, end, features: candidateFeatureNames.map((n) => f[n] ?? 0) };
  });
}

/** A field's value in a span: as `printedValue` reads it; a place of birth printed after the birth date is the text after it. */
function fieldValueIn(field: AssignableField, text: string, ctx: CandidateContext): PrintedValue | null {
  if (field === 'placeOfBirth') {
    const birth = printedValue('dateOfBirth', text, ctx);
    if (birth) {
      const rest = printedValue('placeOfBirth', text.slice(birth.end), ctx);
      return rest && /\p{L}{2}/u.test(rest.text) ? { ...rest, start: rest.start + birth.end, end: rest.end + birth.end } : null;
    }
  }
  const value = printedValue(field, text, ctx);
  if (!value) return null;
  // A specimen's stamp across the fields (`SPECIMEN`, `MUSTER`) is nobody's name, place or authority.
  if (isStampText(foldText(value.text))) return null;
  // A name, place or authority is letters: a value with digits is some other field's.
  if (!dateFields.has(field) && field !== 'documentNumber' && field !== 'personalIdNumber' && field !== 'address' && /\d/.test(value.text)) return null;
  return value;
}

/** Longest value, in words, a piece of a line is taken for. */
const maxSpanWords = 6;

/**
 * The pieces of a line that may be values. After a dictionary label: its value span and the pieces
 * of it that end before more labels. A line without one: the whole line, and the pieces that start
 * where a value may start (after a colon, a word, a change from small letters to capitals or digits:
 * the text detector runs a label into the value beside it) and end at the line's end or before a
 * word that reads like a label.
 */
function spansOf(line: LabelledLine, index: number, info: LineInfo): ValueSpan[] {
  const text = line.text;
  const spans: ValueSpan[] = [];
  const add = (start: number, end: number, kind: SpanKind, label: VisualField | null) => {
    while (start < end && /[\s:;,/|-]/.test(text[start]!)) start++;
    while (end > start && /[\s:;,/|-]/.test(text[end - 1]!)) end--;
    if (start >= end || spans.some((s) => s.start === start && s.end === end)) return;
    if (text.slice(start, end).trim().split(/\s+/).length > maxSpanWords) return;
    spans.push({ line: index, start, end, kind, label });
  };
  const ends = endBoundaries(text);
  const starts = startBoundaries(text);
  if (line.segments.length > 0) {
    // After a label: its value, and — where the label runs on in words the dictionary missed
    // ("COGNOME / SURNAIME MOREAU") — the pieces that start further on, still under that label.
    for (const seg of line.segments) {
      if (seg.start >= seg.end) continue;
      const segEnds = [seg.end, ...ends.filter((e) => e > seg.start && e < seg.end)];
      for (const e of segEnds) add(seg.start, e, 'afterLabel', seg.label.field);
      for (const { at } of starts) if (at > seg.start && at < seg.end) for (const e of segEnds) if (e > at) add(at, e, 'afterBreak', seg.label.field);
    }
    return spans;
  }
  add(0, text.length, 'wholeLine', null);
  if (info.labelOnly) return spans;
  for (const { at, kind } of starts) {
    add(at, text.length, kind, null);
    for (const e of ends) if (e > at) add(at, e, 'partial', null);
  }
  return spans;
}

/** Where a value may start inside a line: after a colon, after a space, where small letters turn into capitals or digits. */
function startBoundaries(text: string): Array<{ at: number; kind: SpanKind }> {
  const out: Array<{ at: number; kind: SpanKind }> = [];
  for (let k = 1; k < text.length; k++) {
    const prev = text[k - 1]!;
    const ch = text[k]!;
    if (prev === ':') out.push({ at: k, kind: 'afterColon' });
    else if (/\s/.test(prev) && !/\s/.test(ch)) out.push({ at: k, kind: 'afterBreak' });
    else if (/\p{Ll}/u.test(prev) && /[\p{Lu}\d]/u.test(ch)) out.push({ at: k, kind: 'afterBreak' });
  }
  return out;
}

/** Where a value may end inside a line: before a word with small letters or a colon (a label), or before a slash. */
function endBoundaries(text: string): number[] {
  const out: number[] = [];
  const word = /\S+/g;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    if (m.index > 0 && (/\p{Ll}/u.test(m[0]) || m[0].endsWith(':') || m[0] === '/')) out.push(m.index);
  }
  return out;
}

function lineInfo(line: LabelledLine, medianH: number): LineInfo {
  const fields = new Set(line.segments.map((s) => s.label.field));
  const labelOnly = line.segments.length > 0 && line.segments.every((s) => s.start >= s.end);
  const text = line.text.trim();
  const letters = text.replace(/[^\p{L}]/gu, '');
  const mixedCase = /\p{Ll}/u.test(text) && /\p{Lu}/u.test(text);
  const labelLike = letters.length >= 2 && !/\d/.test(text) && (mixedCase || /[:/]\s*$/.test(text) || /\p{Ll}/u.test(text) || line.box.height < 0.85 * medianH);
  return { fields, labelOnly, labelLike, folded: foldText(line.text) };
}

/** The nearest line above (its bottom within three line heights, overlapping or starting near it), or null. */
function nearestAbove(i: number, lines: readonly LabelledLine[], medianH: number): number | null {
  const b = lines[i]!.box;
  let best: number | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  lines.forEach((other, j) => {
    if (j === i) return;
    const o = other.box;
    const gap = b.y - (o.y + o.height);
    if (o.y + o.height / 2 >= b.y + b.height / 2 || gap > 3 * medianH || gap < -0.5 * medianH) return;
    const overlaps = o.x < b.x + b.width && o.x + o.width > b.x;
    if (!overlaps && Math.abs(o.x - b.x) > 2.5 * medianH) return;
    if (gap < bestGap) {
      bestGap = gap;
      best = j;
    }
  });
  return best;
}

/** The nearest line to the left on the same row, or null. */
function nearestLeft(i: number, lines: readonly LabelledLine[], medianH: number): number | null {
  const b = lines[i]!.box;
  const centre = b.y + b.height / 2;
  let best: number | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  lines.forEach((other, j) => {
    if (j === i) return;
    const o = other.box;
    if (Math.abs(o.y + o.height / 2 - centre) > 0.6 * medianH || o.x + o.width > b.x + 0.3 * medianH) return;
    const gap = b.x - (o.x + o.width);
    if (gap < bestGap && gap < 15 * medianH) {
      bestGap = gap;
      best = j;
    }
  });
  return best;
}

function dateTime(value: PrintedValue): number {
  const d = value.date!;
  return Date.UTC(d.year ?? 2000, (d.month ?? 1) - 1, d.day ?? 1);
}
