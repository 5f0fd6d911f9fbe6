import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openComponentsStack, type ComponentsStack, seriousViolations } from './support/component-harness.ts';

/**
 * The elements in Chromium (Chromium's built-in fake camera pattern; no recognition needed):
 * attributes, translations, events crossing shadow roots, keyboard use, camera release when the
 * page is hidden, accessibility (axe) and the 360 px layout.
 */
let stack: ComponentsStack;
let page: Page;

beforeAll(async () => {
  stack = await openComponentsStack({ camera: true });
  page = stack.page;
});

afterAll(() => stack?.close());

async function stage(markup: string): Promise<void> {
  await page.evaluate((m) => {
    (window as any).events.length = 0;
    document.querySelector('#stage')!.innerHTML = m;
  }, markup);
}

describe('web components in Chromium', () => {
  it('texts follow lang (own or inherited), with overrides; unknown languages fall back to English', async () => {
    await stage(
      `<idlens-camera id="a" lang="de"></idlens-camera><div lang="fr"><idlens-barcode-scanner id="b"></idlens-barcode-scanner></div><idlens-camera id="c" lang="sv"></idlens-camera>`,
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

  it('Italian, Polish, Portuguese and Dutch are built in; without any lang the browser’s language is used', async () => {
    await stage(['it', 'pl', 'pt', 'nl'].map((l) => `<idlens-camera id="${l}" lang="${l}"></idlens-camera>`).join(''));
    const starts = await page.evaluate(() =>
      ['it', 'pl', 'pt', 'nl'].map((l) => document.querySelector(`#${l}`)!.shadowRoot!.querySelector('[part~=start]')!.textContent),
    );
    expect(starts).toEqual(['Avvia fotocamera', 'Włącz aparat', 'Ligar a câmara', 'Camera starten']);
    // A page that sets no lang anywhere, in a browser set to Polish (then Swedish, which has no table).
    const html = await page.evaluate(() => {
      const lang = document.documentElement.lang;
      document.documentElement.removeAttribute('lang');
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['pl-PL', 'pl', 'en'] });
      return lang;
    });
    try {
      await stage('<idlens-barcode-scanner id="p"></idlens-barcode-scanner>');
      await expect.poll(() => page.locator('#p [part~=start]').textContent()).toBe('Włącz aparat');
      expect(await page.locator('#p [part=hint]').textContent()).toContain('Skieruj aparat na kod kreskowy.');
      await page.evaluate(() => Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['sv-SE', 'sv'] }));
      await stage('<idlens-barcode-scanner id="s"></idlens-barcode-scanner>');
      await expect.poll(() => page.locator('#s [part~=start]').textContent()).toBe('Start camera');
    } finally {
      await page.evaluate((lang) => {
        document.documentElement.lang = lang;
        delete (navigator as unknown as Record<string, unknown>).languages;
      }, html);
    }
  });

  it('dark by the user’s colour-scheme preference, light with theme="light", dark with theme="dark"; axe finds nothing serious in dark', async () => {
    const colours = () =>
      page.evaluate(() =>
        ['#auto', '#light', '#dark'].map((id) => {
          const el = document.querySelector(id)!;
          return getComputedStyle(el).color;
        }),
      );
    await stage(
      `<idlens-barcode-scanner id="auto"></idlens-barcode-scanner><idlens-barcode-scanner id="light" theme="light"></idlens-barcode-scanner><idlens-transaction id="dark" theme="dark" workflow-id="demo" proxy-url="/none"></idlens-transaction>`,
    );
    const light = 'rgb(15, 23, 42)';
    const dark = 'rgb(226, 232, 240)';
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await colours()).toEqual([light, light, dark]);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await colours()).toEqual([dark, light, dark]);
      await page.evaluate(() => (document.body.style.background = '#020617'));
      await stage(`
        <idlens-barcode-scanner></idlens-barcode-scanner>
        <idlens-card-scanner autostart></idlens-card-scanner>
        <idlens-document-scanner autostart></idlens-document-scanner>
        <idlens-transaction workflow-id="demo" proxy-url="/none"></idlens-transaction>`);
      await page.evaluate(() => {
        (document.querySelector('idlens-transaction') as any).fields = [{ name: 'customerName', type: 'string', required: true }];
      });
      await page.locator('idlens-document-scanner [part~=capture]').waitFor();
      await page.locator('idlens-transaction input[name=customerName]').waitFor();
      await page.locator('idlens-transaction [part~=start]').click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: 'reports/screenshots/components-dark.png', fullPage: true });
    } finally {
      await page.evaluate(() => (document.body.style.background = ''));
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('the consent to storing starts unchecked; a missing or wrong field gets the component’s own message in its language, never the browser’s bubble', async () => {
    await stage(`<idlens-transaction lang="de" workflow-id="demo" proxy-url="/none"></idlens-transaction>`);
    await page.evaluate(() => {
      (document.querySelector('idlens-transaction') as any).fields = [
        { name: 'customerName', type: 'string', required: true },
        { name: 'contactEmail', type: 'email', required: false },
      ];
    });
    const flow = page.locator('idlens-transaction');
    await flow.locator('input[name=customerName]').waitFor();
    expect(await flow.locator('input[name=store]').isChecked()).toBe(false);
    expect(await flow.locator('input[name=training]').isChecked()).toBe(false);
    expect(await flow.locator('form').getAttribute('novalidate')).not.toBeNull();
    await flow.locator('input[name=consent]').check();
    await flow.locator('input[name=contactEmail]').fill('anna@');
    await flow.locator('[part~=start]').click();
    const nameError = flow.locator('#idlens-field-customerName-error');
    await expect.poll(() => nameError.textContent()).toBe('Bitte füllen Sie „Customer name“ aus.');
    expect(await flow.locator('#idlens-field-contactEmail-error').textContent()).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(await flow.locator('input[name=customerName]').getAttribute('aria-invalid')).toBe('true');
    expect(await flow.locator('input[name=customerName]').getAttribute('aria-describedby')).toBe('idlens-field-customerName-error');
    // The first field in error has the focus; nothing was sent.
    expect(await page.evaluate(() => document.querySelector('idlens-transaction')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('customerName');
    expect(await page.evaluate(() => (window as any).events.some((e: { status?: string }) => e.status === 'running'))).toBe(false);
    // Typing clears the field's message.
    await flow.locator('input[name=customerName]').fill('Anna');
    expect(await nameError.count()).toBe(0);
  });

  it('live scanning: the feedback, the side and the capture button lie over the preview; after a while without a result, tips and the upload', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await stage(`<idlens-document-scanner autostart trouble-after="1500"></idlens-document-scanner>`);
    const scanner = page.locator('idlens-document-scanner');
    await scanner.locator('[part~=capture]').waitFor();
    const viewport = (await scanner.locator('[part=viewport]').boundingBox())!;
    for (const part of ['[part=feedback]', '[part=side]', '[part~=capture]']) {
      const box = (await scanner.locator(part).boundingBox())!;
      expect(box, part).not.toBeNull();
      expect(box.y, part).toBeGreaterThanOrEqual(viewport.y);
      expect(box.y + box.height, part).toBeLessThanOrEqual(viewport.y + viewport.height);
      expect(box.x, part).toBeGreaterThanOrEqual(viewport.x);
      expect(box.x + box.width, part).toBeLessThanOrEqual(viewport.x + viewport.width);
    }
    expect(await scanner.locator('[part=feedback]').textContent()).toContain('Place the document inside the frame.');
    expect(await scanner.locator('[part=side]').textContent()).toBe('Front side');
    // Chromium's test pattern holds no document: the tips come, with the upload.
    const tips = scanner.locator('[part=trouble]');
    await tips.waitFor();
    expect(await tips.locator('h3').textContent()).toBe('Having trouble?');
    expect(await tips.locator('li').count()).toBe(4);
    expect(await tips.locator('[part~=upload]').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'reports/screenshots/document-scanner-trouble-1280.png' });
    await page.evaluate(() => (document.querySelector('idlens-document-scanner') as any).stop());
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
    await page.waitForFunction(() => (window as any).events.some((e: any) => e.status === 'camera-live'));
    const live = await page.evaluate(() => (window as any).events.find((e: any) => e.status === 'camera-live'));
    expect(live).toMatchObject({ type: 'idlens-status', tag: 'idlens-barcode-scanner', bubbles: true, composed: true });
    // The feedback region is a polite live region while scanning.
    expect(await page.locator('#k [part=feedback]').getAttribute('aria-live')).toBe('polite');
  });

  it('the camera is released while the page is hidden and reopened when it is shown; removing the element stops the tracks', async () => {
    await stage(`<idlens-camera id="v" autostart></idlens-camera>`);
    await page.waitForFunction(() => (document.querySelector('#v') as any).state === 'live');
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
    await page.waitForFunction(() => (document.querySelector('#v') as any).state === 'live');
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
    await page.locator('idlens-document-scanner [part~=capture]').waitFor();
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
