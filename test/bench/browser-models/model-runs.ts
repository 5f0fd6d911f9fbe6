import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { browserModels } from '@idlens/models';
import { openPage } from '../../browser/support/browser-harness.ts';
import { table } from '../../support/report.ts';
import { median } from '../bench-context.ts';
import type { ModelRunsAnswer, ModelRunsRequest } from './model-runs-worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each model's input at the size the engine gives it (create-ocr-engine.ts, `runOnBlanks`): the
 * detectors on a straightened passport page (`documentPageDetection`, 1024 px) and on a 1080p frame
 * (960 px), the line readers on a batch of lines, the face detector on its one shape.
 */
const modelInputs: Record<string, number[][]> = {
  'text-det': [
    [1, 3, 736, 1024],
    [1, 3, 544, 960],
  ],
  'ppocr-det': [[1, 3, 544, 960]],
  'mrz-rec': [[2, 1, 32, 1024]],
  'latin-rec': [[8, 1, 32, 480]],
  'face-detector': [[1, 3, 256, 256]],
};

export interface ModelRunsComparison {
  /** runtime → threads → model case → median warm ms. */
  medians: Record<string, Record<number, Record<string, number>>>;
  markdown: string[];
}

/**
 * Warm runs of every model the browser loads, on both runtimes at each thread count, in a module
 * worker of the page (`model-runs-worker.ts`, built into the bundle's `bench/`): per model the
 * median of `runs`, the convnet runtime against onnxruntime-web on the same number of threads.
 */
export async function compareModelRuns(
  context: BrowserContext,
  bundleDir: string,
  url: string,
  threadCounts: number[],
  runs: number,
): Promise<ModelRunsComparison> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: path.join(bundleDir, 'bench'),
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      rollupOptions: { input: { 'model-runs': path.join(here, 'model-runs-worker.ts') }, output: { format: 'es', entryFileNames: '[name].js' } },
    },
  });
  const cases = browserModels().flatMap((entry) =>
    (modelInputs[entry.name] ?? []).map((dims) => ({ name: `${entry.name} ${dims.join('×')}`, file: entry.file, dims })),
  );
  const medians: ModelRunsComparison['medians'] = {};
  for (const runtime of ['convnet', 'onnxruntime-web'] as const) {
    medians[runtime] = {};
    for (const threads of threadCounts) {
      const request: ModelRunsRequest = { runtime, threads, base: `${url}/sdk/`, models: cases, runs };
      const answer = await runInPage(context, url, request);
      if ('error' in answer) throw new Error(`model runs on ${runtime}, ${threads} threads: ${answer.error}`);
      if (answer.threads !== threads) throw new Error(`model runs on ${runtime}: ${threads} threads asked for, ${answer.threads} ran`);
      medians[runtime][threads] = Object.fromEntries(Object.entries(answer.ms).map(([name, ms]) => [name, median(ms)]));
    }
  }
  const header = threadCounts.flatMap((t) => [`convnet ${t}t ms`, `onnxruntime-web ${t}t ms`, `ratio ${t}t`]);
  const rows = cases.map(({ name }) => [
    name,
    ...threadCounts.flatMap((t) => {
      const [own, ort] = [medians.convnet![t]![name]!, medians['onnxruntime-web']![t]![name]!];
      return [own.toFixed(1), ort.toFixed(1), (own / ort).toFixed(2)];
    }),
  ]);
  return {
    medians,
    markdown: [
      `Warm runs per model (median of ${runs}, ms) in a module worker of the isolated page, each runtime as the engine worker creates it, on ${threadCounts.join(' and ')} threads; ratio = convnet ÷ onnxruntime-web (below 1: the convnet runtime is faster).`,
      '',
      ...table(['model, input', ...header], rows),
    ],
  };
}

async function runInPage(context: BrowserContext, url: string, request: ModelRunsRequest): Promise<ModelRunsAnswer> {
  const page = await openPage(context, url);
  try {
    return (await page.evaluate(
      (request) =>
        new Promise((resolve) => {
          const worker = new Worker('/sdk/bench/model-runs.js', { type: 'module' });
          worker.addEventListener('message', (event) => {
            worker.terminate();
            resolve(event.data);
          });
          worker.addEventListener('error', (event) => resolve({ error: event.message || 'the worker did not start' }));
          worker.postMessage(request);
        }),
      request,
    )) as ModelRunsAnswer;
  } finally {
    await page.close();
  }
}
