import { cp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCard } from '../support/card-render.ts';
import { renderLicenceFront, sampleLicenceHolder } from '../support/licence-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { answerDifferences } from './support/answer-differences.ts';
import { addOnnxruntimeWeb, buildBrowserBundle, launchChromium, openPage, startPageServer, type PageServer } from './support/browser-harness.ts';
import { passportPng } from './support/passport.ts';

// The two inference runtimes a browser recognizer can run the OCR models on — the SDK's convnet
// runtime and onnxruntime-web (the optional peer dependency, served from the app's assets folder) —
// read the same pixels to the same fields (with `answerDifferences`' allowances), each saying in
// `info()` what ran; under the strict CSP, on a cross-origin isolated page where both run threads
// (the convnet runtime's helper threads are its own worker script started again: the CSP allows it).

/** COOP + COEP: the page is cross-origin isolated, so both runtimes may run wasm threads. */
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Answers = { info: unknown; documents: Record<string, unknown>; card: unknown; webgpuAdapter: boolean; cores: number; violations: unknown[] };

/** Reads every fixture with a recognizer on `inference` in a fresh page, and returns what it answered and said of itself. */
async function readAll(browser: Browser, url: string, inference: string): Promise<Answers> {
  const page = await openPage(browser.context, url);
  try {
    return (await page.evaluate(async (inference) => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ inference });
      const blob = async (name: string) => (await fetch(`/fixtures/${name}`)).blob();
      const documents: Record<string, unknown> = {};
      for (const name of ['passport', 'licence-front'])
        documents[name] = await recognizer.document({ first: await blob(name) }, { allowUncertainFirstSideScan: true });
      const card = await recognizer.card({ cardNumberSide: await blob('card') });
      // The convnet runtime's helper threads start after the first answer: wait for them (not timed).
      let info = await recognizer.info();
      for (let i = 0; i < 300 && inference === 'convnet' && info.ocr.threads < Math.min(4, navigator.hardwareConcurrency); i++) {
        await new Promise((r) => setTimeout(r, 100));
        info = await recognizer.info();
      }
      recognizer.terminate();
      const gpu = (navigator as any).gpu;
      const webgpuAdapter = gpu ? (await gpu.requestAdapter().catch(() => null)) !== null : false;
      return { info, documents, card, webgpuAdapter, cores: navigator.hardwareConcurrency, violations: (window as any).cspViolations };
    }, inference)) as Answers;
  } finally {
    await page.close();
  }
}

describe('OCR on the convnet runtime and on onnxruntime-web: the same fields (Chromium)', () => {
  let bundle: Awaited<ReturnType<typeof buildBrowserBundle>>;
  let browser: Browser;
  /** The app serves onnxruntime-web's files (both builds, as `assets copy --onnxruntime-web=webgpu` copies them). */
  let withOrt: PageServer;
  /** The app does not (the default). */
  let withoutOrt: PageServer;
  let withoutOrtDir: string;
  /** Paths the app served with onnxruntime-web's files, in order. */
  const requests: string[] = [];

  beforeAll(async () => {
    const [built, passport, licence, card] = await Promise.all([
      buildBrowserBundle(),
      passportPng(),
      renderLicenceFront(sampleLicenceHolder).then(framePng),
      renderCard({
        number: '4111 1111 1111 1111',
        expiry: '09/31',
        name: 'JONAS WEBER',
        network: 'VISA',
        width: 700,
        canvas: { width: 1000, height: 700 },
      }).then(framePng),
    ]);
    bundle = built;
    withoutOrtDir = `${bundle.dir}-without-ort`;
    await cp(bundle.dir, withoutOrtDir, { recursive: true });
    await addOnnxruntimeWeb(bundle.dir, { webgpu: true });
    const fixtures = new Map([
      ['passport', passport],
      ['licence-front', licence],
      ['card', card],
    ]);
    [withOrt, withoutOrt] = await Promise.all([
      startPageServer({ bundleDir: bundle.dir, fixtures, headers: isolation, requests }),
      startPageServer({ bundleDir: withoutOrtDir, fixtures, headers: isolation }),
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await withOrt?.close();
    await withoutOrt?.close();
    await bundle?.remove();
    if (withoutOrtDir) await rm(withoutOrtDir, { recursive: true, force: true });
  });

  it('reads a passport, a licence front and a card alike, each runtime on its threads, onnxruntime-web on the provider the browser has', async () => {
    const ortFiles = () => requests.splice(0).filter((r) => r.includes('/onnxruntime-web/'));
    const convnet = await readAll(browser, withOrt.url, 'convnet');
    expect(ortFiles()).toEqual([]);
    const ort = await readAll(browser, withOrt.url, 'onnxruntime-web');
    // What ran is onnxruntime-web's wasm build (no WebGPU adapter here) or its WebGPU build.
    const build = ort.webgpuAdapter ? 'ort-wasm-simd-threaded.jsep' : 'ort-wasm-simd-threaded';
    expect(new Set(ortFiles().map((r) => r.replace(/^.*\/onnxruntime-web\//, '').replace(/\?.*$/, '')))).toEqual(
      new Set([ort.webgpuAdapter ? 'ort.min.mjs' : 'ort.wasm.min.mjs', `${build}.mjs`, `${build}.wasm`]),
    );

    // Really read (not two empty answers that agree).
    const passport = convnet.documents.passport as { documentNumber?: { latin?: string } };
    expect(passport.documentNumber?.latin).toBe('L898902C3');
    const licence = convnet.documents['licence-front'] as { lastName?: { latin?: string } };
    expect(licence.lastName?.latin).toBe(sampleLicenceHolder.lastName);
    expect((convnet.card as { cardNumber?: string }).cardNumber).toBe('4111111111111111');

    expect(convnet.info).toEqual({
      mode: 'worker',
      crossOriginIsolated: true,
      ocr: { inference: 'convnet', backend: 'wasm', threads: Math.min(4, convnet.cores) },
    });
    expect(ort.info).toEqual({
      mode: 'worker',
      crossOriginIsolated: true,
      ocr: { inference: 'onnxruntime-web', backend: ort.webgpuAdapter ? 'webgpu' : 'wasm', threads: Math.min(4, ort.cores) },
    });
    for (const name of Object.keys(convnet.documents)) expect(await answerDifferences(ort.documents[name], convnet.documents[name], name)).toEqual([]);
    expect(await answerDifferences(ort.card, convnet.card, 'card')).toEqual([]);
    expect([...convnet.violations, ...ort.violations]).toEqual([]);
  });

  it('onnxruntime-web chosen but not served: RUNTIME_UNAVAILABLE saying how to serve it; auto without its files: the convnet runtime', async () => {
    const page = await openPage(browser.context, withoutOrt.url);
    const outcome = (await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const card = async () => (await fetch('/fixtures/card')).blob();
      const chosen = createRecognizer({ inference: 'onnxruntime-web' });
      const error = await chosen.card({ cardNumberSide: await card() }).then(
        () => null,
        (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
      );
      chosen.terminate();
      const auto = createRecognizer({ inference: 'auto' });
      const read = await auto.card({ cardNumberSide: await card() });
      let info = await auto.info();
      for (let i = 0; i < 300 && info.ocr.threads < Math.min(4, navigator.hardwareConcurrency); i++) {
        await new Promise((r) => setTimeout(r, 100));
        info = await auto.info();
      }
      auto.terminate();
      return { error, cardNumber: read.cardNumber, info, cores: navigator.hardwareConcurrency };
    })) as { error: { code: string; message: string } | null; cardNumber: string; info: { ocr: unknown }; cores: number };
    await page.close();
    expect(outcome.error?.code).toBe('RUNTIME_UNAVAILABLE');
    expect(outcome.error?.message).toMatch(/onnxruntime-web\/ort\.wasm\.min\.mjs.*assets copy --onnxruntime-web/);
    expect(outcome.cardNumber).toBe('4111111111111111');
    expect(outcome.info.ocr).toEqual({ inference: 'convnet', backend: 'wasm', threads: Math.min(4, outcome.cores) });
  });
});
