import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunPage } from '../../packages/console/run-page.config.ts';
import { passportPng } from './support/passport.ts';
import { launchChromium, startIdlensServer } from './support/browser-harness.ts';
import { launchWithCamera, seriousViolations } from './components/support/component-harness.ts';
import { cameraFrame, writeY4m } from './components/support/y4m.ts';
import { repoRoot } from '../support/paths.ts';

/**
 * A verification link as an end user meets it (#58 §3): the organization creates it on the agent
 * API, the user opens it on a phone (Chromium with a fake camera showing a passport), consents,
 * scans, sends, sees the finish and lands on the organization's redirect with the transaction's
 * id — on the built run page under its own CSP, every request to the idlens server. Then the used
 * link, opened again, says so and starts nothing.
 */
const screenshots = path.join(repoRoot, 'reports/screenshots');
let tmp: string;
let server: Awaited<ReturnType<typeof startIdlensServer>>;
let browser: Awaited<ReturnType<typeof launchWithCamera>>;
let shop: { url: string; arrivals: string[]; close(): void };
let basic: string;

async function startShop() {
  const arrivals: string[] = [];
  const app = new Hono().get('/done', (c) => {
    arrivals.push(c.req.url);
    // An icon of its own: Chromium would ask the shop for /favicon.ico, a 404 in the console.
    return c.html('<!doctype html><html lang="en"><title>Shop</title><link rel="icon" href="data:,"><h1>Back at the shop</h1></html>');
  });
  const s = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, arrivals, close: () => s.close() };
}

const agent = async (method: string, p: string, body?: unknown, type = 'application/json') => {
  const res = await fetch(`${server.url}/agent/api/v1${p}`, {
    method,
    headers: { authorization: basic, ...(body ? { 'content-type': type } : {}) },
    body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
};

/** A link for customer `order`'s verification of demo-document, redirecting to the shop's order page. */
async function createLink(order: string): Promise<{ id: string; url: string }> {
  const created = await agent('POST', '/verification-link', {
    workflowId: 'demo-document',
    expiresOn: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    formValues: { customerName: 'Anna Eriksson' },
    consent: { userId: `customer-${order}` },
    redirectUrl: `${shop.url}/done?order=${order}`,
  });
  expect(created.status).toBe(201);
  return created.json;
}

/** Opens a run page URL, collecting what went wrong: failed or refused requests, CSP violations, console errors, other origins asked. */
async function open(url: string, context = browser.context): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  const ours = [server.url, `blob:${server.url}`, shop.url];
  page.on('request', (r) => !ours.some((origin) => r.url().startsWith(origin)) && problems.push(`other origin: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${new URL(r.url()).pathname}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.exposeFunction('reportViolation', (v: string) => problems.push(`CSP: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(url);
  return { page, problems };
}

/**
 * A desktop (its own browser, no camera) opens the link, consents, starts and asks to continue on
 * the phone: its page, the flow and the join URL the QR code carries.
 */
async function desktopHandsOff(linkUrl: string, context: BrowserContext) {
  const desktop = await open(linkUrl, context);
  await desktop.page.setViewportSize({ width: 1280, height: 900 });
  const flow = desktop.page.locator('idlens-transaction');
  await consentAndStart(flow);
  await flow.locator('[part~=handoff]').click();
  await flow.locator('[part=handoff-qr]').waitFor();
  const joinUrl = (await flow.locator('[part=handoff-link]').textContent())!;
  return { ...desktop, flow, joinUrl };
}

/** The consent form: agree, allow storing, start. */
async function consentAndStart(flow: Locator) {
  await flow.locator('input[name=consent]').check();
  await flow.locator('input[name=store]').check();
  await flow.locator('[part~=start]').click();
}

/** Axe, nothing wider than the screen at 360 px, screenshots at 390 and 1280 px. */
async function check(page: Page, name: string) {
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 780 });
    expect(await seriousViolations(page), `${name} at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}px`).toBeLessThanOrEqual(width);
    if (width !== 360) await page.screenshot({ path: path.join(screenshots, `run-page-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 780 });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'idlens-run-page-'));
  const y4m = path.join(tmp, 'passport.y4m');
  await Promise.all([
    buildRunPage(path.join(tmp, 'run')),
    writeY4m(y4m, [{ image: await cameraFrame(await passportPng()), frames: 2 }], 2),
    mkdir(screenshots, { recursive: true }),
  ]);
  server = await startIdlensServer({ RUN_PAGE_DIR: path.join(tmp, 'run'), SEED_DEMO: 'true' });
  basic = `Basic ${Buffer.from(`${server.demoCredentials!.clientId}:${server.demoCredentials!.clientSecret}`).toString('base64')}`;
  shop = await startShop();
  browser = await launchWithCamera({ y4m, grantOrigins: [server.url] });
  // The organization's look: its name, a brand colour and a logo.
  expect((await agent('PATCH', '/organization/branding', { displayName: 'Northwind Bank', accentColor: '#0f766e' })).status).toBe(200);
  const logo = await sharp({
    create: { width: 160, height: 48, channels: 3, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  expect((await agent('PUT', '/organization/branding/logo', logo, 'image/png')).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  shop?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('a verification link from creation to redirect (Chromium, fake camera)', () => {
  it('the user consents, scans the passport, sends it, and lands on the redirect with the transaction id', async () => {
    const link = await createLink('4711');

    const { page, problems } = await open(link.url);
    expect(await page.locator('header.brand').textContent()).toContain('Northwind Bank');
    expect(await page.locator('h1').textContent()).toBe('Identity verification');
    const flow = page.locator('idlens-transaction');
    await flow.locator('input[name=consent]').waitFor();
    // The link fixed the only form field: the form asks for consent alone.
    expect(await flow.locator('input[name=customerName]').count()).toBe(0);
    // The finish waits for the end of the run.
    expect(await page.locator('#finish').isVisible()).toBe(false);
    // The brand colour reached the components' buttons.
    expect(await flow.locator('[part~=start]').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(15, 118, 110)');
    await check(page, 'start');

    await consentAndStart(flow);
    const review = flow.locator('[part=review]');
    await review.waitFor();
    await check(page, 'review');
    await review.locator('[part~=submit]').click();

    await page.locator('#finish').waitFor({ state: 'visible' });
    expect(await page.locator('#finish').textContent()).toContain('Your verification was sent to Northwind Bank.');
    await check(page, 'finish');
    await page.waitForURL(`${shop.url}/done?**`);
    expect(shop.arrivals).toHaveLength(1);
    const arrived = new URL(shop.arrivals[0]!);
    expect(arrived.searchParams.get('order')).toBe('4711');
    const transactionId = arrived.searchParams.get('transactionId')!;

    const record = (await agent('GET', `/transaction/${transactionId}`)).json;
    expect(record).toMatchObject({
      workflowId: 'demo-document',
      processingStatus: 'Complete',
      verificationStatus: 'Accept',
      linkFields: { verificationLinkId: link.id },
    });
    expect(record.consent).toMatchObject({ userId: 'customer-4711', isProcessingStoringAllowed: true, isTrainingAllowed: false });
    expect((await agent('GET', `/verification-link/${link.id}`)).json).toMatchObject({
      status: 'used',
      transactionCount: 1,
      transactions: [{ transactionId }],
    });
    expect(problems).toEqual([]);
    await page.close();

    // The same link again: it was used; the page says so, in the user's words, and starts nothing.
    const again = await open(link.url);
    expect(await again.page.locator('h1').textContent()).toBe('This link cannot be used');
    expect(await again.page.locator('.unavailable').textContent()).toBe(
      'This link was already used. Ask Northwind Bank for a new one if you need to verify your identity again.',
    );
    expect(await again.page.locator('idlens-transaction').count()).toBe(0);
    await check(again.page, 'used');
    expect(again.problems.filter((p) => !p.includes('410'))).toEqual([]);
    expect((await agent('GET', `/verification-link/${link.id}`)).json.transactionCount).toBe(1);
    await again.page.close();
  });

  it('hand-off: a desktop without a camera shows a QR code, the phone joins and scans, the desktop shows the progress and lands on the redirect', async () => {
    const link = await createLink('4712');
    const desktopBrowser = await launchChromium();
    try {
      // The desktop: no camera, so the scanner offers an upload — and "Continue on your phone".
      const { flow, joinUrl, ...desktop } = await desktopHandsOff(link.url, desktopBrowser.context);
      expect(await flow.locator('[part=handoff-qr]').getAttribute('src')).toMatch(/^blob:/);
      expect(joinUrl).toMatch(new RegExp(`^${server.url}/run/join/[A-Za-z0-9_-]{43}$`));
      expect(await desktop.page.locator('#finish').isVisible()).toBe(false);
      await check(desktop.page, 'handoff-qr');

      // The phone: opens the URL (from the QR code), continues, scans the passport, sends it.
      const phone = await open(joinUrl);
      await phone.page.setViewportSize({ width: 390, height: 844 });
      expect(await phone.page.locator('h1').textContent()).toBe('Continue on this device');
      const phoneFlow = phone.page.locator('idlens-transaction');
      await check(phone.page, 'join');
      await phoneFlow.locator('[part~=join]').click();
      const review = phoneFlow.locator('[part=review]');
      await review.waitFor();
      // Meanwhile the desktop says where the run is.
      await flow.getByText('Continuing on your phone').waitFor();
      await check(desktop.page, 'handoff-joined');
      await review.locator('[part~=submit]').click();
      await phone.page.locator('#finish').waitFor({ state: 'visible' });
      expect(await phone.page.locator('#finish').textContent()).toContain('You can go back to your other device.');
      await check(phone.page, 'join-finish');

      // The desktop learns the outcome and goes on to the redirect.
      await desktop.page.waitForURL(`${shop.url}/done?**`);
      const transactionId = new URL(desktop.page.url()).searchParams.get('transactionId')!;
      const record = (await agent('GET', `/transaction/${transactionId}`)).json;
      expect(record).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Accept', linkFields: { verificationLinkId: link.id } });

      // A second device with the same code: used, and it says so.
      const third = await open(joinUrl);
      expect(await third.page.locator('.unavailable').textContent()).toBe('This code was already used. Show a new one on your other device if you need to.');
      await third.page.close();
      expect(phone.problems).toEqual([]);
      // The desktop's one expected complaint: it has no camera.
      expect(desktop.problems.filter((p) => !/camera|NotFoundError|Requested device not found/i.test(p))).toEqual([]);
      await phone.page.close();
      await desktop.page.close();
    } finally {
      await desktopBrowser.close();
    }
  });

  it('cancel: the desktop takes the transaction back from the phone, the phone is told, the desktop finishes with an uploaded photo', async () => {
    const link = await createLink('4713');
    const desktopBrowser = await launchChromium();
    try {
      const { flow, joinUrl, ...desktop } = await desktopHandsOff(link.url, desktopBrowser.context);

      const phone = await open(joinUrl);
      const phoneFlow = phone.page.locator('idlens-transaction');
      await phoneFlow.locator('[part~=join]').click();
      const phoneReview = phoneFlow.locator('[part=review]');
      await phoneReview.waitFor();
      await flow.getByText('Continuing on your phone').waitFor();

      // The desktop takes it back; the phone's send is refused, and it says why in words.
      await flow.locator('[part~=handoff-cancel]').click();
      const upload = flow.locator('idlens-document-scanner [part~=upload]').first();
      await upload.waitFor();
      await phoneReview.locator('[part~=submit]').click();
      await phoneFlow.locator('[part=error]').waitFor();
      expect(await phoneFlow.locator('[part=error]').textContent()).toBe('The verification was taken back to your other device. You can close this page.');
      expect(await phoneFlow.locator('[part~=restart]').count()).toBe(0);
      await check(phone.page, 'join-taken-back');

      // The desktop goes on where the transaction is: its own photo, sent, the redirect.
      const chooser = desktop.page.waitForEvent('filechooser');
      await upload.click();
      await (await chooser).setFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await passportPng() });
      const review = flow.locator('[part=review]');
      await review.waitFor();
      await review.locator('[part~=submit]').click();
      await desktop.page.waitForURL(`${shop.url}/done?**`);
      const transactionId = new URL(desktop.page.url()).searchParams.get('transactionId')!;
      expect((await agent('GET', `/transaction/${transactionId}`)).json).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Accept' });
      expect(phone.problems.filter((p) => !p.includes('401'))).toEqual([]);
      await phone.page.close();
      await desktop.page.close();
    } finally {
      await desktopBrowser.close();
    }
  });
});
