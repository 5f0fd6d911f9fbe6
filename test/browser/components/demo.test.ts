import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
}, 180_000);

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

async function runTransaction(page: Page, workflow: string) {
  await page.locator('#workflow').selectOption(workflow);
  const flow = page.locator('idlens-transaction');
  await flow.locator('input[name=consent]').check();
  // Both demo workflows declare `customerName`; the form shows it once the proxy answered.
  await flow.locator('input[name=customerName]').fill('Anna Eriksson', { timeout: 15_000 });
  await flow.locator('[part~=start]').click();
}

describe.each(['localhost', '127.0.0.1'])('demo page at %s', (host) => {
  it('loads without a 404 or console error, reads an uploaded barcode and shows fields, time and JSON', async () => {
    const { page, failures } = await open(host, '#barcode');
    // Cross-origin isolated (COOP + COEP), as the demo server sends it (response-headers.ts).
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await upload(page, 'idlens-barcode-scanner [part~=upload]', { name: 'qr.png', buffer: await qrPng() });
    await expect.poll(() => page.locator('#fields').textContent(), { timeout: 30_000 }).toContain(qrText);
    expect(await page.locator('#timing').textContent()).toMatch(/^\d+ ms · photo → result · in this browser$/);
    expect(JSON.parse((await page.locator('#json').textContent())!)).toMatchObject({ barcodeType: 'QR_CODE', stringData: qrText });
    expect(await page.locator('#previews canvas').count()).toBe(1);
    const favicon = await page.request.get(`http://${host}:${demo.port}/favicon.ico`);
    expect(favicon.status()).toBe(200);
    expect(failures).toEqual([]);
    await page.close();
  }, 90_000);

  it('runs demo-auto end to end from the page: Accept', async () => {
    const { page, failures } = await open(host, '#transaction');
    await runTransaction(page, 'demo-auto');
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent(), { timeout: 30_000 }).toContain('Verified');
    expect(await page.locator('#fields').textContent()).toContain('Accept');
    expect(failures).toEqual([]);
    await page.close();
  }, 90_000);
});

describe('demo verification flow with the camera', () => {
  it('demo-document: the passport is scanned from the camera, checked by the server, Accept', async () => {
    const { page, failures } = await open('localhost', '#transaction');
    await runTransaction(page, 'demo-document');
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent(), { timeout: 120_000, interval: 1000 }).toContain('Verified');
    const fields = await page.locator('#fields').textContent();
    expect(fields).toContain('notExpired');
    expect(fields).toContain('PASS: not expired');
    expect(failures).toEqual([]);
    await page.close();
  }, 180_000);

  it('demo-document with an expired passport (uploaded): Review, and the page says which check decided', async () => {
    const { page } = await open('127.0.0.1', '#transaction');
    await runTransaction(page, 'demo-document');
    const scanner = 'idlens-transaction idlens-document-scanner';
    await page.locator(`${scanner} [part~=upload]`).first().waitFor({ timeout: 30_000 });
    await upload(page, `${scanner} [part~=upload]`, { name: 'expired.png', buffer: await passportPng('200415') });
    await expect.poll(() => page.locator('idlens-transaction [part=status]').textContent(), { timeout: 120_000, interval: 1000 }).toContain('Sent for review');
    const reasons = await page.locator('idlens-transaction [part=card] ul').textContent();
    expect(reasons).toContain('the document has expired');
    await mkdir('reports/screenshots', { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `reports/screenshots/demo-transaction-review-${width}.png`, fullPage: true });
    }
    await page.close();
  }, 180_000);
});

describe('demo accessibility and layout', () => {
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
    await expect.poll(() => page.locator('#fields').textContent(), { timeout: 30_000 }).toContain(qrText);
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
    }
    // Back on the barcode tab, its last result is shown again.
    await page.locator('#tab-barcode').click();
    expect(await page.locator('#fields').textContent()).toContain(qrText);
    await page.close();
  }, 120_000);
});
