import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type LicenceHolder, renderTd1Back, sampleLicenceHolder, td1Lines } from '../../support/licence-render.ts';
import { framePng, renderMrzPage } from '../../support/mrz-render.ts';
import { specimens } from '../../support/engine/mrz-specimens.ts';
import { passportPng } from '../support/passport.ts';
import { openComponentsStack, type ComponentsStack } from './support/component-harness.ts';

/**
 * The document scanner as a person uses it with photos (Chromium, recognition in the worker): the
 * sequences that showed one person's data for another — a second photo after a result, a passport
 * asked for a back it does not have, and two sides of different documents shown as one success.
 */
let stack: ComponentsStack;
let page: Page;

const otherHolder: LicenceHolder = { ...sampleLicenceHolder, documentNumber: 'K55501234', lastName: 'OTHER', firstName: 'PERSON', dateOfBirth: '1961-02-03' };
const secondPassport = { number: 'X12345678', birth: '900101', names: 'NOVAK<<PETRA' };

beforeAll(async () => {
  stack = await openComponentsStack({ camera: false }); // no camera: the user uploads photos
  page = stack.page;
});

afterAll(() => stack?.close());

async function stageScanner(): Promise<void> {
  await page.evaluate(() => {
    (window as any).events.length = 0;
    document.querySelector('#stage')!.innerHTML = '<idlens-document-scanner></idlens-document-scanner>';
  });
}

/** Uploads a photo with the scanner's visible "Upload a photo" button; resolves when its result (or the flip step) is shown. */
async function upload(name: string, buffer: Buffer, expect: 'result' | 'flip'): Promise<void> {
  const before = await page.evaluate(() => (window as any).events.filter((e: { type: string }) => e.type === 'idlens-result').length);
  const chooser = page.waitForEvent('filechooser');
  await page.locator('idlens-document-scanner [part~=upload]:visible').first().click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  if (expect === 'flip') await page.locator('idlens-document-scanner [part=flip]').waitFor();
  else await page.waitForFunction((n) => (window as any).events.filter((e: { type: string }) => e.type === 'idlens-result').length > n, before);
}

const lastResult = () => page.evaluate(() => (window as any).events.filter((e: { type: string }) => e.type === 'idlens-result').at(-1));
const statuses = () =>
  page.evaluate(() => (window as any).events.filter((e: { type: string }) => e.type === 'idlens-status').map((e: { status: string }) => e.status));
const summary = () => page.locator('idlens-document-scanner [part=result]');

describe('document scanner with photos (Chromium)', () => {
  it('a passport finishes after its data page: no flip step, its result shown at once', async () => {
    await stageScanner();
    await upload('passport.png', await passportPng(), 'result');
    const result = await lastResult();
    expect(result.data.mrzData).toMatchObject({ mrzType: 'TD3', documentNumber: 'L898902C3', verified: true });
    expect(result.sides).toEqual(['front']);
    expect(await statuses()).not.toContain('flip');
    expect(await summary().textContent()).toContain('L898902C3');
    // The status as a word of the page's language, not the API's enum.
    expect(await summary().textContent()).toContain('Document read: valid — TD3');
    expect(await summary().getAttribute('data-tone')).toBe('success');
  });

  it('an uploaded front finished without its back is a photo’s result, not the camera’s', async () => {
    await stageScanner();
    await upload('front.png', await framePng(await renderMrzPage(specimens.TD2, { width: 800 })), 'flip');
    await page.locator('idlens-document-scanner [part~=skip-back]').click();
    await page.waitForFunction(() => (window as any).events.some((e: { type: string }) => e.type === 'idlens-result'));
    expect(await lastResult()).toMatchObject({ kind: 'document', source: 'file', sides: ['front'] });
  });

  it('after a two-sided result, a new photo is a new document: never the back of the last one', async () => {
    await stageScanner();
    // An ID card of the ICAO specimen holder: a front with a two-line zone, then its back with her TD1 zone.
    await upload('front.png', await framePng(await renderMrzPage(specimens.TD2, { width: 800 })), 'flip');
    await upload('back.png', await framePng(await renderTd1Back(specimens.TD1)), 'result');
    const first = await lastResult();
    expect(first.sides).toEqual(['front', 'back']);
    expect(first.data.dataMatch?.overall).not.toBe('MISMATCH');
    // Now a different person's passport.
    await upload('second-passport.png', await passportPng('330101', { holder: secondPassport }), 'result');
    const result = await lastResult();
    expect(result.sides).toEqual(['front']);
    expect(result.data.mrzData).toMatchObject({ mrzType: 'TD3', documentNumber: 'X12345678' });
    expect(result.data.dataMatch?.overall).not.toBe('MISMATCH');
    const text = await summary().textContent();
    expect(text).toContain('X12345678');
    expect(text).not.toContain('D23145890');
  });

  it('two sides of different documents: the disagreement is the headline, not a success', async () => {
    await stageScanner();
    await upload('front.png', await framePng(await renderMrzPage(specimens.TD2, { width: 800 })), 'flip');
    await upload('back.png', await framePng(await renderTd1Back(td1Lines(otherHolder))), 'result');
    const result = await lastResult();
    expect(result.sides).toEqual(['front', 'back']);
    expect(result.data.dataMatch).toMatchObject({ documentNumber: 'MISMATCH', dateOfBirth: 'MISMATCH', overall: 'MISMATCH' });
    const text = await summary().textContent();
    expect(text).toContain('do not match');
    expect(text).toContain('document number');
    expect(text).not.toContain('VALID');
    expect(await summary().getAttribute('data-tone')).toBe('danger');
  });
});
