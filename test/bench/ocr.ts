import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { Frame, InferenceRuntime, TextDetectorChoice } from '@idlens/sdk/engine';
import { loadOrtWebNode } from '../support/engine/ort-web-node.ts';
import { createConvnetRuntime } from '@idlens/sdk/runtime/convnet';
import { createOcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { readMrz } from '../../packages/sdk/src/engine/mrz/read-mrz.ts';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { framePng, renderMrzPage } from '../support/mrz-render.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { median, type BenchSuite } from './bench-context.ts';

const canvas = { width: 1920, height: 1080 };

/** 1920×1080 scenes: a passport page, a turned ID card, a visa-size page in perspective. */
async function scenes(): Promise<Array<{ name: string; frame: Frame }>> {
  return [
    { name: 'TD3 page', frame: await renderMrzPage(specimens.TD3, { width: 1200, canvas }) },
    { name: 'TD1 card turned 10°', frame: await renderMrzPage(specimens.TD1, { width: 900, rotate: 10, canvas }) },
    { name: 'TD2 in perspective', frame: await renderMrzPage(specimens.TD2, { width: 1100, perspective: 0.08, canvas }) },
  ];
}

/** Peak resident memory while `work` runs (sampled every 20 ms), MiB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMiB: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function timeEach(frames: Frame[], repeats: number, run: (f: Frame) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < repeats; r++) {
    for (const f of frames) {
      const t = performance.now();
      await run(f);
      times.push(performance.now() - t);
    }
  }
  return times;
}

/**
 * OCR speed in-process on 1920×1080 inputs — MRZ only (detection + MRZ lines) and a full page (every
 * text line) — under onnxruntime-node, onnxruntime-web (wasm, one thread) and the SDK's convnet runtime
 * (wasm, what browsers run) in Node, each with the
 * text detector of PP-OCRv4 and with the distilled one (`text-det`); model load
 * (read + sha256 + session creation) and peak memory; and MRZ-only through the HTTP API.
 */
export const ocrBench: BenchSuite = async (ctx) => {
  const list = await scenes();
  const frames = list.map((s) => s.frame);
  const runtimes: Array<{ name: string; load: () => Promise<InferenceRuntime>; sessionOptions: Record<string, unknown> }> = [
    { name: 'onnxruntime-node', load: async () => (await import('onnxruntime-node')) as unknown as InferenceRuntime, sessionOptions: { intraOpNumThreads: 1 } },
    { name: 'onnxruntime-web (wasm, Node)', load: loadOrtWebNode, sessionOptions: {} },
    // What browsers run since 2026-11-29 (docs/sdk.md, "OCR runtime").
    { name: "convnet runtime (the SDK's, wasm, Node)", load: createConvnetRuntime, sessionOptions: {} },
  ];
  // Each runtime with PP-OCRv4's text detector and with the distilled one (`text-det`): the default
  // cascade's first detector, and its only one on a page whose MRZ checks out.
  const detectors: Array<{ suffix: string; textDetector: TextDetectorChoice }> = [
    { suffix: ', PP-OCRv4 det', textDetector: 'general' },
    { suffix: ', distilled text-det', textDetector: 'distilled' },
  ];
  const configurations = runtimes.flatMap((rt) => detectors.map((d) => ({ ...rt, name: `${rt.name}${d.suffix}`, textDetector: d.textDetector })));
  const rows: Array<Array<string | number>> = [];
  const metrics: Record<string, unknown> = {};
  for (const rt of configurations) {
    const { result, peakMiB } = await withPeakRss(async () => {
      const t0 = performance.now();
      const ort = await rt.load();
      const models = await loadModelsFromDisk();
      const engine = createOcrEngine(ort, models, { sessionOptions: rt.sessionOptions, textDetector: rt.textDetector });
      await engine.warm();
      const loadMs = performance.now() - t0;
      await readMrz(frames[0]!, engine); // first run outside the timing (allocations)
      const mrz = await timeEach(frames, 2, (f) => readMrz(f, engine));
      const page = await timeEach(frames.slice(0, 2), 1, (f) => engine.ocr.readPage(f));
      return { loadMs, mrz, page };
    });
    metrics[rt.name] = {
      loadMs: result.loadMs,
      mrzMedianMs: median(result.mrz),
      pageMedianMs: median(result.page),
      peakRssMiB: peakMiB,
      mrzSamples: result.mrz,
      pageSamples: result.page,
    };
    rows.push([rt.name, result.loadMs.toFixed(0), median(result.mrz).toFixed(0), median(result.page).toFixed(0), peakMiB.toFixed(0)]);
  }
  // Through the API (worker thread, PNG decode included), as a client sees it.
  const pngs = await Promise.all(frames.map(framePng));
  const http: number[] = [];
  for (let r = 0; r < 2; r++) {
    for (const png of pngs) {
      const t = performance.now();
      const res = await ctx.post('/document-single-side', { image: { imageBase64: png.toString('base64') } });
      http.push(performance.now() - t);
      if (res.json?.data?.recognitionStatus !== 'VALID') throw new Error(`bench scene not read: ${JSON.stringify(res.json?.data?.mrzData ?? res.json)}`);
    }
  }
  metrics.httpMrzMedianMs = median(http);
  const markdown = [
    `Inputs: ${list.map((s) => s.name).join(', ')} — rendered 1920×1080 (OCR-B). ` +
      'One thread for every runtime (the server runs one engine per worker thread). ' +
      'Each runtime with PP-OCRv4’s text detector and with the distilled `text-det`: the default cascade’s first detector, and its only one on a page whose MRZ checks out ' +
      '(PP-OCRv4’s runs after it only when no MRZ or card number checks out). ' +
      `Medians; MRZ-only over ${frames.length}×2 runs, full page over 2 runs.`,
    '',
    ...table(['runtime', 'model load ms', 'MRZ only, median ms', 'full page OCR, median ms', 'peak RSS MiB (cumulative)'], rows),
    '',
    `Through \`POST /document-single-side\` (worker pool, PNG decode, JSON): median ${median(http).toFixed(0)} ms over ${http.length} requests.`,
  ];
  return { suite: 'ocr', metrics, markdown } satisfies SuiteReport;
};
