/**
 * `tsx test/support/procedural/calibrate-field-assigner.ts --calibrate <pages.jsonl>… [--check <pages.jsonl>…]
 * [--check-unknown-wording <share>] [--max-wrong 0.005] [--assign-one-budget] [--place-by-box] [--keep-assign] [--max-misread 0.005] [--margin 1.28] [--write] [--show-wrong]`: chooses the field assigner's thresholds (field-assigner-model.ts)
 * on dumped pages of generated documents (dump-printed-pages.ts) that its training never saw, scored
 * by the model the engine ships and decided by the engine's own decoding (`assignFields`, label rules
 * included), then reports exact, uncertain, wrong and missing per field on the calibration pages and
 * on the `--check` pages (other seeds: the figures that count). `--write` puts the thresholds into
 * the model module; `--show-wrong` lists the check pages' wrong values; `--assign-one-budget` spends
 * `--max-wrong` for all fields together, as the reading thresholds do; `--place-by-box` counts a
 * value taken from where its field is printed as placed right however badly it is read — a misread
 * for the reading thresholds to doubt, not another field's text (both tried, not shipped:
 * models/training/README.md); `--margin z` holds each budget at the Wilson bound z standard deviations
 * above the observed share instead of the share itself.
 *
 * Why here and not in the trainer: thresholds read off scores of other models (the trainer's
 * out-of-fold ones) or of another decoding do not hold for the shipped model — they made it doubt
 * or drop values it scores 0.98 and reads right (given names: 3 exact against 29 uncertain).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AssignedField,
  assignFields,
  assignScores,
  candidateScore,
  type FieldAssignerModel,
  ruleConfirmation,
} from '../../../packages/sdk/src/engine/document/visual/field-assigner.ts';
import { fieldAssignerModel } from '../../../packages/sdk/src/engine/document/visual/field-assigner-model.ts';
import {
  type AssignableField,
  assignableFields,
  type CandidateContext,
  fieldCandidates,
} from '../../../packages/sdk/src/engine/document/visual/field-candidates.ts';
import { findPrintedFields, type LabelledLine } from '../../../packages/sdk/src/engine/document/visual/printed-fields.ts';
import { dumpNow, judge, labelledLines, pageContext } from './candidate-table.ts';
import type { DumpedPage } from './dump-printed-pages.ts';
import { type Box, overlapX, overlapY } from './procedural-document.ts';

type Thresholds = Record<string, number>;
type Outcome = 'exact' | 'uncertain' | 'wrong' | 'missing';

/** One page made ready once: its lines, the rules' fields and the truth per field. */
interface Page {
  lines: LabelledLine[];
  ctx: CandidateContext;
  rules: ReturnType<typeof findPrintedFields>;
  truth: Map<string, string>;
  /** Where each printed field's value stands on the page (the generator's estimate). */
  truthBoxes: Map<string, Box>;
  readScore: (g: AssignedField) => number;
}

/** Lowest assign score a field may be accepted at before the search (the trainer's floor). */
const assignFloor = 0.2;
const readFloor = 0.05;

function loadPages(files: readonly string[], model: FieldAssignerModel, unknownWording = 0): Page[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((json) => {
        const dumped = JSON.parse(json) as DumpedPage;
        const lines = labelledLines(dumped, unknownWording);
        const ctx = pageContext(dumped);
        const truth = new Map<string, string>();
        for (const t of dumped.truth) if (t.truth !== null && !truth.has(t.field)) truth.set(t.field, t.truth);
        const truthBoxes = new Map<string, Box>();
        for (const t of dumped.truth) if (t.truth !== null && t.valueBox && !truthBoxes.has(t.field)) truthBoxes.set(t.field, t.valueBox);
        // The read score of an assigned value: its candidate is the one of its field, text and assign score.
        const all = fieldCandidates(lines, ctx);
        const scores = assignScores(model, all);
        const candidates = all.map((c, i) => ({ c, assign: scores[i]! }));
        const readScore = (g: AssignedField) => {
          const match = candidates.find(({ c, assign }) => c.field === g.field && c.value.text === g.text && assign === g.score);
          return match ? candidateScore(model.read, match.c.features) : 0;
        };
        return { lines, ctx, rules: findPrintedFields(lines, { dateOrder: ctx.dateOrder, now: dumpNow }), truth, truthBoxes, readScore };
      }),
  );
}

function withThresholds(model: FieldAssignerModel, assign: Thresholds, read: Thresholds): FieldAssignerModel {
  return { ...model, assign: { ...model.assign, thresholds: assign }, read: { ...model.read, thresholds: read } };
}

const everyField = (value: number): Thresholds => Object.fromEntries(assignableFields.map((f) => [f, value]));

/**
 * How many standard deviations above the observed share of bad values a budget is held at (`--margin`):
 * 0 holds the share itself; 1.28 holds the Wilson score bound a one-sided 90 % above it, so that
 * thresholds chosen on a few hundred pages keep their budget on pages they were not chosen on (chosen
 * at the share itself they let through 0.8–1.0 % misreads against 0.5 %: models/training/README.md).
 */
const marginZ = Number(filesAfter('--margin')[0] ?? 0);

/** Whether `bad` of `n` accepted values keep within `maxBad`, with the margin. */
function withinBudget(bad: number, n: number, maxBad: number): boolean {
  const share = bad / n;
  if (marginZ === 0) return share <= maxBad;
  const z2 = marginZ * marginZ;
  const upper = (share + z2 / (2 * n) + marginZ * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return upper <= maxBad;
}

/** The lowest score down to which the share of bad ones among those at or above it stays within maxBad (the trainer's rule). */
function lowestSafeScore(scored: ReadonlyArray<{ score: number; bad: boolean }>, maxBad: number, floor: number): number {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  let bad = 0;
  let safe: number | null = null;
  sorted.forEach((s, i) => {
    bad += +s.bad;
    if (withinBudget(bad, i + 1, maxBad)) safe = s.score;
  });
  return safe === null ? 0.999 : Math.round(Math.max(floor, safe) * 1e4) / 1e4;
}

/**
 * Thresholds that spend one budget of bad values where it buys the most good ones: each field's
 * chance of a bad value as a function of its score is fitted monotone (isotonic regression,
 * pool-adjacent-violators: the lower the score, the likelier a bad one), values of all fields are
 * accepted in order of that chance until the bad among them would pass `maxBad`, and each field's
 * threshold is its lowest accepted score. Per-field cuts instead (each field at `maxBad` alone) let
 * one misread at the top of a rare field's few values move its threshold to 0.996 — given names
 * were 3 % exact and 39 % uncertain — and one threshold for all ignores that the models' scores mean
 * other things per field (issue dates read right at 0.7, names not). Used for reading (bad: a
 * misread) and, with `--assign-one-budget`, for placing (bad: another field's text).
 */
function thresholdsOnOneBudget(values: ReadonlyArray<{ field: string; score: number; bad: boolean }>, maxBad: number, floor: number): Thresholds {
  const fitted = assignableFields.flatMap((field) => {
    const mine = values.filter((v) => v.field === field).sort((a, b) => b.score - a.score);
    const chances = nonDecreasingFit(mine.map((v) => +v.bad));
    return mine.map((v, i) => ({ ...v, chance: chances[i]! }));
  });
  fitted.sort((a, b) => a.chance - b.chance || b.score - a.score);
  let bad = 0;
  let cut = -1;
  fitted.forEach((v, i) => {
    bad += +v.bad;
    if (withinBudget(bad, i + 1, maxBad)) cut = i;
  });
  const lowest: Thresholds = {};
  for (const v of fitted.slice(0, cut + 1)) lowest[v.field] = Math.min(lowest[v.field] ?? 1, v.score);
  return Object.fromEntries(assignableFields.map((f) => [f, lowest[f] === undefined ? 0.999 : Math.floor(Math.max(floor, lowest[f]!) * 1e4) / 1e4]));
}

/**
 * The closest non-decreasing sequence to `ys` in squared error (isotonic regression by
 * pool-adjacent-violators): runs that would fall are pooled into their mean.
 */
function nonDecreasingFit(ys: readonly number[]): number[] {
  const blocks: Array<{ sum: number; n: number }> = [];
  for (const y of ys) {
    blocks.push({ sum: y, n: 1 });
    const mean = (b: { sum: number; n: number }) => b.sum / b.n;
    while (blocks.length > 1 && mean(blocks[blocks.length - 2]!) > mean(blocks[blocks.length - 1]!)) {
      const last = blocks.pop()!;
      blocks[blocks.length - 1]!.sum += last.sum;
      blocks[blocks.length - 1]!.n += last.n;
    }
  }
  return blocks.flatMap((b) => Array.from({ length: b.n }, () => b.sum / b.n));
}

/**
 * Per field, how an accepted value stands to the truth: exactly it, nearly (the right span misread),
 * or another; whether it lies over the field's printed value (`onItsBox`); and whether it was placed
 * right — nearly read, or (with `byBox`) taken from where the field's value is printed however badly
 * read, which is the reading thresholds' to doubt, not the placing ones'.
 */
function verdicts(pages: readonly Page[], model: FieldAssignerModel, byBox = false) {
  return pages.flatMap((page) =>
    assignFields(model, page.lines, page.ctx, page.rules, ruleConfirmation).map((g) => {
      const verdict = page.truth.has(g.field) ? judge(g.field, g, page.truth.get(g.field)!) : 'other';
      const box = page.truthBoxes.get(g.field);
      const onItsBox = box !== undefined && mostlyOver(g.box, box);
      return { g, page, verdict, onItsBox, placedRight: verdict !== 'other' || (byBox && onItsBox) };
    }),
  );
}

/** Whether half or more of the smaller of two boxes is their overlap. */
function mostlyOver(a: Box, b: Box): boolean {
  const w = overlapX(a, b);
  const h = overlapY(a, b);
  return w > 0 && h > 0 && w * h >= 0.5 * Math.min(a.width * a.height, b.width * b.height);
}

function choose(
  pages: readonly Page[],
  model: FieldAssignerModel,
  maxWrong: number,
  maxMisread: number,
  oneAssignBudget: boolean,
  byBox = false,
  keepAssign = false,
): { assign: Thresholds; read: Thresholds } {
  // With --keep-assign the placing thresholds stay the model's: only a new reading model's are chosen.
  const assign = keepAssign ? model.assign.thresholds : chooseAssign(pages, model, maxWrong, oneAssignBudget, byBox);
  // Read: decoded with those, the rightly placed values give the reading thresholds, all fields on
  // one budget of misreads (see thresholdsOnOneBudget).
  const placed = verdicts(pages, withThresholds(model, assign, everyField(0)), byBox).filter((v) => v.placedRight);
  const read = thresholdsOnOneBudget(
    placed.map((v) => ({ field: v.g.field, score: v.page.readScore(v.g), bad: v.verdict !== 'exact' })),
    maxMisread,
    readFloor,
  );
  return { assign, read };
}

function chooseAssign(pages: readonly Page[], model: FieldAssignerModel, maxWrong: number, oneAssignBudget: boolean, byBox: boolean): Thresholds {
  // Assign: decoded with every field at the floor, each field's winners give its threshold (another
  // field's text counts as bad); the rules' values the model confirms below the floor are not the
  // threshold's to decide.
  const open = verdicts(pages, withThresholds(model, everyField(assignFloor), everyField(0)), byBox);
  const winners = open.filter((v) => v.g.score >= assignFloor).map((v) => ({ field: v.g.field, score: v.g.score, bad: !v.placedRight }));
  if (byBox) {
    // How well the generator's boxes tell placement: read values should all lie on them.
    const read = open.filter((v) => v.verdict !== 'other');
    const other = open.filter((v) => v.verdict === 'other');
    const onBox = (vs: typeof open) => vs.filter((v) => v.onItsBox).length;
    console.log(
      `placed by box: ${onBox(read)} of ${read.length} values read (nearly) right lie on their field's box; ${onBox(other)} of ${other.length} others do`,
    );
  }
  return oneAssignBudget
    ? thresholdsOnOneBudget(winners, maxWrong, assignFloor)
    : Object.fromEntries(
        assignableFields.map((field) => [
          field,
          lowestSafeScore(
            winners.filter((v) => v.field === field),
            maxWrong,
            assignFloor,
          ),
        ]),
      );
}

/** Exact, uncertain, wrong and missing per printed field, as `pnpm eval printed` counts them. */
function report(name: string, pages: readonly Page[], model: FieldAssignerModel, showWrong = false): void {
  const tally = new Map<string, Record<Outcome, number>>();
  const add = (field: string, outcome: Outcome) => {
    for (const key of [field, 'all']) {
      const t = tally.get(key) ?? { exact: 0, uncertain: 0, wrong: 0, missing: 0 };
      tally.set(key, t);
      t[outcome]++;
    }
  };
  // Values given surely for a field the page does not print: wrong too, but no printed field's.
  let unprinted = 0;
  for (const page of pages) {
    const got = assignFields(model, page.lines, page.ctx, page.rules, ruleConfirmation);
    for (const [field, truth] of page.truth) {
      if (!(assignableFields as readonly string[]).includes(field)) continue;
      const g = got.find((x) => x.field === field);
      const outcome = !g ? 'missing' : g.uncertain ? 'uncertain' : judge(field as AssignableField, g, truth) === 'exact' ? 'exact' : 'wrong';
      if (outcome === 'wrong' && showWrong) console.log(`  wrong ${field}: ${JSON.stringify(g!.text)} for ${JSON.stringify(truth)}`);
      add(field, outcome);
    }
    for (const g of got) {
      if (page.truth.has(g.field) || g.uncertain) continue;
      unprinted++;
      if (showWrong) console.log(`  not printed ${g.field}: ${JSON.stringify(g.text)}`);
    }
  }
  console.log(
    `\n${name} (${pages.length} pages): field, printed, exact, uncertain, wrong, missing; ${unprinted} values surely given for a field the page does not print`,
  );
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  for (const [field, t] of tally) {
    const n = t.exact + t.uncertain + t.wrong + t.missing;
    console.log(
      `  ${field.padEnd(26)} ${String(n).padStart(5)}  exact ${pct(t.exact, n)}  uncertain ${pct(t.uncertain, n)}  wrong ${t.wrong} (${pct(t.wrong, n)})  missing ${pct(t.missing, n)}`,
    );
  }
}

/** The model module with new thresholds, its trees as they were. */
function writeThresholds(file: string, thresholds: { assign: Thresholds; read: Thresholds }, note: string): void {
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf('= {') + 2;
  const json = JSON.parse(source.slice(start, source.lastIndexOf(';'))) as FieldAssignerModel;
  const model = withThresholds(json, thresholds.assign, thresholds.read);
  const header = source.split('\n')[0]!.replace(/ Thresholds chosen .*$/, '');
  writeFileSync(
    file,
    `${header} ${note}\nimport type { FieldAssignerModel } from './field-assigner.ts';\n\nexport const fieldAssignerModel: FieldAssignerModel = ${JSON.stringify(model)};\n`,
  );
}

function filesAfter(flag: string): string[] {
  const args = process.argv.slice(2);
  const at = args.indexOf(flag);
  if (at < 0) return [];
  const end = args.findIndex((a, i) => i > at && a.startsWith('--'));
  return args.slice(at + 1, end < 0 ? undefined : end);
}

function main(): void {
  const calibrate = filesAfter('--calibrate');
  if (!calibrate.length)
    throw new Error(
      'usage: calibrate-field-assigner.ts --calibrate <pages.jsonl>… [--check <pages.jsonl>…] [--check-unknown-wording <share>] [--max-wrong 0.005] [--assign-one-budget] [--place-by-box] [--keep-assign] [--max-misread 0.005] [--margin 1.28] [--write] [--show-wrong]',
    );
  const maxWrong = Number(filesAfter('--max-wrong')[0] ?? 0.005);
  // The misread budget of all fields together; the share of another field's text, per field (of all
  // fields with --assign-one-budget).
  const maxMisread = Number(filesAfter('--max-misread')[0] ?? maxWrong);
  const pages = loadPages(calibrate, fieldAssignerModel);
  const oneAssignBudget = process.argv.includes('--assign-one-budget');
  const keepAssign = process.argv.includes('--keep-assign');
  const thresholds = choose(pages, fieldAssignerModel, maxWrong, maxMisread, oneAssignBudget, process.argv.includes('--place-by-box'), keepAssign);
  console.log('thresholds', JSON.stringify(thresholds));
  const chosen = withThresholds(fieldAssignerModel, thresholds.assign, thresholds.read);
  report('shipped thresholds, calibration pages', pages, fieldAssignerModel);
  report('chosen thresholds, calibration pages (optimistic: chosen on them)', pages, chosen);
  const check = filesAfter('--check');
  if (check.length) {
    const held = loadPages(check, fieldAssignerModel);
    report('shipped thresholds, check pages', held, fieldAssignerModel);
    report('chosen thresholds, check pages', held, chosen, process.argv.includes('--show-wrong'));
    // The same pages with a share of their labels reworded (candidate-table.ts, withUnknownWording): wording the dictionary does not hold.
    const reworded = Number(filesAfter('--check-unknown-wording')[0] ?? 0);
    if (reworded > 0) {
      const unknown = loadPages(check, fieldAssignerModel, reworded);
      report(`shipped thresholds, check pages, ${reworded * 100} % of labels reworded`, unknown, fieldAssignerModel);
      report(`chosen thresholds, check pages, ${reworded * 100} % of labels reworded`, unknown, chosen);
    }
  }
  if (process.argv.includes('--write')) {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/sdk/src/engine/document/visual/field-assigner-model.ts');
    writeThresholds(
      file,
      thresholds,
      keepAssign
        ? `Reading thresholds chosen by test/support/procedural/calibrate-field-assigner.ts on ${pages.length} other generated documents: ${maxMisread * 100} % of all values misread; placing thresholds kept.`
        : `Thresholds chosen by test/support/procedural/calibrate-field-assigner.ts on ${pages.length} other generated documents: at most ${maxWrong * 100} % of ${oneAssignBudget ? 'all' : "a field's"} values another field's text, ${maxMisread * 100} % of all values misread.`,
    );
    console.log(`\nwrote ${file}`);
  }
}

main();
