import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { writeCameraFile, type CameraScene } from '../browser/components/support/camera-fixtures.ts';
import { buildComponentsBundle, componentRoutes, launchWithCamera, openComponentsPage } from '../browser/components/support/component-harness.ts';
import { addOnnxruntimeWeb, buildBrowserBundle, startPageServer } from '../browser/support/browser-harness.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { median, percentile, type BenchSuite } from './bench-context.ts';

/** Scans per scanner; each in a fresh browser profile (the first document also loads the OCR models). */
const runs = Number(process.env.BENCH_CAMERA_RUNS ?? 3);

/** Each scanner and what its fake camera shows (the scenes of the fake-camera tests). */
const scanners: Array<{ name: string; tag: string; scene: CameraScene }> = [
  { name: 'barcode (QR code)', tag: 'idlens-barcode-scanner', scene: 'barcode' },
  { name: 'ID barcode (licence back, PDF417)', tag: 'idlens-id-barcode-scanner', scene: 'id-barcode' },
  { name: 'payment card (Visa)', tag: 'idlens-card-scanner', scene: 'card' },
  { name: 'document (passport, one side)', tag: 'idlens-document-scanner', scene: 'passport' },
];

/**
 * The OCR scanners again on a cross-origin isolated page, on each inference runtime: the convnet
 * runtime (its kernel threads) and onnxruntime-web (its wasm threads), in the same run.
 */
const runtimeScanners = scanners.filter((s) => s.scene === 'card' || s.scene === 'passport');
const inferenceRuntimes = ['convnet', 'onnxruntime-web'] as const;
/** The back-side rows' name (scanBackSide). */
const backSide = 'document back side (ID card, TD1 MRZ)';
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

const step = (what: string) => console.error(`bench camera: ${what}`);

type Outcome = { durationMs: number; status: string } | { error: string };

/** Adds the scanner with autostart (on `inference`, when given) and resolves with its first result's `durationMs` (camera live → result). */
function scanOnce(page: Page, tag: string, inference?: string): Promise<Outcome> {
  return page.evaluate(
    ([tag, inference]) =>
      new Promise((resolve) => {
        const el = document.createElement(tag!);
        el.setAttribute('autostart', '');
        if (inference) el.setAttribute('inference', inference);
        el.addEventListener('idlens-result', (e) => {
          const r = e as unknown as { durationMs: number; data: { recognitionStatus: string } };
          resolve({ durationMs: r.durationMs, status: r.data.recognitionStatus });
        });
        el.addEventListener('idlens-error', (e) => resolve({ error: (e as unknown as { message: string }).message }));
        document.querySelector('#stage')!.append(el);
      }),
    [tag, inference] as const,
  );
}

/** The idlens events the components page logs (test/browser/components/page/page.js), the fields read here. */
type EventLog = {
  events: Array<{ type: string; status?: string; at: number; message?: string; data?: { recognitionStatus: string; mrzData?: { documentNumber?: string } } }>;
};

/** The ID card's document number, on its back's TD1 MRZ (camera-fixtures.ts). */
const backDocumentNumber = 'D23145890';

/**
 * The two-sided document flow of the fake-camera test on `inference`: the user captures the front
 * (its first 3 s in the camera file), then — the card turned over, the back on camera (3…6 s of the
 * 6 s loop) — taps "scan the back", and the scanner reads the back's TD1 MRZ, the frame that completes the
 * agreement read with the front (both sides).
 * Resolves with the back side's ms: the last `scanning` status → the result, from the page's event log.
 */
async function scanBackSide(page: Page, inference: string): Promise<Outcome> {
  const scanner = 'idlens-document-scanner';
  await page.evaluate(
    ([tag, inference]) => {
      const el = document.createElement(tag);
      el.setAttribute('autostart', '');
      el.setAttribute('inference', inference);
      document.querySelector('#stage')!.append(el);
    },
    [scanner, inference] as const,
  );
  await page.locator(`${scanner} [part~=capture]`).click();
  await page.locator(`${scanner} [part=flip]`).waitFor();
  // Tap when the back has been on camera for half a second (its frames are 2 fps), as a user who flipped it first.
  await page.waitForFunction(
    (tag) => {
      const camera = document.querySelector(tag)!.shadowRoot!.querySelector('idlens-camera')!;
      const t = camera.shadowRoot!.querySelector('video')!.currentTime % 6;
      return t >= 3.5 && t < 4;
    },
    scanner,
    { polling: 50 },
  );
  await page.locator(`${scanner} [part~=scan-back]`).click();
  await page.waitForFunction(() => (window as unknown as EventLog).events.some((e) => e.type === 'idlens-result' || e.type === 'idlens-error'));
  const { events } = await page.evaluate(() => ({ events: (window as unknown as EventLog).events }));
  const end = events.find((e) => e.type === 'idlens-result' || e.type === 'idlens-error')!;
  if (end.type === 'idlens-error') return { error: end.message ?? 'error' };
  const read = end.data!.mrzData?.documentNumber;
  if (read !== backDocumentNumber) return { error: `document number ${read ?? 'not read'} (${end.data!.recognitionStatus})` };
  const backStart = events.filter((e) => e.type === 'idlens-status' && e.status === 'scanning').at(-1)!.at;
  return { durationMs: Math.round(end.at - backStart), status: end.data!.recognitionStatus };
}

type Results = Record<string, { ms: number[]; status: string; errors: string[] }>;

/** `runs` scans (`scan`, on the components page), each in a fresh profile, into `results[name]`. */
async function scanRuns(results: Results, name: string, url: string, y4m: string, scan: (page: Page) => Promise<Outcome>): Promise<void> {
  results[name] = { ms: [], status: '', errors: [] };
  for (let i = 0; i < runs; i++) {
    step(`${name}, run ${i + 1} of ${runs}`);
    const browser = await launchWithCamera({ y4m, grantOrigins: [url] });
    try {
      const page = await openComponentsPage(browser.context, url);
      const outcome = await scan(page).catch((error: Error) => ({ error: error.message.split('\n')[0]! }));
      if ('error' in outcome) results[name].errors.push(outcome.error);
      else {
        results[name].ms.push(outcome.durationMs);
        results[name].status = outcome.status;
      }
    } finally {
      await browser.close();
    }
  }
}

/**
 * Camera start → first result per scanner: Chromium's fake camera plays a generated y4m (2 fps, as
 * in the fake-camera tests), the scanner starts itself, and its result event's `durationMs` (from
 * the first live frame) is taken. A fresh profile per run: the worker, zxing's wasm and — for cards
 * and documents — the OCR runtime and models load within the figure, as on a first visit.
 */
export const cameraBench: BenchSuite = async () => {
  step('building the bundles and the camera files');
  const [sdk, wc, tmp] = await Promise.all([buildBrowserBundle(), buildComponentsBundle(), mkdtemp(path.join(os.tmpdir(), 'idlens-bench-y4m-'))]);
  // onnxruntime-web's wasm build served beside the SDK (the convnet rows never load it).
  await addOnnxruntimeWeb(sdk.dir);
  const server = await startPageServer({ bundleDir: sdk.dir, routes: componentRoutes(wc.dir) });
  const isolated = await startPageServer({ bundleDir: sdk.dir, routes: componentRoutes(wc.dir), headers: isolation });
  const results: Results = {};
  const byRuntime: Results = {};
  try {
    for (const { name, tag, scene } of scanners) await scanRuns(results, name, server.url, await writeCameraFile(tmp, scene), (page) => scanOnce(page, tag));
    for (const { name, tag, scene } of runtimeScanners) {
      const y4m = await writeCameraFile(tmp, scene);
      for (const inference of inferenceRuntimes)
        await scanRuns(byRuntime, `${name} · ${inference}`, isolated.url, y4m, (page) => scanOnce(page, tag, inference));
    }
    const y4m = await writeCameraFile(tmp, 'document');
    for (const inference of inferenceRuntimes)
      await scanRuns(byRuntime, `${backSide} · ${inference}`, isolated.url, y4m, (page) => scanBackSide(page, inference));
  } finally {
    await server.close();
    await isolated.close();
    await sdk.remove();
    await wc.remove();
    await rm(tmp, { recursive: true, force: true });
  }
  const rows = scanners.map(({ name }) => {
    const r = results[name]!;
    return [name, r.status || '—', r.ms.length, median(r.ms).toFixed(0), percentile(r.ms, 95).toFixed(0), r.errors.length ? r.errors.join('; ') : '—'];
  });
  const metrics = Object.fromEntries(
    scanners.map(({ name }) => [
      name,
      { p50: median(results[name]!.ms), p95: percentile(results[name]!.ms, 95), ms: results[name]!.ms, errors: results[name]!.errors },
    ]),
  );
  const runtimeRows = Object.entries(byRuntime).map(([name, r]) => [
    name,
    r.status || '—',
    r.ms.length,
    median(r.ms).toFixed(0),
    percentile(r.ms, 95).toFixed(0),
    r.errors.length ? r.errors.join('; ') : '—',
  ]);
  const markdown = [
    `Camera start → first result, per scanner: Chromium's fake camera (a generated 1280×720 y4m at 2 fps), the scanner with \`autostart\`, ` +
      `its result's \`durationMs\` (first live frame → result). ${runs} runs each, each in a fresh profile (runtimes and models load within the figure).`,
    '',
    ...table(['scanner', 'answer', 'runs', 'p50 ms', 'p95 ms', 'errors'], rows),
    '',
    'The same on a cross-origin isolated page, per inference runtime (the convnet runtime on its kernel threads, as many as the recognizer reports in ' +
      "`info().ocr.threads`, up to 4; onnxruntime-web on its wasm threads; first visits, so onnxruntime-web's 14 MB wasm is fetched and compiled within the figure). " +
      `"${backSide}" is the two-sided flow: the front captured by hand, then, the back on camera, "scan the back" tapped; its figure runs from that scan's start to the result ` +
      "(the back's frames read until two agree, the second of them read with the front as both sides; the front loaded the runtime and models already).",
    '',
    ...table(['scanner · runtime', 'answer', 'runs', 'p50 ms', 'p95 ms', 'errors'], runtimeRows),
  ];
  const runtimeMetrics = Object.fromEntries(
    Object.entries(byRuntime).map(([name, r]) => [name, { p50: median(r.ms), p95: percentile(r.ms, 95), ms: r.ms, errors: r.errors }]),
  );
  return { suite: 'camera', metrics: { runs, scanners: metrics, inferenceRuntimes: runtimeMetrics }, markdown } satisfies SuiteReport;
};
