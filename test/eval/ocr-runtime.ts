import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { table, type SuiteReport } from '../support/report.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';
import { comparisonTables, measureMrzAndCards, sum } from './model-weights.ts';
import type { MrzEntry } from './mrz.ts';
import { printedFieldsEval } from './printed-fields.ts';

type FieldTally = Record<string, { correct: number; accents: number; wrong: number; missing: number }>;
interface PrintedFigures {
  licenceFronts: { fields: FieldTally };
  templates: { fields: FieldTally };
  medianMsPerSide: number;
}

const totals = (tally: FieldTally) => ({
  correct: sum(Object.values(tally), (t) => t.correct),
  wrong: sum(Object.values(tally), (t) => t.wrong),
  missing: sum(Object.values(tally), (t) => t.missing),
});

/** Everything measured through one server with these settings, on a server of its own. */
async function measureOn(env: Record<string, string>, entries: MrzEntry[]) {
  const { server, ctx } = await startLoopbackServer(env);
  try {
    const { mrz, cards } = await measureMrzAndCards(ctx as EvalContext, entries);
    const printed = (await printedFieldsEval(ctx as EvalContext)).metrics as unknown as PrintedFigures;
    return { mrz, cards, printed };
  } finally {
    await server.close();
  }
}

/**
 * The OCR runtimes, in one run on two servers with the int8 model files browsers download: onnxruntime
 * (what browsers ran until 2026-11-29, as onnxruntime-web) against the SDK's own convnet runtime
 * (`RECOGNITION_OCR_RUNTIME=convnet`, what browsers run now). The two sum floats in different orders
 * (outputs agree to ~1e-5, convnet-runtime.test.ts); this is what that does to the reads: MRZ
 * documents on the corpus and every transform family, payment cards, printed fields.
 */
export const ocrRuntimeEval: EvalSuite = async (ctx): Promise<SuiteReport> => {
  const entries = JSON.parse(await readFile(path.join(ctx.corpusDir, 'mrz', 'manifest.json'), 'utf8')) as MrzEntry[];
  const reference = await measureOn({ RECOGNITION_MODEL_WEIGHTS: 'int8', RECOGNITION_OCR_RUNTIME: 'onnxruntime' }, entries);
  const convnet = await measureOn({ RECOGNITION_MODEL_WEIGHTS: 'int8', RECOGNITION_OCR_RUNTIME: 'convnet' }, entries);
  const printedRow = (label: string, pick: (p: PrintedFigures) => FieldTally) => {
    const [o, c] = [pick(reference.printed), pick(convnet.printed)].map(totals);
    return [label, `${o!.correct} / ${o!.wrong} / ${o!.missing}`, `${c!.correct} / ${c!.wrong} / ${c!.missing}`];
  };
  return {
    suite: 'OCR runtime: onnxruntime vs the SDK convnet runtime (int8 weights)',
    metrics: { onnxruntime: reference, convnet },
    markdown: [
      "Same engine, same requests, two servers with `RECOGNITION_MODEL_WEIGHTS=int8`: `RECOGNITION_OCR_RUNTIME=onnxruntime` (onnxruntime-node, as browsers ran onnxruntime-web until 2026-11-29) and `convnet` (the SDK's own runtime, what browsers run now; one thread, so its times are not the server's).",
      '',
      ...comparisonTables(reference, convnet, ['onnxruntime', 'convnet']),
      '',
      '### Printed fields (correct / wrong / missing)',
      '',
      ...table(
        ['documents', 'onnxruntime', 'convnet'],
        [
          printedRow('licence fronts', (p) => p.licenceFronts.fields),
          printedRow('corpus templates, all transform families', (p) => p.templates.fields),
          ['median ms per side', reference.printed.medianMsPerSide, convnet.printed.medianMsPerSide],
        ],
      ),
    ],
  };
};
