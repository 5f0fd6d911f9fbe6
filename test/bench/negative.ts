import { allSymbologies } from '@idlens/sdk/api';
import { buildBrowserBundle, launchChromium, openPage, startPageServer } from '../browser/support/browser-harness.ts';
import { qrPng } from '../browser/components/support/camera-fixtures.ts';
import { negativePhoto } from '../support/negative-photo.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { median, percentile, type BenchSuite } from './bench-context.ts';

/** Timed reads per scanner and side (the first read of each, which loads runtimes and models, is not timed). */
const runs = Number(process.env.BENCH_NEGATIVE_RUNS ?? 5);

/**
 * How long a user may wait for "nothing found" on one photo (p95), with the reading view's spinner,
 * seconds and Cancel on screen meanwhile: the budget this bench measures against.
 */
export const negativeBudgetMs = { browser: 10_000, server: 5_000 } as const;

type Kind = 'barcode' | 'id-barcode' | 'card' | 'document';
const kinds: Kind[] = ['barcode', 'id-barcode', 'card', 'document'];
/** What each scanner asks for a photo (the barcode scanner reads all nine symbologies). */
const cardOptions = { extractExpiryDate: true, extractCardholderName: true };

const step = (what: string) => console.error(`bench negative: ${what}`);

/**
 * A phone photo with nothing to read (`negativePhoto`: 4032×3024 JPEG, a desk with a mug, a pen and a
 * page of text) given to each scanner's recognition — in Chromium's worker (Blob in → data out, as
 * an upload) and through the server's endpoint — p50/p95 of `runs` reads against `negativeBudgetMs`;
 * and how soon a cancelled read frees the worker (Cancel during a barcode read → a QR code's result).
 */
export const negativeBench: BenchSuite = async (ctx) => {
  step('building the bundle and the photo');
  const [bundle, photo, qr] = await Promise.all([buildBrowserBundle(), negativePhoto(), qrPng()]);
  const pageServer = await startPageServer({
    bundleDir: bundle.dir,
    fixtures: new Map([
      ['photo', photo],
      ['qr', qr],
    ]),
  });
  const browser = await launchChromium();
  try {
    step(`${runs} reads per scanner in the browser`);
    const page = await openPage(browser.context, pageServer.url);
    const inBrowser = await page.evaluate(
      async ({ kinds, runs, barcodeOptions, cardOptions }) => {
        const { createRecognizer } = (window as any).idlens;
        const r = createRecognizer();
        await r.ready;
        const photo = await (await fetch('/fixtures/photo')).blob();
        const qr = await (await fetch('/fixtures/qr')).blob();
        const read = (kind: string, call?: { signal: AbortSignal }) =>
          kind === 'barcode'
            ? r.barcode(photo, barcodeOptions, call)
            : kind === 'id-barcode'
              ? r.idBarcode(photo, call)
              : kind === 'card'
                ? r.card({ cardNumberSide: photo }, cardOptions, call)
                : r.document({ first: photo }, {}, call);
        const times: Record<string, { ms: number[]; status: string }> = {};
        for (const kind of kinds) {
          await read(kind); // runtimes and models load on the first read
          times[kind] = { ms: [], status: '' };
          for (let i = 0; i < runs; i++) {
            const t = performance.now();
            const data = await read(kind);
            times[kind].ms.push(performance.now() - t);
            times[kind].status = data.recognitionStatus;
          }
        }
        // Cancel a barcode read after 1 s: how long until the worker answers the next photo.
        await r.barcode(qr, barcodeOptions);
        const t0 = performance.now();
        await r.barcode(qr, barcodeOptions);
        const qrAloneMs = performance.now() - t0;
        const abort = new AbortController();
        const cancelled = read('barcode', { signal: abort.signal }).catch((e: Error) => e.name);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        abort.abort();
        const rejectedAs = await cancelled;
        const t1 = performance.now();
        await r.barcode(qr, barcodeOptions);
        const qrAfterCancelMs = performance.now() - t1;
        r.terminate();
        return { times, qrAloneMs, qrAfterCancelMs, rejectedAs, userAgent: navigator.userAgent };
      },
      { kinds, runs, barcodeOptions: allSymbologies, cardOptions },
    );
    await page.close();

    step(`${runs} reads per scanner through the server`);
    const source = { imageBase64: photo.toString('base64') };
    const bodies: Record<Kind, [string, object]> = {
      barcode: ['/barcode', { image: source, ...allSymbologies }],
      'id-barcode': ['/id-barcode', { image: source }],
      card: ['/card', { cardNumberSide: source, ...cardOptions }],
      document: ['/document-single-side', { image: source }],
    };
    const onServer: Record<string, { ms: number[]; status: string }> = {};
    for (const kind of kinds) {
      const [route, body] = bodies[kind];
      await ctx.post(route, body); // the worker's first read of its kind
      onServer[kind] = { ms: [], status: '' };
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const res = await ctx.post(route, body);
        onServer[kind].ms.push(performance.now() - t);
        onServer[kind].status = res.json?.data?.recognitionStatus ?? `HTTP ${res.status}`;
      }
    }

    const figure = (ms: number[]) => ({ p50: median(ms), p95: percentile(ms, 95) });
    const rows = kinds.map((kind) => {
      const b = figure(inBrowser.times[kind]!.ms);
      const s = figure(onServer[kind]!.ms);
      return [
        kind,
        inBrowser.times[kind]!.status,
        b.p50.toFixed(0),
        b.p95.toFixed(0),
        b.p95 <= negativeBudgetMs.browser ? 'within' : '**over**',
        s.p50.toFixed(0),
        s.p95.toFixed(0),
        s.p95 <= negativeBudgetMs.server ? 'within' : '**over**',
      ];
    });
    const metrics = {
      photo: { width: 4032, height: 3024, bytes: photo.length },
      runs,
      budgetMs: negativeBudgetMs,
      browser: Object.fromEntries(kinds.map((k) => [k, { ...figure(inBrowser.times[k]!.ms), ms: inBrowser.times[k]!.ms, status: inBrowser.times[k]!.status }])),
      server: Object.fromEntries(kinds.map((k) => [k, { ...figure(onServer[k]!.ms), ms: onServer[k]!.ms, status: onServer[k]!.status }])),
      cancel: { rejectedAs: inBrowser.rejectedAs, qrAloneMs: inBrowser.qrAloneMs, qrAfterCancelMs: inBrowser.qrAfterCancelMs },
      userAgent: inBrowser.userAgent,
    };
    const markdown = [
      `A phone photo with nothing to read (4032×3024 JPEG, ${(photo.length / 2 ** 20).toFixed(1)} MiB: a desk, a mug, a pen, a page of text) given to each scanner's recognition, ${runs} timed reads each after a first untimed one. ` +
        `Browser: Chromium's worker, Blob in → data out (an upload); server: the loopback server's endpoint over HTTP, Base64 JSON. ` +
        `Budget (p95): browser ${negativeBudgetMs.browser / 1000} s, server ${negativeBudgetMs.server / 1000} s. p95 of ${runs} runs is their slowest.`,
      '',
      ...table(['scanner', 'answer', 'browser p50 ms', 'browser p95 ms', 'budget', 'server p50 ms', 'server p95 ms', 'budget'], rows),
      '',
      `Cancel: a barcode read of the photo cancelled after 1 s rejected as ${inBrowser.rejectedAs}; the worker then read a QR code in ${inBrowser.qrAfterCancelMs.toFixed(0)} ms ` +
        `(${inBrowser.qrAloneMs.toFixed(0)} ms with nothing before it; without the cancel it would have waited for the whole read above).`,
    ];
    return { suite: 'negative photo', metrics, markdown } satisfies SuiteReport;
  } finally {
    await browser.close();
    await pageServer.close();
    await bundle.remove();
  }
};
