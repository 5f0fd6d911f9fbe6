import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { writeCameraFile, type CameraScene } from '../browser/components/support/camera-fixtures.ts';
import { buildComponentsBundle, componentRoutes, launchWithCamera, openComponentsPage } from '../browser/components/support/component-harness.ts';
import { buildBrowserBundle, startPageServer } from '../browser/support/browser-harness.ts';
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

const step = (what: string) => console.error(`bench camera: ${what}`);

/** Adds the scanner with autostart and resolves with its first result's `durationMs` (camera live → result). */
function scanOnce(page: Page, tag: string): Promise<{ durationMs: number; status: string } | { error: string }> {
  return page.evaluate(
    (tag) =>
      new Promise((resolve) => {
        const el = document.createElement(tag);
        el.setAttribute('autostart', '');
        el.addEventListener('idlens-result', (e) => {
          const r = e as unknown as { durationMs: number; data: { recognitionStatus: string } };
          resolve({ durationMs: r.durationMs, status: r.data.recognitionStatus });
        });
        el.addEventListener('idlens-error', (e) => resolve({ error: (e as unknown as { message: string }).message }));
        document.querySelector('#stage')!.append(el);
      }),
    tag,
  );
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
  const server = await startPageServer({ bundleDir: sdk.dir, routes: componentRoutes(wc.dir) });
  const results: Record<string, { ms: number[]; status: string; errors: string[] }> = {};
  try {
    for (const { name, tag, scene } of scanners) {
      const y4m = await writeCameraFile(tmp, scene);
      results[name] = { ms: [], status: '', errors: [] };
      for (let i = 0; i < runs; i++) {
        step(`${name}, run ${i + 1} of ${runs}`);
        const browser = await launchWithCamera({ y4m, grantOrigins: [server.url] });
        try {
          const page = await openComponentsPage(browser.context, server.url);
          const outcome = await scanOnce(page, tag);
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
  } finally {
    await server.close();
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
  const markdown = [
    `Camera start → first result, per scanner: Chromium's fake camera (a generated 1280×720 y4m at 2 fps), the scanner with \`autostart\`, ` +
      `its result's \`durationMs\` (first live frame → result). ${runs} runs each, each in a fresh profile (runtimes and models load within the figure).`,
    '',
    ...table(['scanner', 'answer', 'runs', 'p50 ms', 'p95 ms', 'errors'], rows),
  ];
  return { suite: 'camera', metrics: { runs, scanners: metrics }, markdown } satisfies SuiteReport;
};
