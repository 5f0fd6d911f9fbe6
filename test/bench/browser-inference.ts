import { cp, rm } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { addOnnxruntimeWeb, openPage, startPageServer } from '../browser/support/browser-harness.ts';
import { table } from '../support/report.ts';
import { median } from './bench-context.ts';
import { compareModelRuns, type ModelRunsComparison } from './browser-models/model-runs.ts';

const runtimes = ['convnet', 'onnxruntime-web'] as const;
type Runtime = (typeof runtimes)[number];

/** One runtime on one page: loading, the first document, then warm reads of each image. */
interface RuntimeVisit {
  info: { ocr: { inference: string; backend: string; threads: number } | null };
  readyMs: number;
  firstDocumentMs: number;
  warm: Record<string, number[]>;
}

export interface InferenceComparison {
  runtimes: Record<Runtime, { firstVisit: RuntimeVisit; revisit: RuntimeVisit }>;
  models: Pick<ModelRunsComparison, 'medians' | 'ratios'>;
  markdown: string[];
}

/**
 * The two inference runtimes of the browser worker in one run, on a cross-origin isolated page
 * (COOP/COEP, so onnxruntime-web runs its threads): per runtime a first visit of an origin of its own
 * (everything downloaded from loopback) and a revisit (the wasm and models from Cache Storage) —
 * createRecognizer with OCR preloaded → ready → the first document — then `warmRuns` warm reads of
 * each image, each runtime on as many threads as `info()` says; then each model's warm runs on both
 * runtimes at one thread and at that many (`compareModelRuns`).
 */
export async function compareInferenceRuntimes(
  context: BrowserContext,
  bundleDir: string,
  fixtures: Map<string, Buffer>,
  images: { document: string; others: string[] },
  warmRuns: number,
): Promise<InferenceComparison> {
  // A copy of the bundle that also serves onnxruntime-web's wasm build (the app's `--onnxruntime-web`).
  const dir = `${bundleDir}-with-onnxruntime-web`;
  await cp(bundleDir, dir, { recursive: true });
  await addOnnxruntimeWeb(dir);
  try {
    const results = {} as InferenceComparison['runtimes'];
    let models: ModelRunsComparison | null = null;
    for (const runtime of runtimes) {
      // An origin (port) of its own per runtime: its own Cache Storage, so the first visit downloads.
      const server = await startPageServer({ bundleDir: dir, fixtures, headers: isolationHeaders });
      try {
        const firstVisit = await visit(context, server.url, runtime, images, warmRuns);
        const revisit = await visit(context, server.url, runtime, images, warmRuns);
        results[runtime] = { firstVisit, revisit };
        // Once, on the last origin (both runtimes' files are served by each).
        if (runtime === runtimes.at(-1)) models = await compareModelRuns(context, dir, server.url, modelThreads(revisit), modelRounds);
      } finally {
        await server.close();
      }
    }
    return {
      runtimes: results,
      models: { medians: models!.medians, ratios: models!.ratios },
      markdown: [...report(results, images, warmRuns), '', ...models!.markdown],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rounds of the per-model runs: their ratios wander by ±10 % on a shared machine, so more than the warm reads. */
const modelRounds = 11;

/** One thread, and as many as the page's recognizer ran (2 on a 2-core machine). */
const modelThreads = (visit: RuntimeVisit) => [...new Set([1, visit.info.ocr?.threads ?? 1])];

const isolationHeaders = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

async function visit(
  context: BrowserContext,
  url: string,
  inference: Runtime,
  images: { document: string; others: string[] },
  warmRuns: number,
): Promise<RuntimeVisit> {
  const page = await openPage(context, url);
  try {
    return (await page.evaluate(
      async ({ inference, images, warmRuns }) => {
        const { createRecognizer } = (window as any).idlens;
        const blob = async (name: string) => (await fetch(`/fixtures/${encodeURIComponent(name)}`)).blob();
        const read = async (r: any, name: string) =>
          /card/i.test(name) ? r.card({ cardNumberSide: await blob(name) }) : r.document({ first: await blob(name) });
        const t0 = performance.now();
        const r = createRecognizer({ inference, preload: ['ocr'] });
        await r.ready;
        const readyMs = performance.now() - t0;
        const t1 = performance.now();
        await read(r, images.document);
        const firstDocumentMs = performance.now() - t1;
        const warm: Record<string, number[]> = {};
        for (const name of [images.document, ...images.others]) {
          await read(r, name); // a kind's first call is not a warm one
          warm[name] = [];
          for (let i = 0; i < warmRuns; i++) {
            const s = performance.now();
            await read(r, name);
            warm[name].push(performance.now() - s);
          }
        }
        const info = await r.info();
        r.terminate();
        return { info, readyMs, firstDocumentMs, warm };
      },
      { inference, images, warmRuns },
    )) as RuntimeVisit;
  } finally {
    await page.close();
  }
}

function report(results: InferenceComparison['runtimes'], images: { document: string; others: string[] }, warmRuns: number): string[] {
  const names = [images.document, ...images.others];
  const ran = (r: Runtime) => {
    const ocr = results[r].revisit.info.ocr;
    return ocr ? `${ocr.inference} (${ocr.backend}, ${ocr.threads} thread${ocr.threads === 1 ? '' : 's'})` : r;
  };
  const rows = runtimes.map((r) => {
    const { firstVisit, revisit } = results[r];
    return [
      ran(r),
      `${firstVisit.readyMs.toFixed(0)} + ${firstVisit.firstDocumentMs.toFixed(0)}`,
      `${revisit.readyMs.toFixed(0)} + ${revisit.firstDocumentMs.toFixed(0)}`,
      ...names.map((n) => median(revisit.warm[n]!).toFixed(0)),
    ];
  });
  const ratio = names.map((n) => (median(results.convnet.revisit.warm[n]!) / median(results['onnxruntime-web'].revisit.warm[n]!)).toFixed(2));
  return [
    `Inference runtimes, same run, cross-origin isolated page: first visit and revisit are ready + first document (ms, OCR preloaded); warm: median of ${warmRuns} reads on the revisit (ms).`,
    '',
    ...table(
      ['runtime', 'first visit', 'revisit (Cache Storage)', ...names.map((n) => `warm ${n}`)],
      [...rows, ['convnet / onnxruntime-web', '', '', ...ratio]],
    ),
  ];
}
