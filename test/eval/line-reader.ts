import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { cardEval } from './cards.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { readZones, summarise, type MrzEntry } from './mrz.ts';
import { photoTransformFamilies, type PhotoVariant } from './photo-variants.ts';
import { printedFieldsEval } from './printed-fields.ts';

/** The two recognizers of printed lines compared (`RECOGNITION_LINE_READER`). */
const readers = ['general', 'latin'] as const;
type Reader = (typeof readers)[number];

/** Parts measured (`EVAL_LINE_READER_PARTS=mrz,cards` for some; all by default). */
const parts = new Set((process.env.EVAL_LINE_READER_PARTS ?? 'mrz,cards,printed').split(',').map((p) => p.trim()));

interface Tally {
  correct: number;
  accents: number;
  wrong: number;
  missing: number;
}

/** What one reader achieves: MRZ per photo family, card figures, printed fields. */
async function measure(ctx: EvalContext, entries: MrzEntry[]) {
  const out: { mrz: Array<{ name: string; exact: number; wrongButValid: number; validWithoutMrz: number; documents: number }>; cards?: any; printed?: any } = {
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
  return out;
}

const sumTally = (tallies: Record<string, Tally>) =>
  Object.values(tallies).reduce(
    (a, t) => ({ correct: a.correct + t.correct, accents: a.accents + t.accents, wrong: a.wrong + t.wrong, missing: a.missing + t.missing }),
    {
      correct: 0,
      accents: 0,
      wrong: 0,
      missing: 0,
    },
  );

/**
 * The project's Latin recognizer (`latin-rec`, trained on synthetic lines: models/training) against
 * the general PP-OCRv4 recognizer it replaces, in one run on two servers that differ only in
 * `RECOGNITION_LINE_READER` (both with the int8-stored weights browsers download): MRZ documents on
 * the corpus and every photo-transform family (the general reader is the MRZ model's second
 * opinion), payment cards (corpus, its variants, generated cards, cards in held-out typefaces),
 * printed fields (licence fronts, the corpus's templates).
 */
export const lineReaderEval: EvalSuite = async (shared): Promise<SuiteReport> => {
  const entries = JSON.parse(await readFile(path.join(shared.corpusDir, 'mrz', 'manifest.json'), 'utf8')) as MrzEntry[];
  const results = {} as Record<Reader, Awaited<ReturnType<typeof measure>>>;
  for (const reader of readers) {
    const { server, ctx } = await startLoopbackServer({ RECOGNITION_LINE_READER: reader, RECOGNITION_MODEL_WEIGHTS: 'int8' });
    try {
      results[reader] = await measure(ctx, entries);
    } finally {
      await server.close();
    }
  }
  const [g, l] = [results.general, results.latin];
  const markdown: string[] = [
    'Two servers, the same requests: `RECOGNITION_LINE_READER=general` (PP-OCRv4, trained on Chinese text, 2.8 MB int8) and `latin` (the project’s `latin-rec`, 1.6 MB int8), both with the int8-stored weights browsers download.',
  ];
  if (parts.has('mrz')) {
    markdown.push(
      '',
      '### MRZ documents (exact zone; the line reader is the MRZ model’s second opinion)',
      '',
      ...table(
        ['photos', 'general exact', 'latin exact', 'general wrong-but-VALID', 'latin wrong-but-VALID', 'general / latin VALID from print alone'],
        g.mrz.map((row, i) => [
          row.name,
          `${row.exact}/${row.documents}`,
          `${l.mrz[i]!.exact}/${l.mrz[i]!.documents}`,
          row.wrongButValid,
          l.mrz[i]!.wrongButValid,
          `${row.validWithoutMrz} / ${l.mrz[i]!.validWithoutMrz}`,
        ]),
      ),
      '',
      'wrong-but-VALID: VALID and not exact, unless VALID from print alone. VALID from print alone: the MRZ not read, the document VALID from its printed ' +
        'fields (docs/documents.md) with surname, birth date and number right and no value wrong (dates compared as dates).',
    );
  }
  if (parts.has('cards')) {
    const sum = (items: Array<{ exact: number; total: number }>) => `${items.reduce((n, r) => n + r.exact, 0)}/${items.reduce((n, r) => n + r.total, 0)}`;
    const row = (label: string, pick: (c: any) => string | number) => [label, pick(g.cards), pick(l.cards)];
    markdown.push(
      '',
      '### Payment cards',
      '',
      ...table(
        ['measure', 'general', 'latin'],
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
        ['documents', 'general', 'latin'],
        [
          ['licence fronts (72 photos)', cell(fields(g.printed, 'licenceFronts')), cell(fields(l.printed, 'licenceFronts'))],
          ['corpus templates (90 photos)', cell(fields(g.printed, 'templates')), cell(fields(l.printed, 'templates'))],
          ['licence fronts VALID', g.printed.licenceFronts.valid, l.printed.licenceFronts.valid],
          ['median ms per side', g.printed.medianMsPerSide, l.printed.medianMsPerSide],
        ],
      ),
    );
  }
  return { suite: 'line reader: latin-rec vs PP-OCR general', metrics: results, markdown };
};
