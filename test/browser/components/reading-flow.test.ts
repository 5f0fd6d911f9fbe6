import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { barcodePng } from '../../support/fixtures.ts';
import { negativePhoto } from '../../support/negative-photo.ts';
import { qrPng, qrText } from './support/camera-fixtures.ts';
import { openComponentsStack, type ComponentsStack, seriousViolations } from './support/component-harness.ts';

/**
 * A photo read by the barcode scanner (Chromium, recognition in the worker): what the user sees
 * while it is read (the photo, a spinner, the seconds, Cancel), that Cancel delivers nothing, that an
 * error takes the place of the previous result, and how a result is presented (its heading takes
 * the focus, enums as words, a long value with Copy).
 */
let stack: ComponentsStack;
let page: Page;

const longText = `https://shop.example/order/4711?${'items=widget-blue-large&'.repeat(12)}end`;

beforeAll(async () => {
  stack = await openComponentsStack({ camera: false, permissions: ['clipboard-read', 'clipboard-write'] }); // no camera: the user uploads photos
  page = stack.page;
});

afterAll(() => stack?.close());

async function stage(markup = '<idlens-barcode-scanner></idlens-barcode-scanner>'): Promise<void> {
  await page.evaluate((m) => {
    (window as any).events.length = 0;
    document.querySelector('#stage')!.innerHTML = m;
  }, markup);
}

async function upload(name: string, buffer: Buffer, mimeType = 'image/png'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('idlens-barcode-scanner [part~=upload]:visible').first().click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

const events = (type: string) => page.evaluate((t) => (window as any).events.filter((e: { type: string }) => e.type === t), type);

/** The element that has the focus, through the shadow roots. */
const focused = () =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return { tag: el?.localName ?? null, text: el?.textContent?.trim() ?? null };
  });

describe('barcode scanner reading photos (Chromium)', () => {
  it('while a photo is read: the photo, a spinner and the seconds, and Cancel — which delivers nothing; the next photo reads', async () => {
    await stage();
    await upload('desk.jpg', await negativePhoto(), 'image/jpeg');
    const reading = page.locator('idlens-barcode-scanner [part=reading]');
    await reading.waitFor();
    expect(await reading.locator('img.snapshot').getAttribute('src')).toMatch(/^blob:/);
    expect(await reading.locator('[role=progressbar]').count()).toBe(1);
    await expect.poll(() => reading.locator('[role=status]').textContent()).toMatch(/Reading the photo… \d+ s/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'reports/screenshots/barcode-scanner-reading.png' });
    await reading.locator('[part~=cancel]').click();
    await expect.poll(() => page.locator('idlens-barcode-scanner .notice').textContent()).toBe('Reading cancelled.');
    expect(await reading.count()).toBe(0);
    const statuses = (await events('idlens-status')).map((e: { status: string; detail: { cancelled?: boolean } }) => [e.status, e.detail.cancelled ?? false]);
    expect(statuses).toContainEqual(['processing', false]);
    expect(statuses.at(-1)).toEqual(['idle', true]);
    // The worker goes on with the next photo; the cancelled one never yields a result.
    await upload('qr.png', await qrPng());
    await page.waitForFunction(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result'));
    const results = await events('idlens-result');
    expect(results).toHaveLength(1);
    expect(results[0].data).toMatchObject({ stringData: qrText });
  });

  it('a result: its heading takes the focus, the type is a word, a long value is shortened with a Copy that copies all of it', async () => {
    await stage();
    await upload('long.png', await barcodePng(longText, { format: 'QRCode', scale: 4 }));
    const summary = page.locator('idlens-barcode-scanner [part=result]');
    await summary.waitFor();
    expect(await focused()).toEqual({ tag: 'h3', text: 'Result' });
    const text = (await summary.textContent())!.replace(/\s+/g, ' ').trim();
    expect(text).toMatch(/^Read: QR code https:\/\/shop\.example/);
    expect(text).not.toContain('QR_CODE');
    expect(text).toContain('…');
    expect(text.length).toBeLessThan(longText.length);
    await page.locator('idlens-barcode-scanner [part~=copy]').click();
    await expect.poll(() => page.locator('idlens-barcode-scanner .copy-row [role=status]').textContent()).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(longText);
  });

  it('an error after a result: the result (summary, snapshot) goes, the error heading takes the focus', async () => {
    await stage();
    await upload('qr.png', await qrPng());
    await page.locator('idlens-barcode-scanner [part=result]').waitFor();
    await upload('broken.png', Buffer.from('this is not a picture at all, whatever its name says'));
    await page.locator('idlens-barcode-scanner [part=error]').waitFor();
    expect(await page.locator('idlens-barcode-scanner [part=result]').count()).toBe(0);
    expect(await page.locator('idlens-barcode-scanner [part=snapshot]').count()).toBe(0);
    expect(await focused()).toEqual({ tag: 'h3', text: 'Something went wrong' });
    expect((await events('idlens-error')).at(-1)).toMatchObject({ reason: 'recognition-failed' });
  });
});
