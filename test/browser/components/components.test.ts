import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildBrowserBundle, startPageServer, type PageServer } from '../support/browser-harness.ts';
import { buildComponentsBundle, componentRoutes, launchWithCamera, openComponentsPage, seriousViolations } from './support/component-harness.ts';

/**
 * The elements in Chromium (Chromium's built-in fake camera pattern; no recognition needed):
 * attributes, translations, events crossing shadow roots, keyboard use, camera release when the
 * page is hidden, accessibility (axe) and the 360 px layout.
 */
let server: PageServer;
let sdk: Awaited<ReturnType<typeof buildBrowserBundle>>;
let wc: Awaited<ReturnType<typeof buildComponentsBundle>>;
let browser: Awaited<ReturnType<typeof launchWithCamera>>;
let page: Page;

beforeAll(async () => {
  [sdk, wc] = await Promise.all([buildBrowserBundle(), buildComponentsBundle()]);
  server = await startPageServer({ bundleDir: sdk.dir, routes: componentRoutes(wc.dir) });
  browser = await launchWithCamera({ grantOrigins: [server.url] });
  page = await openComponentsPage(browser.context, server.url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await sdk?.remove();
  await wc?.remove();
});

async function stage(markup: string): Promise<void> {
  await page.evaluate((m) => {
    (window as any).events.length = 0;
    document.querySelector('#stage')!.innerHTML = m;
  }, markup);
}

describe('web components in Chromium', () => {
  it('texts follow lang (own or inherited), with overrides; unknown languages fall back to English', async () => {
    await stage(
      `<idlens-camera id="a" lang="de"></idlens-camera><div lang="fr"><idlens-barcode-scanner id="b"></idlens-barcode-scanner></div><idlens-camera id="c" lang="nl"></idlens-camera>`,
    );
    await expect.poll(() => page.locator('#a [part~=start]').textContent()).toBe('Kamera starten');
    expect(await page.locator('#b [part~=start]').textContent()).toBe('Démarrer la caméra');
    expect(await page.locator('#b [part=hint]').textContent()).toContain('Dirigez la caméra vers un code-barres.');
    expect(await page.locator('#c [part~=start]').textContent()).toBe('Start camera');
    await page.evaluate(() => {
      const el = document.querySelector('#a') as any;
      el.translations = { de: { startCamera: 'Los' } };
      el.lang = 'es';
    });
    await expect.poll(() => page.locator('#a [part~=start]').textContent()).toBe('Iniciar cámara');
    await page.evaluate(() => ((document.querySelector('#a') as any).lang = 'de'));
    await expect.poll(() => page.locator('#a [part~=start]').textContent()).toBe('Los');
  });

  it('attributes: mode/server-url choose the (shared) recognizer, sides is read, no-upload hides the button', async () => {
    await stage(
      `<idlens-barcode-scanner id="s" mode="server" server-url="/api/"></idlens-barcode-scanner><idlens-barcode-scanner id="w" mode="worker"></idlens-barcode-scanner><idlens-document-scanner id="d" sides="1"></idlens-document-scanner><idlens-camera id="n" no-upload></idlens-camera>`,
    );
    const state = await page.evaluate(() => ({
      server: (document.querySelector('#s') as any).activeRecognizer.mode,
      worker: (document.querySelector('#w') as any).activeRecognizer.mode,
      shared: (document.querySelector('#w') as any).activeRecognizer === (document.querySelector('#d') as any).activeRecognizer,
      sides: (document.querySelector('#d') as any).sides,
    }));
    // `auto` without a server is the worker: one shared worker for both.
    expect(state).toEqual({ server: 'server', worker: 'worker', shared: true, sides: 1 });
    expect(await page.locator('#n [part~=upload]').count()).toBe(0);
    expect(await page.locator('#s idlens-camera [part~=upload]').count()).toBe(1);
  });

  it('keyboard: Tab reaches Start, Enter opens the camera; status events bubble out of the shadow roots to document', async () => {
    await stage(`<idlens-barcode-scanner id="k"></idlens-barcode-scanner>`);
    await page.locator('body').click();
    let focused = '';
    for (let i = 0; i < 5 && focused !== 'start'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.getAttribute('part')?.split(' ').includes('start') ? 'start' : (el?.localName ?? '');
      });
    }
    expect(focused).toBe('start');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).events.some((e: any) => e.status === 'camera-live'), null, { timeout: 15_000 });
    const live = await page.evaluate(() => (window as any).events.find((e: any) => e.status === 'camera-live'));
    expect(live).toMatchObject({ type: 'idlens-status', tag: 'idlens-barcode-scanner', bubbles: true, composed: true });
    // The feedback region is a polite live region while scanning.
    expect(await page.locator('#k [part=feedback]').getAttribute('aria-live')).toBe('polite');
  });

  it('the camera is released while the page is hidden and reopened when it is shown; removing the element stops the tracks', async () => {
    await stage(`<idlens-camera id="v" autostart></idlens-camera>`);
    await page.waitForFunction(() => (document.querySelector('#v') as any).state === 'live', null, { timeout: 15_000 });
    const setVisibility = (state: string) =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    const track = await page.evaluateHandle(() => ((document.querySelector('#v') as any).camera.stream as MediaStream).getVideoTracks()[0]!);
    await setVisibility('hidden');
    expect(await page.evaluate(() => (document.querySelector('#v') as any).state)).toBe('paused');
    expect(await track.evaluate((t) => t.readyState)).toBe('ended');
    await setVisibility('visible');
    await page.waitForFunction(() => (document.querySelector('#v') as any).state === 'live', null, { timeout: 15_000 });
    const again = await page.evaluateHandle(() => ((document.querySelector('#v') as any).camera.stream as MediaStream).getVideoTracks()[0]!);
    expect(await again.evaluate((t) => t.readyState)).toBe('live');
    await page.evaluate(() => document.querySelector('#v')!.remove());
    expect(await again.evaluate((t) => t.readyState)).toBe('ended');
  });

  it('axe: no serious or critical violation in each component and state; nothing overflows at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await stage(`
      <idlens-camera></idlens-camera>
      <idlens-barcode-scanner></idlens-barcode-scanner>
      <idlens-id-barcode-scanner></idlens-id-barcode-scanner>
      <idlens-card-scanner autostart></idlens-card-scanner>
      <idlens-document-scanner autostart></idlens-document-scanner>
      <idlens-transaction workflow-id="demo" proxy-url="/none"></idlens-transaction>`);
    await page.evaluate(() => {
      (document.querySelector('idlens-transaction') as any).fields = [
        { name: 'customerName', type: 'string', required: true },
        { name: 'newsletter', type: 'boolean', required: false },
      ];
    });
    await page.locator('idlens-document-scanner [part~=capture]').waitFor({ timeout: 15_000 });
    await page.locator('idlens-transaction input[name=customerName]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('#stage > *')].map((el) => [el.localName, el.getBoundingClientRect().right, document.documentElement.scrollWidth]),
    );
    for (const [name, right, scrollWidth] of overflow) {
      expect(right as number, name as string).toBeLessThanOrEqual(360);
      expect(scrollWidth as number).toBeLessThanOrEqual(360);
    }
    // Consent is required before a transaction starts, and the refusal is announced.
    await page.locator('idlens-transaction [part~=start]').click();
    expect(await page.locator('idlens-transaction #consent-error').textContent()).toContain('Please agree to continue.');
    await page.screenshot({ path: 'reports/screenshots/components-360.png', fullPage: true });
  });
});
