import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserBundle, launchChromium, openPage, startIdlensServer, startPageServer, strictCsp } from './support/browser-harness.ts';
import { framePng } from '../support/mrz-render.ts';
import { renderCard } from '../support/card-render.ts';
import { barcodePng } from '../support/fixtures.ts';
import { generatedCard } from '../support/generated-document.ts';
import { passportPng } from './support/passport.ts';
import { zxingWasm } from '../../packages/sdk/src/runtime/runtime-files.ts';

type Face = { side: string; location: { topLeftCorner: { x: number; y: number }; dimensions: { width: number; height: number } } };

type Harness = {
  bundle: Awaited<ReturnType<typeof buildBrowserBundle>>;
  server: Awaited<ReturnType<typeof startIdlensServer>>;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  passport: Buffer;
  /** The same page with the holder's photo in its photo box. */
  passportWithPortrait: Buffer;
  card: Buffer;
  /** A QR code alone, for a page that reads barcodes only. */
  qr: Buffer;
  /** An ID card with labelled printed fields and no MRZ: read by the field assigner. */
  printedCard: Buffer;
};

describe(`browser SDK under "${strictCsp}" (Chromium)`, () => {
  let h: Harness;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const [bundle, server, passport, passportWithPortrait, card, qr, printedCard] = await Promise.all([
      buildBrowserBundle(),
      startIdlensServer(),
      passportPng(),
      passportPng(undefined, { portrait: true }),
      renderCard({
        number: '5555 5555 5555 4444',
        expiry: '08/29',
        name: 'ANNA ERIKSSON',
        network: 'MASTERCARD',
        width: 700,
        canvas: { width: 1000, height: 700 },
      }).then(framePng),
      barcodePng('idlens barcode only', { format: 'QRCode' }),
      generatedCard().then(framePng),
    ]);
    h = { bundle, server, passport, passportWithPortrait, card, qr, printedCard, browser: await launchChromium() };
  });
  afterAll(async () => {
    // The browser first: its keep-alive connections would hold the page servers open.
    await h?.browser.close();
    for (const close of closers) await close();
    await h?.server.close();
    await h?.bundle.remove();
  });

  async function pageWith(csp: string, headers: Record<string, string> = {}, requests?: string[]) {
    const pageServer = await startPageServer({
      bundleDir: h.bundle.dir,
      csp,
      headers,
      requests,
      fixtures: new Map([
        ['passport', h.passport],
        ['passport-portrait', h.passportWithPortrait],
        ['card', h.card],
        ['qr', h.qr],
        ['printed-card', h.printedCard],
      ]),
    });
    closers.push(pageServer.close);
    return openPage(h.browser.context, pageServer.url);
  }

  it('loads the worker, zxing-wasm, the OCR runtime and the models with no violation, and reads a passport and a card like the server', async () => {
    const page = await pageWith(strictCsp);
    const consoleBefore = h.browser.console.length;
    const result = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const assets = new Set<string>();
      const recognizer = createRecognizer({ preload: ['barcode', 'ocr'], onProgress: (e: { asset: string }) => assets.add(e.asset) });
      await recognizer.ready;
      const blob = await (await fetch('/fixtures/passport')).blob();
      const data = await recognizer.document({ first: blob });
      const beforePortrait = [...assets];
      const portraitBlob = await (await fetch('/fixtures/passport-portrait')).blob();
      const face = (await recognizer.document({ first: portraitBlob }, { returnFaceImage: true })).faceImage;
      const cardBlob = await (await fetch('/fixtures/card')).blob();
      const card = await recognizer.card({ cardNumberSide: cardBlob }, { extractExpiryDate: true, extractCardholderName: true });
      const beforeFallback = [...assets];
      // A card is no document: no MRZ checks out, so the read is done again with PP-OCRv4's detector.
      const notADocument = await recognizer.document({ first: cardBlob });
      recognizer.terminate();
      return {
        data,
        face,
        card,
        notADocument: notADocument.recognitionStatus,
        beforePortrait,
        beforeFallback,
        assets: [...assets].sort(),
        violations: (window as any).cspViolations,
      };
    });
    const res = await fetch(`${h.server.url}/document-single-side`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image: { imageBase64: h.passport.toString('base64') } }),
    });
    const server = ((await res.json()) as { data: Record<string, unknown> }).data;
    const faceRes = await fetch(`${h.server.url}/document-single-side`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image: { imageBase64: h.passportWithPortrait.toString('base64') }, returnFaceImage: true }),
    });
    const serverFace = ((await faceRes.json()) as { data: { faceImage: Face } }).data.faceImage;
    const cardRes = await fetch(`${h.server.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumberSide: { imageBase64: h.card.toString('base64') }, extractExpiryDate: true, extractCardholderName: true }),
    });
    const serverCard = ((await cardRes.json()) as { data: Record<string, unknown> }).data;
    expect(result.violations).toEqual([]);
    expect(h.browser.console.slice(consoleBefore).filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
    expect(result.assets).toEqual(
      expect.arrayContaining([
        'zxing_reader.wasm',
        'text-det-int8.onnx',
        'ch_PP-OCRv4_det_int8.onnx',
        'latin-rec-int8.onnx',
        'mrz-rec-int8.onnx',
        'blazeface-back.onnx',
      ]),
    );
    expect(result.assets).not.toContain('ort-wasm-simd-threaded.wasm');
    // The face detector is fetched with the first request that asks for a portrait, not before.
    expect(result.beforePortrait).not.toContain('blazeface-back.onnx');
    // PP-OCRv4's detector, with the first read the distilled detector's result did not check out.
    expect(result.beforeFallback).not.toContain('ch_PP-OCRv4_det_int8.onnx');
    expect(result.notADocument).not.toBe('VALID');
    // Reading accuracy is the engine's business (test/engine); here the zone must be found and read.
    expect((result.data as { mrzData: { mrzType: string } | null }).mrzData?.mrzType).toBe('TD3');
    // The server reads with the float detector, the browser with its int8 copy: they find the MRZ's
    // lines a fraction of a pixel apart, and the fields' locations follow them (within a pixel).
    expect(locationsWithin(result.data, server, 1)).toEqual(server);
    // The portrait found by the same detector: onnxruntime-web and -node round floats differently,
    // so its box may move by a pixel.
    const face = result.face as Face;
    expect(face.side).toBe(serverFace.side);
    const numbers = (f: Face) => [f.location.topLeftCorner.x, f.location.topLeftCorner.y, f.location.dimensions.width, f.location.dimensions.height];
    for (const [i, v] of numbers(face).entries()) expect(Math.abs(v - numbers(serverFace)[i]!)).toBeLessThanOrEqual(2);
    expect(numbers(face)[3]).toBeGreaterThan(100);
    // Cards run the same OCR engine in the worker: same pixels, same data as the server.
    expect(result.card).toEqual(serverCard);
    // Not parity of two EMPTY answers (reading accuracy itself is the card engine's tests' business).
    expect((result.card as { recognitionStatus: string }).recognitionStatus).not.toBe('EMPTY');
  });

  it('reads the same on a cross-origin-isolated page (COOP/COEP), where the OCR runtime still runs on one thread', async () => {
    const page = await pageWith(strictCsp, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
    const result = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ preload: ['ocr'] });
      await recognizer.ready;
      const blob = await (await fetch('/fixtures/passport')).blob();
      const data = await recognizer.document({ first: blob });
      const runtime = recognizer.runtime;
      recognizer.terminate();
      return { runtime, mrzType: data.mrzData?.mrzType, violations: (window as any).cspViolations };
    });
    expect(result).toMatchObject({ runtime: { crossOriginIsolated: true, threads: 1 }, mrzType: 'TD3', violations: [] });
  });

  it('loads no wasm for OCR but its own chunk: zxing_reader.wasm is the only wasm a document read fetches', async () => {
    const requests: string[] = [];
    const page = await pageWith(strictCsp, {}, requests);
    const mrzType = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ preload: ['ocr'] });
      await recognizer.ready;
      const data = await recognizer.document({ first: await (await fetch('/fixtures/passport')).blob() });
      recognizer.terminate();
      return data.mrzData?.mrzType;
    });
    expect(mrzType).toBe('TD3');
    expect(requests.filter((r) => r.includes('.wasm')).map((r) => r.replace(/\?.*$/, ''))).toEqual(['/sdk/zxing_reader.wasm']);
    expect(requests.some((r) => r.includes('idlens-worker-ocr.js'))).toBe(true);
  });

  it('a page that only reads barcodes fetches neither the OCR runtime nor the field assigner’s trees; a document read from print fetches both', async () => {
    const requests: string[] = [];
    const page = await pageWith(strictCsp, {}, requests);
    const text = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      await recognizer.ready;
      const data = await recognizer.barcode(await (await fetch('/fixtures/qr')).blob(), { scanQrCode: true });
      recognizer.terminate();
      return data.stringData;
    });
    expect(text).toBe('idlens barcode only');
    const scripts = () => requests.map((r) => r.replace(/\?.*$/, '')).filter((r) => r.endsWith('.js'));
    expect(scripts()).not.toContain('/sdk/idlens-worker-ocr.js');
    expect(scripts()).not.toContain('/sdk/idlens-worker-field-assigner-model.js');
    const lastName = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      const data = await recognizer.document({ first: await (await fetch('/fixtures/printed-card')).blob() });
      recognizer.terminate();
      return data.lastName?.latin ?? null;
    });
    expect(lastName).toBe('MUSTERMANN');
    expect(scripts()).toEqual(expect.arrayContaining(['/sdk/idlens-worker-ocr.js', '/sdk/idlens-worker-field-assigner-model.js']));
  });

  it('never starts a runtime from a copy in the HTTP cache that fails its sha256: the wasm is fetched again and checked', async () => {
    const requests: string[] = [];
    // A host that lets the browser keep whatever it sends (the idlens server would not: a file whose
    // sha256 is not its URL's is sent uncacheable).
    const page = await pageWith(strictCsp, { 'cache-control': 'public, max-age=31536000, immutable' }, requests);
    const url = new URL(`/sdk/${zxingWasm.file}`, page.url()).href;
    const file = path.join(h.bundle.dir, zxingWasm.file);
    const original = await readFile(file);
    const tampered = Buffer.from(original);
    tampered[tampered.length >> 1]! ^= 0xff;
    const cachedSha256 = () =>
      page.evaluate(async (u) => {
        const bytes = await (await fetch(u, { cache: 'only-if-cached', mode: 'same-origin' })).arrayBuffer();
        return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
      }, url);
    // The HTTP cache made to hold a tampered copy under the SDK's URL (as a bad proxy or disk could).
    await writeFile(file, tampered);
    try {
      await page.evaluate(async (u) => void (await (await fetch(u, { cache: 'reload' })).arrayBuffer()), url);
    } finally {
      await writeFile(file, original);
    }
    expect(await cachedSha256()).not.toBe(zxingWasm.sha256);
    const before = requests.filter((r) => r.includes(zxingWasm.file)).length;
    const mrzType = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ preload: ['ocr'] });
      await recognizer.ready;
      const blob = await (await fetch('/fixtures/passport')).blob();
      const data = await recognizer.document({ first: blob });
      recognizer.terminate();
      return data.mrzData?.mrzType;
    });
    expect(mrzType).toBe('TD3');
    // Fetched from the host again, past the HTTP cache, whose copy is now the right one.
    expect(requests.filter((r) => r.includes(zxingWasm.file)).length).toBe(before + 1);
    expect(await cachedSha256()).toBe(zxingWasm.sha256);
  });

  it('detects a violation when the policy forbids WebAssembly (the check is not vacuous)', async () => {
    const page = await pageWith("script-src 'self'; worker-src 'self'");
    const consoleBefore = h.browser.console.length;
    const code = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      const outcome = await recognizer.ready.then(
        () => 'ready',
        (e: { code?: string }) => e.code,
      );
      recognizer.terminate();
      return outcome;
    });
    expect(code).toBe('RUNTIME_UNAVAILABLE');
    expect(h.browser.console.slice(consoleBefore).some((line) => /Content Security Policy|wasm-unsafe-eval/i.test(line))).toBe(true);
  });
});

/**
 * `data` with each number inside a location (`location`, `latinLocation`…) replaced by
 * `reference`'s where the two differ by at most `px`: a comparison that lets boxes move that much
 * and shows everything else that differs.
 */
function locationsWithin(data: unknown, reference: unknown, px: number, inLocation = false): unknown {
  if (typeof data === 'number' && typeof reference === 'number') return inLocation && Math.abs(data - reference) <= px ? reference : data;
  if (Array.isArray(data) && Array.isArray(reference)) return data.map((v, i) => locationsWithin(v, reference[i], px, inLocation));
  if (!data || !reference || typeof data !== 'object' || typeof reference !== 'object') return data;
  const ref = reference as Record<string, unknown>;
  return Object.fromEntries(Object.entries(data).map(([key, v]) => [key, locationsWithin(v, ref[key], px, inLocation || /location$/i.test(key))]));
}
