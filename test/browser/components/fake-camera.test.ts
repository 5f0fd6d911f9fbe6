import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildBrowserBundle, startPageServer, type PageServer } from '../support/browser-harness.ts';
import { type CameraScene, documentSideSignature, qrPng, qrText, sideBlock, writeCameraFile } from './support/camera-fixtures.ts';
import { buildComponentsBundle, componentRoutes, launchWithCamera, openComponentsPage } from './support/component-harness.ts';

/**
 * The scanners read from Chromium's fake camera, which plays a y4m generated here from a
 * rendered barcode, card and ID card — so the whole path (getUserMedia → video → scan session →
 * worker → result event) runs as on a phone.
 */
type Bundles = { sdk: Awaited<ReturnType<typeof buildBrowserBundle>>; wc: Awaited<ReturnType<typeof buildComponentsBundle>>; server: PageServer; tmp: string };
let b: Bundles;
const timings: Record<string, number> = {};

beforeAll(async () => {
  const [sdk, wc, tmp] = await Promise.all([buildBrowserBundle(), buildComponentsBundle(), mkdtemp(path.join(os.tmpdir(), 'idlens-y4m-'))]);
  const png = await qrPng();
  const server = await startPageServer({ bundleDir: sdk.dir, fixtures: new Map([['qr', png]]), routes: componentRoutes(wc.dir) });
  b = { sdk, wc, server, tmp };
});

afterAll(async () => {
  await b?.server.close();
  await b?.sdk.remove();
  await b?.wc.remove();
  if (b?.tmp) await rm(b.tmp, { recursive: true, force: true });
  if (Object.keys(timings).length) {
    console.log('camera start → first result (ms):', timings);
    await mkdir('reports', { recursive: true });
    await writeFile('reports/component-timings.json', `${JSON.stringify(timings, null, 2)}\n`);
  }
});

/** Adds a scanner to the page and waits for its result event (or an error event). */
async function scanFromCamera(page: Page, tag: string, attributes: Record<string, string> = {}) {
  return page.evaluate(
    async ({ tag, attributes }) => {
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      el.setAttribute('autostart', '');
      const statuses: string[] = [];
      el.addEventListener('idlens-status', (e) => statuses.push((e as unknown as { status: string }).status));
      const outcome = new Promise<Record<string, unknown>>((resolve) => {
        el.addEventListener('idlens-result', (e) => {
          const r = e as unknown as {
            kind: string;
            data: unknown;
            durationMs: number;
            mode: string;
            source: string;
            images: { front: Blob; back?: Blob | null };
          };
          resolve({
            kind: r.kind,
            data: r.data,
            durationMs: r.durationMs,
            mode: r.mode,
            source: r.source,
            frontType: r.images.front.type,
            hasBack: !!r.images.back,
          });
        });
        el.addEventListener('idlens-error', (e) => resolve({ error: (e as unknown as { message: string }).message }));
      });
      document.querySelector('#stage')!.append(el);
      const result = await outcome;
      const video = el.shadowRoot!.querySelector('idlens-camera')!.shadowRoot!.querySelector('video')!;
      return { ...result, statuses, videoStopped: video.srcObject === null } as Record<string, any>;
    },
    { tag, attributes },
  );
}

/** Runs `use` on the components page in a browser whose camera shows `scene`, and closes the browser. */
async function onFakeCamera(scene: CameraScene, use: (page: Page) => Promise<void>): Promise<void> {
  const browser = await launchWithCamera({ y4m: await writeCameraFile(b.tmp, scene), grantOrigins: [b.server.url] });
  try {
    await use(await openComponentsPage(browser.context, b.server.url));
  } finally {
    await browser.close();
  }
}

/** Puts a scanner that starts its camera at once (`autostart`), with `attributes`, on the page's stage. */
function addScanner(page: Page, tag: string, attributes: Record<string, string> = {}): Promise<void> {
  return page.evaluate(
    ([tag, attributes]) => {
      const el = document.createElement(tag);
      el.setAttribute('autostart', '');
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      document.querySelector('#stage')!.append(el);
    },
    [tag, attributes] as const,
  );
}

/**
 * Waits until the document scene shows `side` and holds the picture there (the video paused, as a
 * hand holds the card still), so that a loaded machine's slow click still captures that side. The
 * side is judged from the frame's pixels, not the video's clock: a loaded machine's fake camera
 * falls behind that clock.
 */
async function holdSide(page: Page, side: 'front' | 'back'): Promise<void> {
  await page.waitForFunction(
    ({ signature, block, side }) => {
      const video = document.querySelector('idlens-document-scanner')!.shadowRoot!.querySelector('idlens-camera')!.video!;
      const canvas = Object.assign(document.createElement('canvas'), { width: video.videoWidth, height: video.videoHeight });
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      // The frame's block means where the two sides differ (as blockMeans computes them), nearer `side`'s.
      const showsSide = () => {
        context.drawImage(video, 0, 0);
        const { data, width } = context.getImageData(0, 0, canvas.width, canvas.height);
        const columns = Math.floor(width / block);
        let front = 0;
        let back = 0;
        signature.blocks.forEach((index, k) => {
          const [left, top] = [(index % columns) * block, Math.floor(index / columns) * block];
          let sum = 0;
          for (let y = top; y < top + block; y++)
            for (let x = left; x < left + block; x++) {
              const i = (y * width + x) * 4;
              sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
            }
          const mean = sum / (block * block);
          front += Math.abs(mean - signature.front[k]!);
          back += Math.abs(mean - signature.back[k]!);
        });
        return side === 'back' ? back < front / 2 : front < back / 2;
      };
      if (!showsSide()) return false;
      video.pause();
      // The paused frame is the one captured: if the other side came round meanwhile, wait for the next loop.
      if (showsSide()) return true;
      void video.play();
      return false;
    },
    { signature: await documentSideSignature(), block: sideBlock, side },
    { polling: 50 },
  );
}

/** Lets the held video play on (the hand moves the card again). */
async function releaseSide(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('idlens-document-scanner')!.shadowRoot!.querySelector('idlens-camera')!.video!.play());
}

describe('scanners from a fake camera (Chromium)', () => {
  it('barcode scanner reads a QR code from the camera, then releases the camera', async () => {
    await onFakeCamera('barcode', async (page) => {
      const result = await scanFromCamera(page, 'idlens-barcode-scanner');
      expect(result).toMatchObject({ kind: 'barcode', mode: 'worker', source: 'camera', frontType: 'image/jpeg', videoStopped: true });
      expect(result.data).toMatchObject({ barcodeType: 'QR_CODE', stringData: qrText, recognitionStatus: 'VALID' });
      expect(result.statuses).toEqual(expect.arrayContaining(['camera-live', 'scanning', 'done']));
      // The summary the user sees names the symbology and the content.
      await expect.poll(() => page.locator('idlens-barcode-scanner [part=result]').textContent()).toContain(qrText);
      timings.barcode = result.durationMs as number;
    });
  });

  it('camera denied → the message says so and the upload fallback reads the photo', async () => {
    // Permission is granted to 127.0.0.1 only; at localhost the same page is refused the camera.
    const browser = await launchWithCamera({ grantOrigins: [] });
    try {
      const page = await openComponentsPage(browser.context, b.server.url);
      await page.evaluate(() => {
        const el = document.createElement('idlens-barcode-scanner');
        el.setAttribute('autostart', '');
        document.querySelector('#stage')!.append(el);
      });
      const alert = page.locator('idlens-barcode-scanner [part=message][role=alert]');
      await expect.poll(() => alert.textContent()).toContain('Camera access was denied');
      const errorEvent = await page.evaluate(() => (window as any).events.find((e: { type: string }) => e.type === 'idlens-error'));
      expect(errorEvent).toMatchObject({ reason: 'camera-denied', tag: 'idlens-barcode-scanner', composed: true, bubbles: true });
      // The user may allow the camera now: a button tries again (still denied here, so it says so again).
      const retry = page.locator('idlens-barcode-scanner [part~=retry]');
      expect(await retry.textContent()).toBe('Try the camera again');
      await retry.click();
      await page.waitForFunction(() => (window as any).events.filter((e: { type: string }) => e.type === 'idlens-error').length === 2);
      expect(await alert.textContent()).toContain('Camera access was denied');
      const png = await (await fetch(`${b.server.url}/fixtures/qr`)).arrayBuffer();
      const chooser = page.waitForEvent('filechooser');
      await page.locator('idlens-barcode-scanner [part~=upload]').first().click();
      await (await chooser).setFiles({ name: 'qr.png', mimeType: 'image/png', buffer: Buffer.from(png) });
      await page.waitForFunction(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result'));
      const result = await page.evaluate(() => (window as any).events.find((e: { type: string }) => e.type === 'idlens-result'));
      expect(result).toMatchObject({ kind: 'barcode', source: 'file', data: { barcodeType: 'QR_CODE', stringData: qrText } });
    } finally {
      await browser.close();
    }
  });

  it('ID-barcode scanner reads the AAMVA PDF417 on a licence back from the camera', async () => {
    await onFakeCamera('id-barcode', async (page) => {
      const result = await scanFromCamera(page, 'idlens-id-barcode-scanner');
      expect(result).toMatchObject({ kind: 'id-barcode', mode: 'worker', source: 'camera', videoStopped: true });
      expect(result.data).toMatchObject({ recognitionStatus: 'VALID', firstName: 'ANDREW', lastName: 'SAMPLE', documentNumber: 'T64271935' });
      const summary = await page.locator('idlens-id-barcode-scanner [part=result]').textContent();
      expect(summary).toContain('ID barcode read: valid — ANDREW SAMPLE');
      timings.idBarcode = result.durationMs as number;
    });
  });

  it('document scanner: a passport from the camera is one side — its result at once, no flip step', async () => {
    await onFakeCamera('passport', async (page) => {
      const result = await scanFromCamera(page, 'idlens-document-scanner');
      expect(result).toMatchObject({ kind: 'document', source: 'camera', hasBack: false });
      expect(result.data.mrzData).toMatchObject({ mrzType: 'TD3', documentNumber: 'L898902C3', verified: true });
      expect(result.statuses).not.toContain('flip');
      expect(await page.locator('idlens-document-scanner [part=flip]').count()).toBe(0);
      expect(await page.locator('idlens-document-scanner [part=result]').textContent()).toContain('Document read: valid — TD3, № L898902C3');
      timings.passport = result.durationMs as number;
    });
  });

  it('card scanner: a card the frame cuts off is not read — "outside the frame", its outline marked, the guide never green — and the tips come', async () => {
    await onFakeCamera('card-cut', async (page) => {
      await page.evaluate(() => {
        const el = document.createElement('idlens-card-scanner');
        el.setAttribute('autostart', '');
        el.setAttribute('trouble-after', '6000');
        document.querySelector('#stage')!.append(el);
        // Every class the guide ever has, from the first render on.
        (window as any).guideWasOk = false;
        new MutationObserver(() => {
          if (el.shadowRoot?.querySelector('.guide.ok')) (window as any).guideWasOk = true;
        }).observe(el.shadowRoot!, { subtree: true, attributes: true, childList: true });
      });
      const scanner = page.locator('idlens-card-scanner');
      await expect.poll(() => scanner.locator('[part=feedback]').textContent()).toBe('Part of it is outside the frame: move it fully into view.');
      expect(await scanner.locator('svg.outline.cut polygon').count()).toBe(1);
      await page.screenshot({ path: 'reports/screenshots/card-scanner-cut-off.png' });
      // Scanning goes on for the tips' 6 s without a result: the cut card is never read as one.
      await scanner.locator('[part=trouble]').waitFor();
      expect(await page.evaluate(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result'))).toBe(false);
      expect(await page.evaluate(() => (window as any).guideWasOk)).toBe(false);
      expect(await scanner.locator('[part=feedback]').textContent()).toBe('Part of it is outside the frame: move it fully into view.');
    });
  });

  it('card scanner reads a Visa card from the camera; the summary shows only the last four digits', async () => {
    await onFakeCamera('card', async (page) => {
      const result = await scanFromCamera(page, 'idlens-card-scanner');
      expect(result).toMatchObject({ kind: 'card', source: 'camera' });
      expect(result.data).toMatchObject({ cardNumber: '4111111111111111', issuingNetwork: 'VISA', recognitionStatus: 'VALID' });
      const summary = await page.locator('idlens-card-scanner [part=result]').textContent();
      expect(summary).toContain('1111');
      expect(summary).not.toContain('4111');
      timings.card = result.durationMs as number;
    });
  });

  it('document scanner: the outline follows an ID card over the preview while it is scanned', async () => {
    await onFakeCamera('document-front', async (page) => {
      await addScanner(page, 'idlens-document-scanner');
      // The frame check finds the card (no MRZ on it: scanning goes on until it is captured), and its
      // outline follows it over the preview (the card lies at 298…982 × 120…600 of the 1280×720 frame).
      const polygon = page.locator('idlens-document-scanner svg.outline:not(.cut) polygon');
      await polygon.waitFor();
      const corners = (await polygon.getAttribute('points'))!.split(' ').map((p) => p.split(',').map(Number));
      expect(corners).toHaveLength(4);
      for (const [[x, y], [ex, ey]] of corners.map(
        (c, i) =>
          [
            c,
            [
              [298, 120],
              [982, 120],
              [982, 600],
              [298, 600],
            ][i]!,
          ] as const,
      )) {
        expect(Math.abs(x! - ex!)).toBeLessThan(25);
        expect(Math.abs(y! - ey!)).toBeLessThan(25);
      }
      await page.screenshot({ path: 'reports/screenshots/document-scanner-outline.png' });
    });
  });

  it('document scanner: the back captured by hand is read once, with the front, as both sides', async () => {
    await onFakeCamera('document', async (page) => {
      // More agreeing frames than the test lasts: the back comes only from the capture button.
      await addScanner(page, 'idlens-document-scanner', { agreement: '1000' });
      const capture = page.locator('idlens-document-scanner [part~=capture]');
      await capture.waitFor();
      await holdSide(page, 'front');
      await capture.click();
      await releaseSide(page);
      await page.locator('idlens-document-scanner [part=flip]').waitFor();
      await page.locator('idlens-document-scanner [part~=scan-back]').click();
      // The back is on camera for half of the file's loop; it is held there while the click lands.
      await holdSide(page, 'back');
      await capture.click();
      await page.waitForFunction(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result' || e.type === 'idlens-error'));
      const result = await page.evaluate(() => (window as any).events.find((e: { type: string }) => e.type === 'idlens-result' || e.type === 'idlens-error'));
      expect(result).toMatchObject({ type: 'idlens-result', kind: 'document', source: 'camera' });
      expect(result.data.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'D23145890', verified: true });
      expect(result.sides).toEqual(['front', 'back']);
      const statuses = await page.evaluate(() =>
        (window as any).events.filter((e: { type: string }) => e.type === 'idlens-status').map((e: { status: string }) => e.status),
      );
      // One reading of the captured back (with the front), not one alone and another with the front.
      expect(statuses.slice(statuses.lastIndexOf('scanning')).filter((s: string) => s === 'processing')).toHaveLength(1);
    });
  });

  it('document scanner: front captured, flip step, back read from the camera, both sides recognized', async () => {
    await onFakeCamera('document', async (page) => {
      await addScanner(page, 'idlens-document-scanner');
      // The front has no MRZ: the user captures it while it is on camera.
      const capture = page.locator('idlens-document-scanner [part~=capture]');
      await capture.waitFor();
      await holdSide(page, 'front');
      await capture.click();
      await releaseSide(page);
      await page.locator('idlens-document-scanner [part=flip]').waitFor();
      // The flip prompt is over the preview, where the user looks, not below it.
      const viewport = (await page.locator('idlens-document-scanner [part=viewport]').boundingBox())!;
      const flip = (await page.locator('idlens-document-scanner [part=flip]').boundingBox())!;
      expect(flip.y).toBeGreaterThanOrEqual(viewport.y);
      expect(flip.y + flip.height).toBeLessThanOrEqual(viewport.y + viewport.height);
      await page.locator('idlens-document-scanner [part~=scan-back]').click();
      await page.waitForFunction(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result' || e.type === 'idlens-error'));
      const result = await page.evaluate(() => (window as any).events.find((e: { type: string }) => e.type === 'idlens-result' || e.type === 'idlens-error'));
      expect(result).toMatchObject({ type: 'idlens-result', kind: 'document', source: 'camera' });
      expect(result.data.mrzData).toMatchObject({ mrzType: 'TD1', documentNumber: 'D23145890', issuer: 'UTO', verified: true });
      // Both captured sides travel with the result (to show them, or to submit them in a transaction).
      expect(result.sides).toEqual(['front', 'back']);
      const statuses = await page.evaluate(() =>
        (window as any).events.filter((e: { type: string; tag: string }) => e.type === 'idlens-status').map((e: { status: string }) => e.status),
      );
      expect(statuses).toEqual(expect.arrayContaining(['scanning', 'flip', 'processing', 'done']));
      // The back's agreed frame was read with the front as the scan's last reading, not read again after it.
      expect(statuses.slice(statuses.lastIndexOf('scanning'))).not.toContain('processing');
      // The front is captured by hand; what the scanner does on its own is the back: scan start → result.
      const backStart = await page.evaluate(
        () => (window as any).events.filter((e: { type: string; status: string }) => e.type === 'idlens-status' && e.status === 'scanning').at(-1).at,
      );
      timings.documentBackSide = Math.round(result.at - backStart);
      timings.documentTotal = result.durationMs;
    });
  });
});
