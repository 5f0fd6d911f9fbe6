import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { renderCard } from '../../support/card-render.ts';
import { framePng } from '../../support/mrz-render.ts';
import { passportPng } from '../support/passport.ts';
import { qrPng, qrText } from './support/camera-fixtures.ts';
import { launchWithCamera, seriousViolations } from './support/component-harness.ts';
import { startDemoStack } from './support/demo-stack.ts';
import { cameraFrame, writeY4m } from './support/y4m.ts';

/**
 * The demo page as `pnpm start` serves it, opened at both host names a developer types: every
 * asset loads, a barcode photo gives the summary, timing and JSON, and whole transactions run
 * from the page through the proxy and the edge API (the CORS case that used to fail).
 */
let demo: Awaited<ReturnType<typeof startDemoStack>>;
let browser: Awaited<ReturnType<typeof launchWithCamera>>;
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'idlens-demo-cam-'));
  // The fake camera shows a valid passport (expires 2034) for the verification flow.
  const y4m = path.join(tmp, 'passport.y4m');
  await writeY4m(y4m, [{ image: await cameraFrame(await passportPng()), frames: 2 }], 2);
  demo = await startDemoStack();
  browser = await launchWithCamera({ y4m, grantOrigins: [`http://localhost:${demo.port}`, `http://127.0.0.1:${demo.port}`] });
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function open(host: string, hash = ''): Promise<{ page: Page; failures: string[] }> {
  const page = await browser.context.newPage();
  const failures: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
  page.on('requestfailed', (r) => failures.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('console', (m) => m.type() === 'error' && failures.push(`console: ${m.text()}`));
  // The page runs under its Content-Security-Policy (issue #56): anything it refuses is a failure.
  await page.exposeFunction('reportViolation', (v: string) => failures.push(`CSP: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto(`http://${host}:${demo.port}/${hash}`);
  expect(response?.headers()['content-security-policy']).toContain(`http://${host}:*`);
  await page.waitForFunction(() => customElements.get('idlens-transaction') !== undefined);
  return { page, failures };
}

async function upload(page: Page, button: string, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator(button).first().click();
  await (await chooser).setFiles({ ...file, mimeType: 'image/png' });
}

/** The step's scanner has its images: the flow shows them for review; Send submits them. */
async function sendReview(page: Page, { timeout = 120_000 } = {}) {
  const review = page.locator('idlens-transaction [part=review]');
  await review.waitFor({ timeout });
  await review.locator('[part~=submit]').click();
}

async function runTransaction(page: Page, workflow: string) {
  await page.locator('#workflow').selectOption(workflow);
  const flow = page.locator('idlens-transaction');
  await flow.locator('input[name=consent]').check();
  // Both demo workflows declare `customerName`; the form shows it once the proxy answered.
  await flow.locator('input[name=customerName]').fill('Anna Eriksson');
  await flow.locator('[part~=start]').click();
}

describe.each(['localhost', '127.0.0.1'])('demo page at %s', (host) => {
  it('loads without a 404 or console error, reads an uploaded barcode and shows fields, time and JSON', async () => {
    const { page, failures } = await open(host, '#barcode');
    // Cross-origin isolated (COOP + COEP), as the demo server sends it (response-headers.ts).
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await upload(page, 'idlens-barcode-scanner [part~=upload]', { name: 'qr.png', buffer: await qrPng() });
    await expect.poll(() => page.locator('#fields').textContent()).toContain(qrText);
    expect(await page.locator('#timing').textContent()).toMatch(/^\d+ ms · photo → result · in this browser$/);
    expect(JSON.parse((await page.locator('#json').textContent())!)).toMatchObject({ barcodeType: 'QR_CODE', stringData: qrText });
    expect(await page.locator('#previews canvas').count()).toBe(1);
    const favicon = await page.request.get(`http://${host}:${demo.port}/favicon.ico`);
    expect(favicon.status()).toBe(200);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('runs demo-auto end to end from the page: Accept', async () => {
    const { page, failures } = await open(host, '#transaction');
    await runTransaction(page, 'demo-auto');
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent()).toContain('Verified');
    expect(await page.locator('#fields').textContent()).toContain('Accept');
    expect(failures).toEqual([]);
    await page.close();
  });
});

describe('demo verification flow with the camera', () => {
  it('demo-document: the passport is scanned from the camera, checked by the server, Accept', async () => {
    const { page, failures } = await open('localhost', '#transaction');
    await runTransaction(page, 'demo-document');
    await sendReview(page);
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent(), { interval: 1000 }).toContain('Verified');
    const fields = await page.locator('#fields').textContent();
    // The checks as words; the raw JSON keeps their ids and outcomes.
    expect(fields).toContain('Not expired');
    expect(fields).toContain('Passed: not expired');
    expect(fields).not.toContain('notExpired');
    // …and the ids inside the platform's reasons too ("agree on document number, …").
    expect(fields).toContain('agree on document number');
    expect(fields).not.toContain('documentNumber');
    expect(await page.locator('#json').textContent()).toContain('"notExpired"');
    expect(failures).toEqual([]);
    await page.close();
  });

  it('demo-document with an expired passport (uploaded): Review, and the page says which check decided', async () => {
    const { page } = await open('127.0.0.1', '#transaction');
    await runTransaction(page, 'demo-document');
    const scanner = 'idlens-transaction idlens-document-scanner';
    await page.locator(`${scanner} [part~=upload]`).first().waitFor();
    await upload(page, `${scanner} [part~=upload]`, { name: 'wrong.png', buffer: await qrPng() });
    // Before anything is sent: the captured side for review, with a retake.
    const review = page.locator('idlens-transaction [part=review]');
    await review.waitFor();
    expect(await review.locator('img').count()).toBe(1);
    expect(await review.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await review.locator('figcaption').textContent()).toBe('Front side');
    // Nothing was read from it (a QR code is no document): the review says so.
    expect(await review.locator('[part=review-empty]').textContent()).toContain('Nothing was found on this image');
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `reports/screenshots/demo-transaction-review-step-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // That was the wrong picture: retake, and the scanner is back for a new one.
    await review.locator('[part~=retake]').click();
    await page.locator(`${scanner} [part~=upload]`).first().waitFor();
    expect(await review.count()).toBe(0);
    await upload(page, `${scanner} [part~=upload]`, { name: 'expired.png', buffer: await passportPng('200415') });
    await sendReview(page);
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent(), { interval: 1000 }).toContain('Sent for review');
    const reasons = await page.locator('idlens-transaction [part=card] ul').textContent();
    expect(reasons).toContain('the document has expired');
    await mkdir('reports/screenshots', { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `reports/screenshots/demo-transaction-review-${width}.png`, fullPage: true });
    }
    await page.close();
  });
});

describe('demo results', () => {
  it('a card: the network as a word, the raw JSON with the last four digits only; a photo without a card shows no expiry', async () => {
    const { page } = await open('127.0.0.1', '#card');
    const card = await framePng(await renderCard({ number: '4111 1111 1111 1111', expiry: '12/29', name: 'ANNA ERIKSSON', network: 'VISA', width: 900 }));
    await upload(page, 'idlens-card-scanner [part~=upload]', { name: 'card.png', buffer: card });
    await expect.poll(() => page.locator('#fields').textContent()).toContain('•••• 1111');
    const fields = await page.locator('#fields').textContent();
    expect(fields).toContain('Visa');
    expect(fields).not.toContain('VISA');
    const json = (await page.locator('#json').textContent())!;
    expect(json).not.toContain('4111111111111111');
    expect(JSON.parse(json)).toMatchObject({ cardNumber: '••••••••••••1111', issuingNetwork: 'VISA', recognitionStatus: 'VALID' });
    // A photo of nothing: its status, no expiry or network rows.
    const blank = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#d8d4cc' } })
      .png()
      .toBuffer();
    await upload(page, 'idlens-card-scanner [part~=upload]:visible', { name: 'blank.png', buffer: blank });
    await expect.poll(() => page.locator('#fields').textContent()).toBe('StatusNothing found');
    expect(await page.locator('#fields dt').allTextContents()).toEqual(['Status']);
    await page.close();
  });

  it('an error after a result clears that result (fields, image, JSON) and says what failed', async () => {
    const { page } = await open('127.0.0.1', '#barcode');
    await upload(page, 'idlens-barcode-scanner [part~=upload]', { name: 'qr.png', buffer: await qrPng() });
    await expect.poll(() => page.locator('#fields').textContent()).toContain(qrText);
    await upload(page, 'idlens-barcode-scanner [part~=upload]:visible', { name: 'broken.png', buffer: Buffer.from('no picture in here') });
    await expect.poll(() => page.locator('#problem').textContent()).not.toBe('');
    expect(await page.locator('#fields').textContent()).toBe('');
    expect(await page.locator('#previews canvas').count()).toBe(0);
    expect(await page.locator('#json').textContent()).toBe('');
    expect(await page.locator('#timing').textContent()).toBe('');
    await page.close();
  });
});

describe('demo accessibility and layout', () => {
  it('at 390 px every tab is in view (they wrap, nothing to scroll to); at 1280×800 live scanning shows feedback, side and capture without scrolling', async () => {
    const { page } = await open('localhost', '#document');
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = await page.locator('[role=tab]').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right]));
    for (const [left, right] of tabs) {
      expect(left!).toBeGreaterThanOrEqual(0);
      expect(right!).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('[role=tablist]').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'reports/screenshots/demo-tabs-390.png' });
    await page.close();
    // Chromium's own test pattern (no document in it): the scanner keeps scanning.
    const patterned = await launchWithCamera({ grantOrigins: [`http://localhost:${demo.port}`] });
    try {
      const live = await patterned.context.newPage();
      await live.setViewportSize({ width: 1280, height: 800 });
      await live.goto(`http://localhost:${demo.port}/#document`);
      await live.locator('idlens-document-scanner [part~=start]').click();
      const scanner = live.locator('idlens-document-scanner');
      await scanner.locator('[part~=capture]').waitFor();
      for (const part of ['[part=feedback]', '[part=side]', '[part~=capture]']) {
        const box = (await scanner.locator(part).boundingBox())!;
        expect(box.y + box.height, `${part} below the fold`).toBeLessThanOrEqual(800);
      }
      expect(await live.evaluate(() => window.scrollY)).toBe(0);
      for (const width of [1280, 390]) {
        await live.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
        await live.screenshot({ path: `reports/screenshots/demo-document-scanning-${width}.png` });
      }
      // Every scanner while it scans, at both widths (the preview scrolled into view on the phone).
      for (const [tab, tag] of [
        ['barcode', 'idlens-barcode-scanner'],
        ['id-barcode', 'idlens-id-barcode-scanner'],
        ['card', 'idlens-card-scanner'],
      ] as const) {
        for (const width of [1280, 390]) {
          await live.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
          await live.evaluate(() => window.scrollTo(0, 0));
          await live.locator(`#tab-${tab}`).click();
          await live.locator(`${tag} [part~=start]`).click();
          await live.locator(`${tag} [part=feedback]:visible`).waitFor();
          await live.screenshot({ path: `reports/screenshots/demo-${tab}-scanning-${width}.png` });
          await live.locator(`${tag} [part~=stop]`).click();
        }
      }
      await live.close();
    } finally {
      await patterned.close();
    }
  });

  it('axe: no serious or critical violation on any tab; no horizontal overflow at 390 px; screenshots', async () => {
    await mkdir('reports/screenshots', { recursive: true });
    const { page } = await open('localhost', '#barcode');
    for (const tab of ['barcode', 'id-barcode', 'card', 'document', 'transaction']) {
      await page.locator(`#tab-${tab}`).click();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    // With a result on screen, at both widths.
    await page.locator('#tab-barcode').click();
    await upload(page, 'idlens-barcode-scanner [part~=upload]', { name: 'qr.png', buffer: await qrPng() });
    await expect.poll(() => page.locator('#fields').textContent()).toContain(qrText);
    await page.locator('.raw summary').click();
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `reports/screenshots/demo-barcode-${width}.png`, fullPage: true });
    }
    for (const tab of ['barcode', 'id-barcode', 'card', 'document', 'transaction']) {
      await page.locator(`#tab-${tab}`).click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at 390px on ${tab}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `reports/screenshots/demo-${tab}-tab-390.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const tab of ['id-barcode', 'card', 'document', 'transaction']) {
      await page.locator(`#tab-${tab}`).click();
      await page.screenshot({ path: `reports/screenshots/demo-${tab}-tab-1280.png`, fullPage: true });
    }
    // Dark, as a visitor who prefers it sees the page.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('#tab-barcode').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'reports/screenshots/demo-barcode-dark-1280.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    // Back on the barcode tab, its last result is shown again.
    await page.locator('#tab-barcode').click();
    expect(await page.locator('#fields').textContent()).toContain(qrText);
    await page.close();
  });
});
