import { buildInfo, createApp, listen, readConfig, silentLogger } from '@idlens/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRecognition } from '../support/platform-app.ts';
import { launchChromium } from './support/browser-harness.ts';

/**
 * `/docs` under its Content-Security-Policy (issue #56, item 8): Swagger UI renders the API's
 * operations from this server alone, and the browser reports no violation of the policy.
 */
describe('the API docs page under its CSP (Chromium)', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    const config = readConfig({ PORT: '0' });
    const { recognition } = createFakeRecognition();
    server = await listen(createApp({ config, recognition, logger: silentLogger, healthChecks: [], info: buildInfo() }), config);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders every operation, with the policy in force and nothing refused', async () => {
    const page = await browser.context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
    const response = await page.goto(`http://127.0.0.1:${server.port}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(5);
    // Icons (data: SVGs) and styles load: an operation's summary is laid out, not raw text.
    expect(
      await page
        .locator('.opblock-summary-method')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');
    // An operation opened, "Try it out" pressed, and a request sent from the page: more of the UI drawn and used.
    await page.locator('.opblock-summary').filter({ hasText: '/info' }).first().click();
    await page.locator('.try-out__btn').first().click();
    await page.locator('.execute').first().click();
    await page.locator('.live-responses-table tbody .response-col_status').first().waitFor();
    expect(await page.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200');
    expect(violations).toEqual([]);
    // The browser asks for a favicon by itself; this server has none without a demo directory.
    expect(failed.filter((f) => f !== '404 /favicon.ico')).toEqual([]);
    expect(browser.console.filter((line) => line.startsWith('error') && !line.includes('404 (Not Found)'))).toEqual([]);
    await page.close();
  });
});
