import { checkDigitMatches } from './check-digit.ts';
import { admits, confusedWith, isStrongConfusion, kindAlphabet } from './char-confusions.ts';
import type { MrzCell, MrzCells } from './mrz-cell.ts';
import { countryOf } from './icao-countries.ts';
import { formatFor, inComposite, type MrzFieldKind, type MrzFieldName, type MrzFieldSpec, type MrzFormat } from './mrz-formats.ts';
import { compositeText, parseWithFormat, type ParsedMrz } from './parse-mrz.ts';

export interface CorrectionOptions {
  /** Most characters correction may change in one checked field (beyond forced type coercions). */
  maxChangesPerField: number;
  /** A position read below this probability (or not at all) makes an unchecked field uncertain. */
  minConfidence: number;
  /**
   * A symbol of a name (up to its last letter) read below this probability makes the names
   * uncertain. Names are the one long field no check digit covers, and a doubtful symbol there (I
   * read as T, a filler as K, a letter as a filler) is otherwise returned as valid.
   */
  minNameConfidence: number;
}

export const defaultCorrectionOptions: CorrectionOptions = { maxChangesPerField: 2, minConfidence: 0.5, minNameConfidence: 0.8 };

/** The outcome: the corrected zone, which fields are trustworthy, and what was changed. */
export interface CorrectedMrz {
  parsed: ParsedMrz;
  /**
   * Fields not to be trusted: a check digit that correction could not satisfy unambiguously, an
   * unchecked field read with low confidence (names: any doubtful symbol), a state code that is no
   * known code, or a field only the failing composite check digit covers.
   */
  uncertain: MrzFieldName[];
  /** Positions changed from the reading, as `line:col from→to`. */
  changes: string[];
}

interface Candidate {
  text: string;
  /** Sum of log-probabilities of the chosen symbols. */
  score: number;
  changes: number;
}

/** Prior probability of a table confusion the reader did not itself propose. */
const confusionPrior = 0.02;
/** Floor for any candidate symbol (an unread position). */
const unknownPrior = 0.01;
/** Least probability of a variant symbol relative to the position's best, for correction to try it. */
const plausibleRatio = 0.1;
/** A second passing candidate within this log-probability of the best makes a field ambiguous. */
const ambiguityMargin = Math.log(20);

/**
 * Checksum- and field-type-guided correction. Every position gets candidate symbols admitted by its
 * field's kind (the reading, the reader's own alternatives, the confusion table); a checked field
 * takes the most probable variant whose check digit holds, changing at most `maxChangesPerField`
 * symbols, and only if no other variant about as probable also holds — then the composite check
 * digit must hold over the chosen fields. Whatever cannot be settled is reported uncertain rather
 * than guessed.
 */
export function correctMrz(lines: readonly MrzCells[], options: Partial<CorrectionOptions> = {}): CorrectedMrz | null {
  const o = { ...defaultCorrectionOptions, ...options };
  const length = lines[0]?.length ?? 0;
  if (lines.some((l) => l.length !== length)) return null;
  const head = lines[0]!
    .slice(0, 5)
    .map((cell) => bestOf(cell ?? null, 'alpha').char)
    .join('');
  const format = formatFor(lines.length, length, head);
  if (!format) return null;

  const out = lines.map((l) => l.map((cell) => cell?.char ?? '<'));
  const uncertain = new Set<MrzFieldName>();
  const changes: string[] = [];
  const candidatesByField = new Map<MrzFieldName, Candidate[]>();

  // 1. Unchecked fields and check digits: best admitted symbol per position.
  for (const spec of format.fields) {
    const cells = lines[spec.line]!.slice(spec.start, spec.start + spec.length);
    const best = cells.map((cell) => bestOf(cell, spec.kind));
    const coerced = best.map((b) => b.char).join('');
    // A state code is checked by no digit, only by being a code: one that is none is in doubt, and
    // coercing digits read there into letters that make no code is a guess, so the print (a
    // national oddity like ROU's "132") stays as read. All fillers is no code given (Macao's cards).
    if (isStateCode(spec.name) && !countryOf(coerced) && !/^<+$/.test(coerced)) {
      write(out, spec, rawText(cells));
      uncertain.add(spec.name);
      continue;
    }
    write(out, spec, coerced);
    if (!spec.check && !isCheckField(format, spec.name) && best.some((b) => b.p < o.minConfidence)) uncertain.add(spec.name);
    if (isNames(spec.name) && doubtfulName(cells, o.minNameConfidence)) uncertain.add(spec.name);
  }
  for (const spec of format.fields) if (isNames(spec.name)) cleanNames(out, spec);

  // 2. Checked fields: candidates whose own check digit holds.
  for (const spec of format.fields) {
    if (!spec.check) continue;
    const checkSpec = format.fields.find((s) => s.name === spec.check)!;
    const cells = [...lines[spec.line]!.slice(spec.start, spec.start + spec.length), lines[checkSpec.line]![checkSpec.start] ?? null];
    const kinds = [...Array<MrzFieldKind>(spec.length).fill(spec.kind), 'digit' as const];
    const passing = enumerate(cells, kinds, o.maxChangesPerField, (t) => checkDigitMatches(t.slice(0, -1), t.slice(-1)));
    candidatesByField.set(spec.name, passing);
    if (passing.length === 0) {
      // Nothing that checks: report what is printed, not a coercion that did not make it check.
      write(out, spec, rawText(cells.slice(0, -1)));
      write(out, checkSpec, rawText(cells.slice(-1)));
      uncertain.add(spec.name);
      continue;
    }
    write(out, spec, passing[0]!.text.slice(0, -1));
    write(out, checkSpec, passing[0]!.text.slice(-1));
    if (passing.length > 1 && passing[1]!.score > passing[0]!.score - ambiguityMargin) uncertain.add(spec.name);
  }

  // 3. Composite: try the passing candidates of its fields together (plus variants of its unchecked
  // fields and of the composite digit) and keep a combination that holds.
  if (format.composite.length) settleComposite(format, lines, out, candidatesByField, uncertain, o);

  const corrected = out.map((l) => l.join(''));
  for (const [li, l] of lines.entries()) {
    for (const [col, cell] of l.entries()) {
      if ((cell?.char ?? '?') !== corrected[li]![col]) changes.push(`${li + 1}:${col + 1} ${cell?.char ?? '?'}→${corrected[li]![col]}`);
    }
  }
  const parsed = parseWithFormat(format, corrected);
  // A field whose check still fails after correction (e.g. TD1 overflow numbers) is uncertain too.
  for (const check of parsed.checks) if (!check.ok) for (const name of check.name === 'compositeCheck' ? [] : check.covers) uncertain.add(name);
  if (!parsed.checks.find((c) => c.name === 'compositeCheck')?.ok && format.composite.length) {
    uncertain.add('compositeCheck');
    // Fields with no check digit of their own had only the composite to vouch for them (the names
    // on the French card, optional data elsewhere).
    for (const spec of format.fields) if (inComposite(format, spec) && !spec.check && !isCheckField(format, spec.name)) uncertain.add(spec.name);
  }
  return { parsed, uncertain: [...uncertain], changes };
}

/** Whether a name (up to its last letter) holds a symbol read below `minConfidence`, or not read. */
export function doubtfulName(cells: ReadonlyArray<MrzCell | null>, minConfidence: number): boolean {
  let last = cells.length - 1;
  while (last >= 0 && (cells[last]?.char ?? '<') === '<') last--;
  return cells.slice(0, last + 1).some((cell) => !cell || cell.confidence < minConfidence);
}

export function isNames(name: MrzFieldName): boolean {
  return name === 'names' || name === 'givenNames';
}

function isStateCode(name: MrzFieldName): boolean {
  return name === 'issuer' || name === 'nationality';
}

function rawText(cells: ReadonlyArray<MrzCell | null>): string {
  return cells.map((cell) => cell?.char ?? '<').join('');
}

function isCheckField(format: MrzFormat, name: MrzFieldName): boolean {
  return format.fields.some((s) => s.check === name) || name === 'compositeCheck';
}

function write(out: string[][], spec: MrzFieldSpec, text: string): void {
  for (let i = 0; i < text.length; i++) out[spec.line]![spec.start + i] = text[i]!;
}

/** Candidate symbols of one position with probabilities, best first, restricted to the kind. */
function candidatesOf(cell: MrzCell | null, kind: MrzFieldKind): Array<{ char: string; p: number; read: boolean }> {
  const list = new Map<string, { char: string; p: number; read: boolean }>();
  const add = (char: string, p: number, read = false) => {
    if (!admits(kind, char)) return;
    // A filler in a numeric position only as read: '<' and '0' weigh the same in check digits,
    // so proposing it would create ambiguity from nothing.
    if (char === '<' && (kind === 'numeric' || kind === 'digit') && !read) return;
    const prev = list.get(char);
    if (!prev || prev.p < p) list.set(char, { char, p, read: read || (prev?.read ?? false) });
  };
  if (!cell) {
    for (const ch of kindAlphabet[kind]) add(ch, unknownPrior);
  } else {
    add(cell.char, cell.confidence, true);
    for (const alt of cell.alternatives) add(alt.char, Math.max(alt.p, unknownPrior / 10));
    // Table confusions the reader did not propose: likelier the less sure the reading, and forced
    // (high) when the read symbol cannot stand in this field at all. Earlier table entries first.
    const forced = !admits(kind, cell.char);
    let prior = forced ? 0.6 : confusionPrior + 0.5 * (1 - cell.confidence);
    for (const ch of confusedWith(cell.char)) {
      if (!admits(kind, ch)) continue;
      // A forced coercion between glyphs that do not look alike stays below `minConfidence`.
      add(ch, forced && !isStrongConfusion(cell.char, ch) ? Math.min(prior, 0.3) : prior);
      prior *= 0.7;
    }
  }
  return [...list.values()].sort((a, b) => b.p - a.p || a.char.localeCompare(b.char));
}

function bestOf(cell: MrzCell | null, kind: MrzFieldKind): { char: string; p: number } {
  return candidatesOf(cell, kind)[0] ?? { char: '<', p: 0 };
}

/**
 * Variants of a field (cells plus its check digit) that satisfy `accept`, with at most `maxChanges`
 * departures from the best admitted symbol per position, most probable first.
 */
function enumerate(cells: ReadonlyArray<MrzCell | null>, kinds: readonly MrzFieldKind[], maxChanges: number, accept: (text: string) => boolean): Candidate[] {
  // A variant symbol must be at least a tenth as likely as the best: a confident reading is not
  // rewritten just because some other symbol would satisfy the check digit.
  const options = cells.map((cell, i) => {
    const list = candidatesOf(cell, kinds[i]!);
    return list.filter((c, k) => k === 0 || c.p >= plausibleRatio * list[0]!.p).slice(0, 6);
  });
  const base = options.map((o) => o[0] ?? { char: '<', p: unknownPrior, read: false });
  const baseScore = base.reduce((s, c) => s + Math.log(Math.max(c.p, 1e-6)), 0);
  const found: Candidate[] = [];
  const chars = base.map((c) => c.char);
  const visit = (from: number, changes: number, score: number) => {
    const text = chars.join('');
    if (accept(text)) found.push({ text, score, changes });
    if (changes === maxChanges) return;
    for (let i = from; i < options.length; i++) {
      const b = base[i]!;
      for (const alt of options[i]!.slice(1)) {
        chars[i] = alt.char;
        visit(i + 1, changes + 1, score - Math.log(Math.max(b.p, 1e-6)) + Math.log(Math.max(alt.p, 1e-6)));
      }
      chars[i] = b.char;
    }
  };
  visit(0, 0, baseScore);
  return found.sort((a, b) => b.score - a.score || a.changes - b.changes || a.text.localeCompare(b.text));
}

function settleComposite(
  format: MrzFormat,
  lines: readonly MrzCells[],
  out: string[][],
  candidatesByField: Map<MrzFieldName, Candidate[]>,
  uncertain: Set<MrzFieldName>,
  o: CorrectionOptions,
): void {
  const compositeSpec = format.fields.find((s) => s.name === 'compositeCheck')!;
  const covered = format.fields.filter((s) => s.name !== 'compositeCheck' && inComposite(format, s));
  const checkedFields = covered.filter((s) => s.check && (candidatesByField.get(s.name)?.length ?? 0) > 0);
  const checkOk = () =>
    checkDigitMatches(
      compositeText(
        format,
        out.map((l) => l.join('')),
      ),
      out[compositeSpec.line]![compositeSpec.start]!,
    );
  if (checkOk()) {
    // The composite confirms the current choice: ambiguity within single fields is settled only if
    // no other choice of theirs would also satisfy it.
    for (const spec of checkedFields) {
      const list = candidatesByField.get(spec.name)!;
      if (list.length > 1 && uncertain.has(spec.name)) {
        const others = list.slice(1).filter((c) => c.score > list[0]!.score - ambiguityMargin && holdsWith(format, out, spec, c.text));
        if (others.length === 0) uncertain.delete(spec.name);
      }
    }
    return;
  }
  // Try the runner-up candidates of checked fields, then variants of the unchecked composite fields
  // and of the composite digit itself, one field at a time.
  type Option = { apply: () => void; undo: () => void; score: number };
  const options: Option[] = [];
  for (const spec of checkedFields) {
    const checkSpec = format.fields.find((s) => s.name === spec.check)!;
    const current = read(out, spec) + read(out, checkSpec);
    for (const c of candidatesByField.get(spec.name)!.slice(0, 5)) {
      if (c.text === current) continue;
      const setField = (text: string) => {
        write(out, spec, text.slice(0, -1));
        write(out, checkSpec, text.slice(-1));
      };
      options.push({ apply: () => setField(c.text), undo: () => setField(current), score: c.score - candidatesByField.get(spec.name)![0]!.score });
    }
  }
  for (const spec of [...covered.filter((s) => !s.check && !isCheckField(format, s.name)), compositeSpec]) {
    const cells = lines[spec.line]!.slice(spec.start, spec.start + spec.length);
    const current = read(out, spec);
    const variants = enumerate(cells, Array<MrzFieldKind>(spec.length).fill(spec.kind), Math.min(1, o.maxChangesPerField), () => true);
    const baseScore = variants.find((v) => v.text === current)?.score ?? variants[0]?.score ?? 0;
    for (const v of variants) {
      if (v.text === current) continue;
      options.push({ apply: () => write(out, spec, v.text), undo: () => write(out, spec, current), score: v.score - baseScore });
    }
  }
  const holding = options
    .filter((opt) => {
      opt.apply();
      const ok = checkOk();
      opt.undo();
      return ok;
    })
    .sort((a, b) => b.score - a.score);
  const best = holding[0];
  if (best && (holding.length === 1 || holding[1]!.score < best.score - ambiguityMargin)) {
    best.apply();
    return;
  }
  uncertain.add('compositeCheck');
}

function read(out: string[][], spec: MrzFieldSpec): string {
  return out[spec.line]!.slice(spec.start, spec.start + spec.length).join('');
}

function holdsWith(format: MrzFormat, out: string[][], spec: MrzFieldSpec, textWithCheck: string): boolean {
  const checkSpec = format.fields.find((s) => s.name === spec.check)!;
  const copy = out.map((l) => [...l]);
  write(copy, spec, textWithCheck.slice(0, -1));
  write(copy, checkSpec, textWithCheck.slice(-1));
  const compositeSpec = format.fields.find((s) => s.name === 'compositeCheck')!;
  return checkDigitMatches(
    compositeText(
      format,
      copy.map((l) => l.join('')),
    ),
    copy[compositeSpec.line]![compositeSpec.start]!,
  );
}

/**
 * Names are letters and fillers only. A short letter run after three or more fillers, with nothing
 * but fillers behind it, cannot be a name part (parts are separated by one or two fillers): it is a
 * misread filler (`<` read as K, X, C…), so it becomes fillers again.
 */
function cleanNames(out: string[][], spec: MrzFieldSpec): void {
  const text = read(out, spec);
  const cleaned = text
    .replace(/(<{3,})([A-Z]{1,2})(?=<*$)/, (_, fill: string, run: string) => fill + '<'.repeat(run.length))
    .replace(/<{3,}[A-Z]{1,2}(<{2,}[A-Z]{1,2})+(?=<*$)/, (m) => '<'.repeat(m.length));
  write(out, spec, cleaned);
}
