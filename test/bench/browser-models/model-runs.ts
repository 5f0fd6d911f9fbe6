import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { browserModels } from '@idlens/models';
import { openPage } from '../../browser/support/browser-harness.ts';
import { table } from '../../support/report.ts';
import { median, percentile } from '../bench-context.ts';
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
  /** threads → model case → the median of each round's convnet ÷ onnxruntime-web run. */
  ratios: Record<number, Record<string, number>>;
  markdown: string[];
}

/**
 * Warm runs of every model the browser loads, on both runtimes at each thread count, in a module
 * worker of the page each (`model-runs-worker.ts`, built into the bundle's `bench/`): `runs` rounds,
 * the two runtimes' runs of a model side by side in each. The ratio is the median over the rounds of
 * the convnet run ÷ the onnxruntime-web run beside it — a slow spell of the machine lands on both
 * runs of a round — with its quartiles, so a reader sees how far the machine let the ratio wander.
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
  const medians: ModelRunsComparison['medians'] = { convnet: {}, 'onnxruntime-web': {} };
  const ratios: ModelRunsComparison['ratios'] = {};
  const spreads: Record<number, Record<string, [number, number]>> = {};
  for (const threads of threadCounts) {
    const answer = await alternateRuns(context, url, { threads, base: `${url}/sdk/`, models: cases }, runs);
    if ('error' in answer) throw new Error(`model runs on ${threads} threads: ${answer.error}`);
    for (const runtime of runtimeNames) {
      if (answer.threads[runtime] !== threads) throw new Error(`model runs on ${runtime}: ${threads} threads asked for, ${answer.threads[runtime]} ran`);
      medians[runtime]![threads] = Object.fromEntries(Object.entries(answer.ms[runtime]).map(([name, ms]) => [name, median(ms)]));
    }
    ratios[threads] = {};
    spreads[threads] = {};
    for (const { name } of cases) {
      const ort = answer.ms['onnxruntime-web'][name]!;
      const paired = answer.ms.convnet[name]!.map((own, round) => own / ort[round]!);
      ratios[threads][name] = median(paired);
      spreads[threads][name] = [percentile(paired, 25), percentile(paired, 75)];
    }
  }
  const header = threadCounts.flatMap((t) => [`convnet ${t}t ms`, `onnxruntime-web ${t}t ms`, `ratio ${t}t (quartiles)`]);
  const rows = cases.map(({ name }) => [
    name,
    ...threadCounts.flatMap((t) => {
      const [low, high] = spreads[t]![name]!;
      return [
        medians.convnet![t]![name]!.toFixed(1),
        medians['onnxruntime-web']![t]![name]!.toFixed(1),
        `${ratios[t]![name]!.toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`,
      ];
    }),
  ]);
  return {
    medians,
    ratios,
    markdown: [
      `Warm runs per model (median of ${runs} rounds, ms), each runtime in a module worker of the isolated page as the engine worker creates it, on ${threadCounts.join(' and ')} threads; in each round the two runtimes run each model one after the other (which first alternates, 50 ms apart). Ratio = the median over the rounds of convnet ÷ onnxruntime-web in the same round (below 1: the convnet runtime is faster), with its quartiles.`,
      '',
      ...table(['model, input', ...header], rows),
    ],
  };
}

const runtimeNames = ['convnet', 'onnxruntime-web'] as const;
type RuntimeName = (typeof runtimeNames)[number];
type Opening = Omit<Extract<ModelRunsRequest, { kind: 'open' }>, 'kind' | 'runtime'>;
type AlternateAnswer = { threads: Record<RuntimeName, number>; ms: Record<RuntimeName, Record<string, number[]>> } | { error: string };

/**
 * Both runtimes open in a worker each on one page, then `runs` rounds of every model on each, one
 * run at a time, alternating: a slow spell of the machine lands on both runtimes, not on one's
 * figures.
 */
async function alternateRuns(context: BrowserContext, url: string, opening: Opening, runs: number): Promise<AlternateAnswer> {
  const page = await openPage(context, url);
  try {
    return (await page.evaluate(
      async ({ opening, runs, runtimeNames }) => {
        const workers = runtimeNames.map(() => new Worker('/sdk/bench/model-runs.js', { type: 'module' }));
        const ask = (worker: Worker, request: ModelRunsRequest) =>
          new Promise<ModelRunsAnswer>((resolve) => {
            worker.addEventListener('message', (event) => resolve(event.data), { once: true });
            worker.addEventListener('error', (event) => resolve({ error: event.message || 'the worker did not start' }), { once: true });
            worker.postMessage(request);
          });
        try {
          const threads: Record<string, number> = {};
          const ms: Record<string, Record<string, number[]>> = {};
          for (const [i, runtime] of runtimeNames.entries()) {
            const opened = await ask(workers[i]!, { kind: 'open', runtime, ...opening });
            if ('error' in opened) return { error: `${runtime}: ${opened.error}` };
            threads[runtime] = 'threads' in opened ? opened.threads : 0;
            ms[runtime] = Object.fromEntries(opening.models.map(({ name }) => [name, [] as number[]]));
          }
          for (let round = 0; round < runs; round++) {
            for (const { name } of opening.models) {
              const order = round % 2 === 0 ? [0, 1] : [1, 0];
              for (const i of order) {
                // A pause first: onnxruntime's pool threads spin a while after a run, and would take
                // a core from the run that follows.
                await new Promise((resolve) => setTimeout(resolve, 50));
                const ran = await ask(workers[i]!, { kind: 'run', name });
                if (!('ms' in ran)) return { error: `${runtimeNames[i]}, ${name}: ${'error' in ran ? ran.error : 'no time'}` };
                ms[runtimeNames[i]!]![name]!.push(ran.ms);
              }
            }
          }
          return { threads, ms };
        } finally {
          for (const worker of workers) worker.terminate();
        }
      },
      { opening, runs, runtimeNames },
    )) as AlternateAnswer;
  } finally {
    await page.close();
  }
}
