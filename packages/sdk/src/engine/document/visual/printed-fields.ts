import type { DateResult } from '../../../api/common.ts';
import type { DecodedChar } from '../../ocr/ctc-decode.ts';
import type { VisualField } from './field-labels.ts';
import { foldText } from './fold-text.ts';
import {
  containsFuzzyLabel,
  fuzzyLabelLine,
  isLabelText,
  labelAfterUnknownParts,
  lettersOnlyFields,
  matchLabel,
  type FieldNumbering,
  type LabelMatch,
} from './match-label.ts';
import { findPrintedDate, type DateOrder } from './printed-dates.ts';
import { printedValue } from './printed-values.ts';

/** An axis-aligned box on the straightened document, px. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line of text read on the straightened document. */
export interface PrintedLine {
  text: string;
  /** Confidence of each character of `text`. */
  confidences: readonly number[];
  /** Where each character's centre lies along the line, 0 at its start, 1 at its end. */
  positions: readonly number[];
  /** Each character's likeliest other reading and its probability (null: none, e.g. a space put back). */
  runnerUps?: ReadonlyArray<DecodedChar['alternatives'][number] | null>;
  box: Box;
}

/** A field read in the visual zone: its value as printed (or normalised: sex, numbers), where, how sure. */
export interface PrintedField {
  field: VisualField;
  text: string;
  box: Box;
  /** Mean confidence of the value's characters. */
  confidence: number;
  /** Dates, parsed. */
  date: DateResult | null;
}

/** A printed line with the labelled segments found in it (none for a line that is only a value). */
export interface LabelledLine extends PrintedLine {
  segments: readonly Segment[];
}

export interface FindFieldsOptions {
  dateOrder: DateOrder;
  now: Date;
  /**
   * Whether a document number may be found without its label (see `unlabelledDocumentNumber`; default
   * true). Not on AAMVA cards: their standard labels the licence number (4d DLN), and the numbers
   * they print without one are audit and inventory numbers.
   */
  unlabelledNumber?: boolean;
}

/** Below this mean character confidence a value is not reported (it would more often be wrong than right). */
export const minValueConfidence = 0.8;
/** Nor when any one of its characters was read with less than this (a digit misread in a clear date). */
export const minCharConfidence = 0.5;
/** How far below a label (in its heights) its value may start, and how far to its right. */
const maxGapBelow = 1.8;
const maxGapRight = 4;
/** Fields whose value may continue on the lines below (addresses are printed on two or three). */
const multiLine: ReadonlySet<VisualField> = new Set(['address']);

export interface Segment {
  label: LabelMatch;
  /** The value's span in the line's text (empty when the label stands alone). */
  start: number;
  end: number;
}

/** What the printed lines of one side say. */
export interface FoundFields {
  /** The fields read (`signature`: where the holder signed, its text whatever the reader made of it). */
  fields: PrintedField[];
  /** Fields whose value, printed beside its label, holds characters the field cannot have (a digit in a name). */
  invalidCharacterFields: VisualField[];
}

/**
 * The printed fields of a document from its text lines: each line that begins with a label (or a
 * licence field number) gives its field, valued by the rest of the line, or — when the label stands
 * alone — by the nearest unlabelled line to its right or below it (and, for addresses, the lines
 * that continue it). A line may hold several numbered fields ("3 DOB 07/14/1986 15 SEX M"). Each
 * value must fit its field's syntax (dates parse, numbers have digits, names no digits) and be read
 * clearly (`minValueConfidence`); the first occurrence of a field wins. A document number printed
 * without a label is found by its form (see `unlabelledDocumentNumber`); the signature is whatever
 * ink stands beside or under its label.
 */
export function findPrintedFields(lines: readonly LabelledLine[], o: FindFieldsOptions): FoundFields {
  const used = new Set<number>();
  const found = new Map<VisualField, PrintedField>();
  const invalid = new Set<VisualField>();
  const order = lines.map((_, i) => i).sort((a, b) => lines[a]!.box.y - lines[b]!.box.y || lines[a]!.box.x - lines[b]!.box.x);
  for (const i of order) {
    for (const segment of lines[i]!.segments) {
      const field = segment.label.field;
      if (found.has(field)) continue;
      if (field === 'signature') {
        const signature = signatureBeside(i, segment, lines, used);
        if (signature) found.set(field, signature);
        continue;
      }
      // The value after the label on its line; else (none there, or none that fits) beside or below it.
      let source = { line: i, start: segment.start, end: segment.end };
      let value = source.start < source.end ? fieldValue(field, lines, source, o) : null;
      if (!value && source.start < source.end && lettersOnlyFields.has(field) && /[\p{L}]/u.test(lines[i]!.text.slice(source.start, source.end)))
        invalid.add(field);
      for (const j of value ? [] : valueLinesFor(i, lines, used)) {
        source = { line: j, start: 0, end: lines[j]!.text.length };
        value = fieldValue(field, lines, source, o);
        if (value) break;
      }
      if (!value) continue;
      used.add(source.line);
      if (multiLine.has(value.field)) extendDown(value, source.line, lines, used);
      for (const v of splitCombined(value, o)) if (!found.has(v.field)) found.set(v.field, v);
    }
  }
  if (!found.has('documentNumber') && o.unlabelledNumber !== false) {
    const number = unlabelledDocumentNumber(lines, used, [...found.values()]);
    if (number) found.set('documentNumber', number);
  }
  // A value that is itself a label ("SEK/SESSO", a bilingual label with one half misread) is none.
  for (const [field, value] of found) if (field !== 'signature' && isLabelText(value.text)) found.delete(field);
  return { fields: [...found.values()], invalidCharacterFields: [...invalid].filter((f) => !found.has(f)) };
}

/**
 * The signature beside or under its label: the nearest unlabelled line to its right or below it (the
 * text detector boxes a signature as it does a word), whatever the reader read in it — or on the
 * label's own line after a field number ("7. <signature>") or a gap of a line height ("Signature :
 *   <signature>"). A machine-readable zone below the label is not a signature, nor a speck
 * smaller than two label heights by most of one. Its box is
 * grown by half its height on every side (a signature's strokes overshoot the box the detector drew
 * round its core). Null when nothing stands there: a blank signature area gives no signature.
 */
function signatureBeside(i: number, segment: Segment, lines: readonly LabelledLine[], used: Set<number>): PrintedField | null {
  const line = lines[i]!;
  const h = line.box.height;
  const numbered = /^\s*\d/.test(line.text.slice(segment.label.start, segment.label.end));
  // Ink after the label on its own line: after a field number, or apart from the label by a gap (a
  // label run on into more words is print, not a signature).
  // The blank between the label's last character and the next: their centres' distance less a character's width.
  const gap =
    ((line.positions[segment.start] ?? 0) - (line.positions[segment.label.end - 1] ?? 1)) * line.box.width - line.box.width / Math.max(1, line.text.length);
  const inline = (numbered || gap >= h) && segment.start < segment.end && /[\p{L}\p{N}]/u.test(line.text.slice(segment.start, segment.end));
  // Ink of a signature's size: at least two label heights long and most of one high (not a speck or a stray mark).
  const signatureSized = (b: Box) => b.width >= 2 * h && b.height >= 0.7 * h;
  const isInk = (k: number) => !mrzLike.test(lines[k]!.text) && signatureSized(lines[k]!.box) && !readsAsSignatureLabel(lines[k]!.text);
  const j = inline ? i : valueLinesFor(i, lines, used).find(isInk);
  if (j === undefined) return null;
  used.add(j);
  const source = lines[j]!;
  const [start, end] = j === i ? [segment.start, segment.end] : [0, source.text.length];
  const box = spanBox(source, start, end);
  const pad = box.height / 2;
  return {
    field: 'signature',
    text: source.text.slice(start, end),
    box: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
    confidence: meanConfidence(source, start, end),
    date: null,
  };
}

/** Whether a line reads as a signature label with a few letters wrong ("Assinatura do t", a label's broken-off part): print, not ink. */
function readsAsSignatureLabel(text: string): boolean {
  return containsFuzzyLabel(foldText(text), 'signature');
}

/**
 * A line of a machine-readable zone, never a signature: filler runs, or two fillers anywhere — the
 * Latin reader, which no MRZ is meant for, reads a run of fillers as one or two
 * (`MR Z<L I N E<1 <`), and a signature does not read as fillers.
 */
const mrzLike = /<[^<]*<|^[A-Z0-9<]{25,}$/;

/** Whether a run of 6 or 8 digits reads as a date written without separators (DDMMYY[YY], MMDDYY[YY], [YY]YYMMDD). */
function digitsOfDate(token: string): boolean {
  if (!/^(\d{6}|\d{8})$/.test(token)) return false;
  const year = token.length - 4;
  const dayMonth = (a: string, b: string) => Number(a) >= 1 && Number(a) <= 31 && Number(b) >= 1 && Number(b) <= 12;
  const yearFirst = token.length === 6 || /^(19|20)/.test(token);
  const yearLast = token.length === 6 || /^(19|20)/.test(token.slice(4));
  return (
    (yearLast && (dayMonth(token.slice(0, 2), token.slice(2, 4)) || dayMonth(token.slice(2, 4), token.slice(0, 2)))) ||
    (yearFirst && dayMonth(token.slice(year + 2, year + 4), token.slice(year, year + 2)))
  );
}

/** Mean confidence a number found by its form alone must have (it has no label to vouch for what it is). */
const minUnlabelledConfidence = 0.9;

/**
 * A document number printed without a label (many ID cards print it in a corner, or after the
 * title: "IDENTITY CARD NJ6V5CB93"): among the lines no label claimed, a line that is nothing but
 * 6–12 capitals and digits with at least two digits, or such a run ending a line whose other words
 * hold no digit; read surely, no date, not another field's value. When several fit, the one mixing
 * letters and digits (personal numbers are digits alone); when that still leaves several, none.
 */
function unlabelledDocumentNumber(lines: readonly LabelledLine[], used: ReadonlySet<number>, found: readonly PrintedField[]): PrintedField | null {
  const values = new Set(found.map((f) => f.text.replace(/\s/g, '')));
  const candidates: PrintedField[] = [];
  lines.forEach((line, j) => {
    if (used.has(j) || line.segments.length > 0) return;
    const m = /(^|[\s:#°.])([A-Z0-9]{6,12})\s*$/.exec(line.text);
    if (!m) return;
    const token = m[2]!;
    const start = m.index + m[1]!.length;
    const rest = line.text.slice(0, start);
    if (/\d/.test(rest) || (token.match(/\d/g)?.length ?? 0) < 2 || values.has(token)) return;
    // A date run together ("18011971", "21MAY2072") is no number.
    if (digitsOfDate(token) || /^\d{1,2}[A-Z]{3,4}\d{2,4}$/.test(token)) return;
    const end = start + token.length;
    const confidence = meanConfidence(line, start, end);
    if (confidence < minUnlabelledConfidence || weakestCharacter(line, start, end) < minCharConfidence) return;
    candidates.push({ field: 'documentNumber', text: token, box: spanBox(line, start, end), confidence, date: null });
  });
  if (candidates.length === 1) return candidates[0]!;
  const mixed = candidates.filter((c) => /[A-Z]/.test(c.text));
  return mixed.length === 1 ? mixed[0]! : null;
}

/**
 * Labels that stand alone with no line where their value would be (the text detector misses short
 * values: a one-letter sex, a two-digit class): the box just below each, where the value is printed
 * on documents that put values under labels, to be read directly.
 */
export function unreadValueBoxes(lines: readonly LabelledLine[]): Box[] {
  const boxes: Box[] = [];
  lines.forEach(({ segments }, i) => {
    const only = segments.length === 1 && segments[0]!.start >= segments[0]!.end;
    if (!only || valueLinesFor(i, lines, new Set()).length > 0) return;
    const label = lines[i]!.box;
    const h = label.height;
    boxes.push({ x: label.x - 0.3 * h, y: label.y + 0.9 * h, width: Math.max(label.width, 3 * h) + 0.6 * h, height: 1.6 * h });
  });
  return boxes;
}

/** The lines with their labelled segments, matched once for every use (see segmentsOf). */
export function labelLines(lines: readonly PrintedLine[], numbering: FieldNumbering): LabelledLine[] {
  return lines.map((line) => ({ ...line, segments: segmentsOf(foldText(line.text), numbering) }));
}

/** The labelled segments of a line: a label at its start, and numbered labels further on. */
function segmentsOf(folded: string, numbering: FieldNumbering): Segment[] {
  const atStart = matchLabel(folded, 0, numbering);
  const head = atStart && atStart.start <= 2 ? atStart : numbering === null ? labelAfterUnknownParts(folded) : null;
  if (!head) {
    const fuzzy = fuzzyLabelLine(folded);
    return fuzzy ? [valueAfter({ field: fuzzy.field, start: 0, end: fuzzy.end }, folded.length)] : [];
  }
  const labels: LabelMatch[] = [head];
  if (numbering) {
    // Further fields on the same line begin with their number and a label (" 15 SEX M") or with a
    // dotted number (EU: " 4c. LANDRATSAMT"); a bare number could be part of a value.
    const further = /\s(\d{1,2}[A-D]?)(\.?)\s?(?=[A-Z])/g;
    further.lastIndex = head.end;
    for (let m = further.exec(folded); m; m = further.exec(folded)) {
      const next = matchLabel(folded, m.index + 1, numbering);
      if (next && (m[2] === '.' || next.end > m.index + 1 + m[1]!.length + 1)) labels.push(next);
    }
  }
  return labels.map((label, k) => valueAfter(label, labels[k + 1]?.start ?? folded.length));

  /** A label's segment: its value from after the separators that follow it up to `end`. */
  function valueAfter(label: LabelMatch, end: number): Segment {
    let start = label.end;
    while (start < end && /[\s:/.,-]/.test(folded[start]!)) start++;
    return { label, start, end: trimEnd(folded, start, end) };
  }
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/**
 * Unlabelled lines where line `i`'s value may be, nearest first: to its right on the same row, then
 * just below it. The first whose text fits the field is its value.
 */
function valueLinesFor(i: number, lines: readonly LabelledLine[], used: ReadonlySet<number>): number[] {
  const label = lines[i]!.box;
  const h = label.height;
  const centre = label.y + h / 2;
  const candidates: Array<{ j: number; score: number }> = [];
  lines.forEach((line, j) => {
    if (j === i || used.has(j) || line.segments.length > 0) return;
    const b = line.box;
    const right = Math.abs(b.y + b.height / 2 - centre) < 0.5 * h && b.x > label.x + label.width - 0.2 * h && b.x - (label.x + label.width) < maxGapRight * h;
    const gapBelow = b.y - (label.y + h);
    const below =
      b.y + b.height / 2 > label.y + h &&
      gapBelow < maxGapBelow * h &&
      (Math.abs(b.x - label.x) < 2.5 * h || (b.x < label.x + label.width && b.x + b.width > label.x));
    // A value beside its label is taken before one below it; nothing below another label in between.
    if (right) candidates.push({ j, score: b.x - label.x - label.width });
    else if (below && !labelBetween(lines, label, b)) candidates.push({ j, score: 1000 + Math.max(0, gapBelow) + 0.3 * Math.abs(b.x - label.x) });
  });
  return candidates.sort((a, b) => a.score - b.score).map((c) => c.j);
}

/** Whether a labelled line stands between a label and a line below it (in the same column). */
function labelBetween(lines: readonly LabelledLine[], above: Box, below: Box): boolean {
  return lines.some((l) => {
    const b = l.box;
    const centre = b.y + b.height / 2;
    return (
      l.segments.length > 0 && b !== above && centre > above.y + above.height && centre < below.y && b.x < below.x + below.width && b.x + b.width > below.x
    );
  });
}

/** Unlabelled lines right below a value that start where it starts: the rest of an address. */
function extendDown(value: PrintedField, from: number, lines: readonly LabelledLine[], used: Set<number>): void {
  let last = lines[from]!.box;
  const x = value.box.x;
  for (;;) {
    const next = lines.findIndex((l, j) => {
      const b = l.box;
      return (
        !used.has(j) &&
        l.segments.length === 0 &&
        b.y > last.y + last.height * 0.5 &&
        b.y - (last.y + last.height) < 0.9 * last.height &&
        Math.abs(b.x - x) < 1.5 * last.height
      );
    });
    const line = lines[next];
    if (!line) return;
    const confidence = meanConfidence(line, 0, line.text.length);
    if (confidence < minValueConfidence) return;
    used.add(next);
    value.text = `${value.text}, ${line.text.trim()}`.replace(/\s*,\s*/g, ', ');
    value.box = union(value.box, line.box);
    value.confidence = Math.min(value.confidence, confidence);
    last = line.box;
  }
}

/** The field's value from a span of a line, if it fits the field's syntax and was read clearly. */
function fieldValue(
  field: VisualField,
  lines: readonly LabelledLine[],
  source: { line: number; start: number; end: number },
  o: FindFieldsOptions,
): PrintedField | null {
  const line = lines[source.line]!;
  const value = printedValue(field, line.text.slice(source.start, source.end), o);
  if (!value) return null;
  const start = source.start + value.start;
  const end = source.start + value.end;
  const confidence = meanConfidence(line, start, end);
  if (confidence < minValueConfidence || weakestCharacter(line, start, end) < minCharConfidence) return null;
  return { field, text: value.text, box: spanBox(line, start, end), confidence, date: value.date };
}

/** A birth date and place printed together, as the two fields (the place only when there is one). */
function splitCombined(value: PrintedField, o: FindFieldsOptions): PrintedField[] {
  if (value.field !== 'dateAndPlaceOfBirth') return [value];
  const found = findPrintedDate(foldText(value.text), o.dateOrder, 'past', o.now);
  if (!found) return [];
  const birth = { ...value, field: 'dateOfBirth' as const, text: value.text.slice(found.start, found.end), date: found.date };
  const place = value.text.slice(found.end).replace(/^[\s,/-]+|[\s,]+$/g, '');
  return /\p{L}{2}/u.test(place) ? [birth, { ...value, field: 'placeOfBirth', text: place, date: null }] : [birth];
}

/** The lowest confidence among characters `start`…`end − 1` of a line, spaces aside. */
export function weakestCharacter(line: PrintedLine, start: number, end: number): number {
  let min = 1;
  for (let k = start; k < end; k++) if (!/\s/.test(line.text[k]!)) min = Math.min(min, line.confidences[k] ?? 0);
  return min;
}

/** The mean confidence of characters `start`…`end − 1` of a line, spaces aside. */
export function meanConfidence(line: PrintedLine, start: number, end: number): number {
  let sum = 0;
  let n = 0;
  for (let k = start; k < end; k++) {
    if (/\s/.test(line.text[k]!)) continue;
    sum += line.confidences[k] ?? 0;
    n++;
  }
  return n ? sum / n : 0;
}

/** The part of a line's box that holds characters `start`…`end − 1`. */
export function spanBox(line: PrintedLine, start: number, end: number): Box {
  const { box, positions } = line;
  if (start <= 0 && end >= line.text.length) return box;
  const half = positions.length > 1 ? (positions[positions.length - 1]! - positions[0]!) / (2 * (positions.length - 1)) : 0.5;
  const t0 = Math.max(0, (positions[start] ?? 0) - half);
  const t1 = Math.min(1, (positions[end - 1] ?? 1) + half);
  return { x: box.x + t0 * box.width, y: box.y, width: (t1 - t0) * box.width, height: box.height };
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
