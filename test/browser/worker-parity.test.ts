import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildBrowserBundle, closeHarness, launchChromium, openPage, startIdlensServer, startPageServer, type PageServer } from './support/browser-harness.ts';
import { allSymbologies, parityFixtures, type ParityFixture } from './support/parity-fixtures.ts';

type Harness = {
  bundle: Awaited<ReturnType<typeof buildBrowserBundle>>;
  server: Awaited<ReturnType<typeof startIdlensServer>>;
  pageServer: PageServer;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  page: Page;
  fixtures: ParityFixture[];
};

/** What the browser answered, per fixture: the data, or the error's code. */
type BrowserAnswers = Record<string, { data?: unknown; error?: string }>;

describe('browser worker: same results as the server (Chromium)', () => {
  let h: Harness;
  const progress: Array<{ asset: string; cached: boolean }> = [];
  beforeAll(async () => {
    const [bundle, server, fixtures] = await Promise.all([buildBrowserBundle(), startIdlensServer(), parityFixtures()]);
    const pageServer = await startPageServer({
      bundleDir: bundle.dir,
      fixtures: new Map(fixtures.map((f) => [f.name, f.png])),
      // The host app's reverse proxy to the recognition server (for the server fallback).
      routes: (app) =>
        app.post('/idlens/*', async (c) => {
          const res = await fetch(`${server.url}${c.req.path.slice('/idlens'.length)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: await c.req.text(),
          });
          return c.body(await res.arrayBuffer(), res.status as 200, { 'content-type': 'application/json' });
        }),
    });
    const browser = await launchChromium();
    const page = await openPage(browser.context, pageServer.url);
    h = { bundle, server, pageServer, browser, page, fixtures };
  });
  afterAll(() => closeHarness(h));

  it('recognizes every fixture in the worker with the same JSON data as the server', async () => {
    const server: Record<string, unknown> = {};
    for (const f of h.fixtures) {
      const body =
        f.route === '/barcode' ? { image: { imageBase64: f.png.toString('base64') }, ...allSymbologies } : { image: { imageBase64: f.png.toString('base64') } };
      const res = await fetch(`${h.server.url}${f.route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, f.name).toBe(200);
      server[f.name] = ((await res.json()) as { data: unknown }).data;
    }
    const browser = await h.page.evaluate(
      async ({ fixtures, options }) => {
        const { createRecognizer } = (window as any).idlens;
        const events: Array<{ asset: string; cached: boolean }> = [];
        const recognizer = createRecognizer({ onProgress: (e: { asset: string; cached: boolean }) => events.push({ asset: e.asset, cached: e.cached }) });
        await recognizer.ready;
        const answers: Record<string, { data?: unknown; error?: string }> = {};
        for (const f of fixtures) {
          const blob = await (await fetch(`/fixtures/${f.name}`)).blob();
          try {
            answers[f.name] = { data: f.route === '/barcode' ? await recognizer.barcode(blob, options) : await recognizer.idBarcode(blob) };
          } catch (error) {
            answers[f.name] = { error: `${(error as { code?: string }).code}: ${(error as Error).message}` };
          }
        }
        recognizer.terminate();
        return { answers, events };
      },
      { fixtures: h.fixtures.map(({ name, route }) => ({ name, route })), options: allSymbologies },
    );
    progress.push(...browser.events);
    const answers = browser.answers as BrowserAnswers;
    for (const f of h.fixtures) {
      expect(answers[f.name]?.error, f.name).toBeUndefined();
      expect(answers[f.name]?.data, f.name).toEqual(server[f.name]);
    }
    // The fixtures really are read (not parity of two EMPTY answers).
    const statuses = h.fixtures.map((f) => (server[f.name] as { recognitionStatus: string }).recognitionStatus);
    expect(statuses.filter((s) => s === 'EMPTY')).toHaveLength(1);
    expect(progress.some((p) => p.asset === 'zxing_reader.wasm')).toBe(true);
  });

  it('falls back to the server when the worker cannot start (mode auto), with the same results', async () => {
    const fixtures = h.fixtures.filter((f) => ['qr', 'aamva', 'scene-empty-1080p'].includes(f.name)).map(({ name, route }) => ({ name, route }));
    const result = await h.page.evaluate(
      async ({ fixtures, options }) => {
        const { createRecognizer } = (window as any).idlens;
        const recognizer = createRecognizer({ mode: 'auto', workerUrl: '/sdk/missing-worker.js', server: { serverUrl: '/idlens/' } });
        await recognizer.ready;
        const answers: Record<string, unknown> = {};
        for (const f of fixtures) {
          const blob = await (await fetch(`/fixtures/${f.name}`)).blob();
          answers[f.name] = f.route === '/barcode' ? await recognizer.barcode(blob, options) : await recognizer.idBarcode(blob);
        }
        return { mode: recognizer.mode, answers };
      },
      { fixtures, options: allSymbologies },
    );
    expect(result.mode).toBe('server');
    for (const f of fixtures) {
      const body = {
        image: { imageBase64: h.fixtures.find((x) => x.name === f.name)!.png.toString('base64') },
        ...(f.route === '/barcode' ? allSymbologies : {}),
      };
      const res = await fetch(`${h.server.url}${f.route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(result.answers[f.name], f.name).toEqual(((await res.json()) as { data: unknown }).data);
    }
  });

  it('live-scans a <video> (camera stand-in: a canvas stream) until frames agree, with feedback', async () => {
    const result = await h.page.evaluate(async () => {
      const { createRecognizer, createScanSession } = (window as any).idlens;
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const ctx = canvas.getContext('2d')!;
      const qr = await createImageBitmap(await (await fetch('/fixtures/qr')).blob());
      let frame = 0;
      const draw = () => {
        ctx.fillStyle = '#7a7a7a';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        // The code appears after a few frames, as when the user points the camera.
        if (frame++ > 3) ctx.drawImage(qr, 300, 200);
      };
      draw();
      const timer = setInterval(draw, 50);
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = canvas.captureStream(20);
      await video.play();
      const recognizer = createRecognizer();
      const feedback: string[] = [];
      const session = createScanSession({ recognizer, kind: 'barcode', source: video, options: { scanQrCode: true }, minIntervalMs: 50 });
      session.addEventListener('feedback', (e: { feedback: string }) => feedback.push(e.feedback));
      const data = await session.result;
      clearInterval(timer);
      recognizer.terminate();
      return { stringData: data.stringData, feedback, stats: session.stats };
    });
    expect(result.stringData).toBe('https://idlens.example/q?x=1');
    // A featureless frame fails the sharpness gate before recognition is even tried.
    expect(result.feedback[0]).toMatch(/^(too-blurry|no-document)$/);
    expect(result.feedback).toContain('hold-still');
    expect(result.feedback.at(-1)).toBe('done');
    expect(result.stats.recognized).toBeGreaterThanOrEqual(2);
  });

  it('decodes each image on its own: a transparent image after an opaque one of its size shows nothing of it', async () => {
    // The worker draws every image on one canvas (decode-frame.ts): a drawing over the last one's
    // pixels would leave them showing through the transparent image.
    const quality = await h.page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const png = async (fill: string | null) => {
        const canvas = new OffscreenCanvas(64, 48);
        const ctx = canvas.getContext('2d')!;
        if (fill) {
          ctx.fillStyle = fill;
          ctx.fillRect(0, 0, 64, 48);
        }
        return canvas.convertToBlob({ type: 'image/png' });
      };
      const recognizer = createRecognizer();
      await recognizer.ready;
      const white = await recognizer.frameQuality(await png('#ffffff'));
      const clear = await recognizer.frameQuality(await png(null));
      const grey = await recognizer.frameQuality(await png('#808080'));
      recognizer.terminate();
      return { white, clear, grey };
    });
    expect(quality.white.brightness).toBeGreaterThan(250);
    // Transparent black (0, 0, 0, 0), not the white drawn before it.
    expect(quality.clear.brightness).toBeLessThan(5);
    expect(quality.grey.brightness).toBeCloseTo(128, -1);
  });

  it('keeps error codes across the worker boundary and rejects calls after terminate()', async () => {
    const result = await h.page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      await recognizer.ready;
      const codeOf = (p: Promise<unknown>) =>
        p.then(
          () => 'resolved',
          (e: { code?: string; name?: string }) => `${e.name}:${e.code}`,
        );
      const notAnImage = await codeOf(recognizer.barcode(new Blob([new Uint8Array([1, 2, 3])]), { scanQrCode: true }));
      const badFrame = await codeOf(recognizer.barcode({ width: 2, height: 2, data: new Uint8ClampedArray(3) }, { scanQrCode: true }));
      // ImageData is transferred, not copied: the page's buffer is detached afterwards.
      const imageData = new ImageData(64, 64);
      await recognizer.barcode(imageData, { scanQrCode: true });
      const detached = imageData.data.byteLength === 0;
      recognizer.terminate();
      const afterTerminate = await codeOf(recognizer.barcode(new ImageData(8, 8), { scanQrCode: true }));
      return { notAnImage, badFrame, detached, afterTerminate };
    });
    expect(result).toEqual({
      notAnImage: 'IdlensError:IMAGE_DECODE_FAILED',
      badFrame: 'IdlensError:INVALID_FRAME',
      detached: true,
      afterTerminate: 'IdlensError:WORKER_TERMINATED',
    });
  });

  it('answers the wasm from Cache Storage on the next visit', async () => {
    const page = await openPage(h.browser.context, h.pageServer.url);
    const cached = await page.evaluate(async () => {
      const { createRecognizer } = (window as any).idlens;
      const events: Array<{ asset: string; cached: boolean }> = [];
      const recognizer = createRecognizer({ onProgress: (e: { asset: string; cached: boolean }) => events.push({ asset: e.asset, cached: e.cached }) });
      await recognizer.ready;
      recognizer.terminate();
      return events.filter((e) => e.asset === 'zxing_reader.wasm').map((e) => e.cached);
    });
    expect(cached).toEqual([true]);
    await page.close();
  });
});
