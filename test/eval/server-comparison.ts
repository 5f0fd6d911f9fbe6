import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { cardEval } from './cards.ts';
import type { EvalContext } from './eval-context.ts';
import { readZones, summarise, type MrzEntry } from './mrz.ts';
import { photoTransformFamilies, type PhotoVariant } from './photo-variants.ts';
import { printedFieldsEval } from './printed-fields.ts';

/** One value of the compared setting: it labels its column; `about` says what it selects. */
export interface ComparedValue {
  value: string;
  about: string;
}

/** The parts measured: MRZ documents per photo family, payment cards, printed fields. */
export type ComparisonPart = 'mrz' | 'cards' | 'printed';

/** Parts named in an environment variable (`mrz,cards`), all of them when it is unset. */
export function partsFrom(variable: string | undefined): Set<ComparisonPart> {
  return new Set((variable ?? 'mrz,cards,printed').split(',').map((p) => p.trim()) as ComparisonPart[]);
}

interface Tally {
  correct: number;
  accents: number;
  wrong: number;
  missing: number;
}

/** What one server achieves: MRZ per photo family, card figures, printed fields, and the run's wall time. */
async function measure(ctx: EvalContext, entries: MrzEntry[], parts: Set<ComparisonPart>) {
  const started = performance.now();
  const out: {
    mrz: Array<{ name: string; exact: number; wrongButValid: number; validWithoutMrz: number; documents: number }>;
    cards?: any;
    printed?: any;
    seconds?: number;
  } = {
    mrz: [],
  };
  if (parts.has('mrz')) {
    const variants: Array<{ name: string; variant?: PhotoVariant }> = [
      { name: 'corpus as is' },
      ...photoTransformFamilies.flatMap((f) => f.variants.map((variant) => ({ name: f.family, variant }))),
    ];
    for (const { name, variant } of variants) {
      const s = summarise(name, await readZones(ctx, entries, variant));
      out.mrz.push({ name, exact: s.exact, wrongButValid: s.wrongButValid, validWithoutMrz: s.validWithoutMrz, documents: s.documents });
    }
  }
  if (parts.has('cards')) out.cards = (await cardEval(ctx)).metrics;
  if (parts.has('printed')) out.printed = (await printedFieldsEval(ctx)).metrics;
  out.seconds = Math.round((performance.now() - started) / 1000);
  return out;
}

const sumTally = (tallies: Record<string, Tally>) =>
  Object.values(tallies).reduce(
    (a, t) => ({ correct: a.correct + t.correct, accents: a.accents + t.accents, wrong: a.wrong + t.wrong, missing: a.missing + t.missing }),
    { correct: 0, accents: 0, wrong: 0, missing: 0 },
  );

/**
 * The same requests to two servers that differ only in one setting (one model swapped for another),
 * one after the other in one run, both with the int8-stored weights browsers download: MRZ documents
 * on the corpus and every photo-transform family, payment cards (corpus, its variants, generated
 * cards, cards in held-out typefaces), printed fields (licence fronts, the corpus's templates).
 */
export async function compareServers(
  shared: EvalContext,
  options: { suite: string; setting: string; values: readonly [ComparedValue, ComparedValue]; parts: Set<ComparisonPart> },
): Promise<SuiteReport> {
  const { setting, values, parts } = options;
  const entries = JSON.parse(await readFile(path.join(shared.corpusDir, 'mrz', 'manifest.json'), 'utf8')) as MrzEntry[];
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const { value } of values) {
    const { server, ctx } = await startLoopbackServer({ [setting]: value, RECOGNITION_MODEL_WEIGHTS: 'int8' });
    try {
      results[value] = await measure(ctx, entries, parts);
    } finally {
      await server.close();
    }
  }
  const [a, b] = values.map((v) => results[v.value]!) as [Awaited<ReturnType<typeof measure>>, Awaited<ReturnType<typeof measure>>];
  const [la, lb] = values.map((v) => v.value);
  const intro =
    `Two servers, the same requests: \`${setting}=${la}\` (${values[0].about}) and \`${lb}\` (${values[1].about}), ` +
    'both with the int8-stored weights browsers download.';
  const markdown: string[] = [intro, '', `Wall time of the measured parts: ${la} ${a.seconds} s, ${lb} ${b.seconds} s.`];
  if (parts.has('mrz')) {
    markdown.push(
      '',
      '### MRZ documents (exact zone)',
      '',
      ...table(
        ['photos', `${la} exact`, `${lb} exact`, `${la} wrong-but-VALID`, `${lb} wrong-but-VALID`, `${la} / ${lb} VALID from print alone`],
        a.mrz.map((row, i) => [
          row.name,
          `${row.exact}/${row.documents}`,
          `${b.mrz[i]!.exact}/${b.mrz[i]!.documents}`,
          row.wrongButValid,
          b.mrz[i]!.wrongButValid,
          `${row.validWithoutMrz} / ${b.mrz[i]!.validWithoutMrz}`,
        ]),
      ),
      '',
      'wrong-but-VALID: VALID and not exact, unless VALID from print alone. VALID from print alone: the MRZ not read, the document VALID from its printed ' +
        'fields (docs/documents.md) with surname, birth date and number right and no value wrong (dates compared as dates).',
    );
  }
  if (parts.has('cards')) {
    const sum = (items: Array<{ exact: number; total: number }>) => `${items.reduce((n, r) => n + r.exact, 0)}/${items.reduce((n, r) => n + r.total, 0)}`;
    const row = (label: string, pick: (c: any) => string | number) => [label, pick(a.cards), pick(b.cards)];
    markdown.push(
      '',
      '### Payment cards',
      '',
      ...table(
        ['measure', la!, lb!],
        [
          row('corpus numbers exact', (c) => c.numberExact),
          row('corpus expiry right', (c) => c.expiryRight),
          row('corpus names right', (c) => c.nameRight),
          row('corpus variants: numbers exact', (c) => sum(c.robustness)),
          row('generated cards: numbers exact', (c) => sum(c.rendered)),
          row('held-out typefaces: numbers', (c) => `${c.unseen.number}/${c.unseen.total}`),
          row('held-out typefaces: expiry', (c) => `${c.unseen.expiry}/${c.unseen.total}`),
          row('held-out typefaces: names', (c) => `${c.unseen.name}/${c.unseen.total}`),
          row('held-out typefaces: wrong numbers / expiry / names', (c) => `${c.unseen.numberWrong} / ${c.unseen.expiryWrong} / ${c.unseen.nameWrong}`),
          row('corpus wrong but Luhn-valid', (c) => c.wrongButLuhnValid),
        ],
      ),
    );
  }
  if (parts.has('printed')) {
    const fields = (p: any, key: 'licenceFronts' | 'templates') => sumTally(p[key].fields);
    const cell = (t: Tally) => `${t.correct} correct, ${t.accents} accents lost, ${t.wrong} wrong, ${t.missing} missing`;
    markdown.push(
      '',
      '### Printed fields',
      '',
      ...table(
        ['documents', la!, lb!],
        [
          ['licence fronts (72 photos)', cell(fields(a.printed, 'licenceFronts')), cell(fields(b.printed, 'licenceFronts'))],
          ['corpus templates (90 photos)', cell(fields(a.printed, 'templates')), cell(fields(b.printed, 'templates'))],
          ['licence fronts VALID', a.printed.licenceFronts.valid, b.printed.licenceFronts.valid],
          ['median ms per side', a.printed.medianMsPerSide, b.printed.medianMsPerSide],
        ],
      ),
    );
  }
  return { suite: options.suite, metrics: results, markdown };
}
