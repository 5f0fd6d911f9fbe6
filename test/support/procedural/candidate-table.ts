/**
 * `tsx test/support/procedural/candidate-table.ts <pages.jsonl> <out.csv> [--unknown-wording <share>]`: the field assigner's
 * training table from dumped pages (dump-printed-pages.ts). One row per candidate (a span of a
 * line read as one field's value, `fieldCandidates`): its features, whether its value is exactly
 * the printed truth of that field (`exact`), whether it is that field's printed value read with a
 * few wrong characters (`near`: the assignment was right, the reading not), and the document it
 * came from (`doc`, `layout`) for splits by document and by layout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  type AssignableField,
  type CandidateContext,
  candidateFeatureNames,
  fieldCandidates,
} from '../../../packages/sdk/src/engine/document/visual/field-candidates.ts';
import { type LabelledLine, labelLines, type PrintedLine } from '../../../packages/sdk/src/engine/document/visual/printed-fields.ts';
import { seededRandom } from '../seeded-random.ts';
import type { FieldNumbering } from '../../../packages/sdk/src/engine/document/visual/match-label.ts';
import { contradictsDateOrder, type DateOrder } from '../../../packages/sdk/src/engine/document/visual/printed-dates.ts';
import { foldText } from '../../../packages/sdk/src/engine/document/visual/fold-text.ts';
import { editDistance } from '../edit-distance.ts';
import type { DumpedPage } from './dump-printed-pages.ts';
import { documentsDay } from './documents-day.ts';

/** The date the dumps' documents are judged on: the day they are valid on (issued before it, expiring after it). */
export const dumpNow = documentsDay;

/**
 * What the engine knew of a dumped page beside its lines: its size, which way its dates run and
 * whether a date of its own reads the other way round (`contradictsDateOrder`, from the dumped lines).
 */
export function pageContext(page: DumpedPage): CandidateContext {
  const dateOrder = page.dateOrder as DateOrder;
  const dateOrderContested = contradictsDateOrder(
    page.lines.map((l) => foldText(l.text)),
    dateOrder,
  );
  return { width: page.width, height: page.height, dateOrder, dateOrderContested, now: dumpNow };
}

/**
 * The dumped lines as the engine's field finder takes them, their labels matched again by the
 * engine's `labelLines` (not the dump's): the tables follow the engine's label matching as it is now
 * without reading the documents again. What the engine reads is another matter: lines it now keeps
 * or boxes it reads under lone labels need a new dump.
 */
export function labelledLines(page: DumpedPage, unknownWording = 0): LabelledLine[] {
  const lines = page.lines.map((l) => ({
    text: l.text,
    confidences: l.confidences,
    positions: l.positions,
    runnerUps: l.runnerUps?.map((r) => (r ? { char: r[0], p: r[1] } : null)),
    box: l.box,
  }));
  const labelled = labelLines(lines, page.numbering as FieldNumbering);
  return unknownWording > 0 ? labelLines(withUnknownWording(labelled, unknownWording, page.layout), page.numbering as FieldNumbering) : labelled;
}

/** Letters a garbled label's are drawn from. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The lines with `share` of their dictionary labels (seeded by `key`) reworded: a third of each one's
 * letters changed, so that the label matches nothing exactly and resembles its field's labels only in
 * part — as wording the dictionary does not hold does (another language's cognate, an abbreviation).
 * The label dictionary holds the generator's own wording (label-texts.ts), so without this a
 * generated page holds no label the dictionary does not know: the check pages reworded so show what
 * the graded similarities (label-similarity.ts) save on their own (models/training/README.md).
 * Field numbers are kept.
 */
export function withUnknownWording(lines: readonly LabelledLine[], share: number, key: string): PrintedLine[] {
  const random = seededRandom([...key].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261));
  return lines.map(({ segments, ...line }) => {
    const text = [...line.text];
    for (const { label } of segments) {
      if (random() >= share) continue;
      const letters = text.map((_, i) => i).filter((i) => i >= label.start && i < label.end && /\p{L}/u.test(text[i]!));
      for (const i of letters) {
        if (random() >= 1 / 3) continue;
        const letter = alphabet[Math.floor(random() * alphabet.length)]!;
        text[i] = text[i] === text[i]!.toLowerCase() ? letter.toLowerCase() : letter;
      }
    }
    return { ...line, text: text.join('') };
  });
}

/** A value as the evaluation compares it: names in capitals with single spaces, numbers without spaces. */
export function comparable(field: string, text: string): string {
  if (field === 'documentNumber' || field === 'personalIdNumber') return text.replace(/[\s-]/g, '').toUpperCase();
  return text.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** How a candidate's value stands to the truth of its field: exactly it, it with a few characters misread, or something else. */
export function judge(
  field: AssignableField,
  candidate: { text: string; date: { year: number | null; month: number | null; day: number | null } | null },
  truth: string | null,
): 'exact' | 'near' | 'other' {
  if (truth === null) return 'other';
  if (candidate.date) {
    const d = candidate.date;
    const iso = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    if (iso === truth) return 'exact';
    const diff = [...iso].filter((c, i) => c !== truth[i]).length;
    return diff <= 2 ? 'near' : 'other';
  }
  const got = comparable(field, candidate.text);
  const want = comparable(field, truth);
  if (got === want) return 'exact';
  return editDistance(got, want) <= Math.max(1, Math.floor(want.length / 4)) ? 'near' : 'other';
}

function main(): void {
  const [input, output, flag, value] = process.argv.slice(2);
  if (!input || !output || (flag && flag !== '--unknown-wording'))
    throw new Error('usage: candidate-table.ts <pages.jsonl> <out.csv> [--unknown-wording <share>]');
  const unknownWording = flag ? Number(value) : 0;
  const rows: string[] = [['doc', 'layout', 'family', 'field', 'exact', 'near', 'line', 'start', 'end', ...candidateFeatureNames].join(',')];
  const pages = readFileSync(input, 'utf8').split('\n').filter(Boolean);
  pages.forEach((json, doc) => {
    const page = JSON.parse(json) as DumpedPage;
    const truthOf = new Map<string, string>();
    for (const t of page.truth) if (t.truth !== null && !truthOf.has(t.field)) truthOf.set(t.field, t.truth);
    const candidates = fieldCandidates(labelledLines(page, unknownWording), pageContext(page));
    for (const c of candidates) {
      const verdict = judge(c.field, c.value, truthOf.get(c.field) ?? null);
      rows.push(
        [
          doc,
          page.layout,
          page.family,
          c.field,
          +(verdict === 'exact'),
          +(verdict !== 'other'),
          c.span.line,
          c.start,
          c.end,
          ...c.features.map((v) => Math.round(v * 1e4) / 1e4),
        ].join(','),
      );
    }
  });
  writeFileSync(output, `${rows.join('\n')}\n`);
  console.error(`${pages.length} pages, ${rows.length - 1} candidates`);
}

// Run as a command, not when the comparison imports its judging.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
