/**
 * `tsx test/support/procedural/compare-assigners.ts [--unknown-wording <share>] [--model <module>] <pages.jsonl>…`: the
 * printed fields of dumped pages (dump-printed-pages.ts) as the label rules, the learned assigner and
 * the two combined (`combinePrintedFields`) find them, judged against the truth: exact, uncertain,
 * wrong, missing — counts and shares —, and undoubted values for fields the page does not print
 * (`unprinted`). `combined engine` is what the engine returns; `--unknown-wording` rewords that share
 * of each page's labels first (`labelledLines`, as `candidate-table.ts`). No OCR: the dumped lines are
 * what the engine read. With `--paired` and two dumps of the same seeds (a change and its baseline,
 * each read by its own engine), it also gives the change's gain in exact % − 3 × wrong % of the
 * engine's values page for page, with a 90 % bootstrap interval over the pages: whether a gain on one
 * check set is more than which pages happened to be drawn. Two models on the same reading: one dump
 * given twice, `--base-model <module>` scoring the first and `--model <module>` the second (modules
 * as train_field_assigner.py writes them; `--model` alone scores both, neither the engine's model).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assignFields, type FieldAssignerModel, ruleConfirmation } from '../../../packages/sdk/src/engine/document/visual/field-assigner.ts';
import { fieldAssignerModel } from '../../../packages/sdk/src/engine/document/visual/field-assigner-model.ts';
import { assignableFields } from '../../../packages/sdk/src/engine/document/visual/field-candidates.ts';
import { findPrintedFields } from '../../../packages/sdk/src/engine/document/visual/printed-fields.ts';
import { seededRandom } from '../seeded-random.ts';
import { dumpNow, judge, labelledLines, pageContext } from './candidate-table.ts';
import type { DumpedPage } from './dump-printed-pages.ts';

/** The rules' values confirmed at these assign scores (`ruleConfirmation` is the engine's). */
const confirmations = [
  ['engine', ruleConfirmation],
  ['all 0.2', { default: 0.2 }],
  ['all 0.5', { default: 0.5 }],
] as const;

type Outcome = 'exact' | 'uncertain' | 'wrong' | 'missing' | 'unprinted';
const tallies = new Map<string, Record<Outcome, number>>();
const tally = (name: string, outcome: Outcome) => {
  const t = tallies.get(name) ?? { exact: 0, uncertain: 0, wrong: 0, missing: 0, unprinted: 0 };
  tallies.set(name, t);
  t[outcome]++;
};

const args = process.argv.slice(2);
/** `--model <module>` scores with another model module's trees; `--base-model <module>`, the baseline's with --paired. */
const optionsWithValue = ['--unknown-wording', '--model', '--base-model'];
const optionValue = (option: string) => (args.includes(option) ? args[args.indexOf(option) + 1] : undefined);
const unknownWording = Number(optionValue('--unknown-wording') ?? 0);
if (!(unknownWording >= 0 && unknownWording <= 1)) throw new Error('--unknown-wording takes a share from 0 to 1');
const paired = args.includes('--paired');
const files = args.filter((a, i) => a !== '--paired' && !optionsWithValue.includes(a) && !optionsWithValue.includes(args[i - 1] ?? ''));
if (paired && files.length !== 2) throw new Error('--paired compares two dumps of the same seeds: give the baseline, then the change');
const loadModel = async (module: string | undefined): Promise<FieldAssignerModel> =>
  module ? ((await import(pathToFileURL(path.resolve(module)).href)) as { fieldAssignerModel: FieldAssignerModel }).fieldAssignerModel : fieldAssignerModel;
const changeModel = await loadModel(optionValue('--model'));
const baseModel = paired ? await loadModel(optionValue('--base-model') ?? optionValue('--model')) : changeModel;
/** A page's exact and wrong values as the engine decodes it, and its printed fields judged. */
type PageOutcome = { exact: number; wrong: number; fields: number };
/** Per file, per page (its layout), its outcome. */
const pageOutcomes = files.map(() => new Map<string, PageOutcome>());

for (const [fileIndex, file] of files.entries()) {
  const model = paired && fileIndex === 0 ? baseModel : changeModel;
  for (const json of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const page = JSON.parse(json) as DumpedPage;
    const outcomes: PageOutcome = { exact: 0, wrong: 0, fields: 0 };
    pageOutcomes[fileIndex]!.set(page.layout, outcomes);
    const lines = labelledLines(page, unknownWording);
    const ctx = pageContext(page);
    const rules = findPrintedFields(lines, { dateOrder: ctx.dateOrder, now: dumpNow });
    const asFound = (fields: ReturnType<typeof assignFields>) => ({ fields, invalidCharacterFields: fields.filter((f) => f.uncertain).map((f) => f.field) });
    const learned = asFound(assignFields(model, lines, ctx));
    const combined = Object.fromEntries(confirmations.map(([name, at]) => [`combined ${name}`, asFound(assignFields(model, lines, ctx, rules, at))]));
    const truthOf = new Map<string, string>();
    for (const t of page.truth) if (t.truth !== null && !truthOf.has(t.field)) truthOf.set(t.field, t.truth);
    const printed = new Set(page.truth.map((t) => t.field));
    const assigners = Object.entries({ rules, learned, ...combined });
    for (const field of assignableFields) {
      const truth = truthOf.get(field);
      if (!printed.has(field)) {
        for (const [name, found] of assigners) {
          const doubted = (found.invalidCharacterFields as readonly string[]).includes(field);
          if (found.fields.some((f) => f.field === field) && !doubted) tally(name, 'unprinted');
        }
        continue;
      }
      if (truth === undefined) continue;
      for (const [name, found] of assigners) {
        const got = found.fields.find((f) => f.field === field);
        const doubted = (found.invalidCharacterFields as readonly string[]).includes(field);
        const verdict = got ? judge(field, got, truth) : null;
        const outcome = !got ? 'missing' : doubted ? 'uncertain' : verdict === 'exact' ? 'exact' : 'wrong';
        tally(name, outcome);
        tally(`${name} ${field}`, outcome);
        if (name === 'combined engine') {
          outcomes.fields++;
          if (outcome === 'exact' || outcome === 'wrong') outcomes[outcome]++;
        }
      }
    }
  }
}
const pct = (n: number, of: number) => `${n} (${((100 * n) / of).toFixed(1)} %)`;
for (const [name, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  const n = t.exact + t.uncertain + t.wrong + t.missing;
  if (n === 0) continue;
  console.log(
    `${name.padEnd(36)} ${String(n).padStart(5)}  exact ${pct(t.exact, n)}  uncertain ${pct(t.uncertain, n)}  wrong ${pct(t.wrong, n)}  missing ${pct(t.missing, n)}  unprinted ${t.unprinted}`,
  );
}

if (paired) pairedGain(pageOutcomes[0]!, pageOutcomes[1]!);

/** The second dump's gain over the first in exact % − 3 × wrong %, page for page, with a 90 % bootstrap interval. */
function pairedGain(baseline: ReadonlyMap<string, PageOutcome>, change: ReadonlyMap<string, PageOutcome>): void {
  const pages = [...baseline.keys()].filter((layout) => change.has(layout));
  if (pages.length === 0) throw new Error('--paired: the two dumps share no page');
  const score = (o: PageOutcome) => o.exact - 3 * o.wrong;
  const gains = pages.map((p) => ({ gain: score(change.get(p)!) - score(baseline.get(p)!), fields: baseline.get(p)!.fields }));
  const sum = (sample: ReadonlyArray<{ gain: number; fields: number }>, key: 'gain' | 'fields') => sample.reduce((s, g) => s + g[key], 0);
  const percent = (sample: ReadonlyArray<{ gain: number; fields: number }>) => (100 * sum(sample, 'gain')) / Math.max(1, sum(sample, 'fields'));
  const random = seededRandom(1);
  const draws = 2000;
  const resampled = Array.from({ length: draws }, () => percent(pages.map(() => gains[Math.floor(random() * gains.length)]!))).sort((a, b) => a - b);
  // The 5th and 95th percentiles of the resampled gains: a 90 % interval.
  const [low, high] = [resampled[Math.floor(0.05 * draws)]!, resampled[Math.ceil(0.95 * draws) - 1]!];
  const changed = gains.filter((g) => g.gain !== 0).length;
  // Each side's own figures: with --paired the tallies above hold both.
  for (const [name, outcomes] of [
    ['baseline', baseline],
    ['change', change],
  ] as const) {
    const total = pages.map((p) => outcomes.get(p)!).reduce((t, o) => ({ exact: t.exact + o.exact, wrong: t.wrong + o.wrong, fields: t.fields + o.fields }));
    console.log(`paired ${name}: exact ${pct(total.exact, total.fields)}  wrong ${pct(total.wrong, total.fields)} of ${total.fields}`);
  }
  console.log(
    `paired, ${pages.length} pages (${changed} changed): exact % − 3 × wrong % ${percent(gains) >= 0 ? '+' : ''}${percent(gains).toFixed(2)}, 90 % interval ${low.toFixed(2)} to ${high.toFixed(2)}`,
  );
}
