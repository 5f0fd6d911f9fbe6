import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import { consoleBundleConfig } from '../../../packages/console/vite.config.ts';
import { launchChromium, startIdlensServer } from '../../browser/support/browser-harness.ts';
import { seriousViolations } from '../../browser/components/support/component-harness.ts';
import { repoRoot } from '../../support/paths.ts';

export const screenshotDir = path.join(repoRoot, 'reports/screenshots');

/**
 * The operator console end to end in Debian's Chromium: the built console served by a real idlens
 * server under its strict CSP (SEED_DEMO: the demo workflows and client). `page` is the operator's
 * tab; `runner` plays the end user's browser, progressing transactions over the edge API (same
 * origin, as the SDK would).
 */
export async function startConsoleHarness(env: Record<string, string> = {}) {
  const consoleDir = await mkdtemp(path.join(os.tmpdir(), 'idlens-console-'));
  await build(consoleBundleConfig(consoleDir));
  await mkdir(screenshotDir, { recursive: true });
  const server = await startIdlensServer({ CONSOLE_DIR: consoleDir, ADMIN_TOKEN: 'e2e-operator-token-'.padEnd(40, 'z'), SEED_DEMO: 'true', ...env });
  const demo = server.demoCredentials!;
  const basic = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`;
  const browser = await launchChromium();
  const pageErrors: string[] = [];
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const runner = await browser.context.newPage();
  await runner.goto(`${server.url}/openapi.json`);
  const axeCounts: Record<string, number> = {};

  const agent = async (method: string, p: string, body?: unknown, authorization = basic) => {
    const res = await fetch(`${server.url}/agent/api/v1${p}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: res.status === 204 ? null : await res.json() };
  };

  const edge = (method: string, p: string, authorization: string, body?: unknown) =>
    runner.evaluate(
      async ({ url, method, authorization, body }) => {
        const res = await fetch(url, { method, headers: { authorization, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
        return { status: res.status, json: await res.json() };
      },
      { url: `${server.url}/edge/api/v1${p}`, method, authorization, body },
    );

  const createTransaction = async (workflowId: string, formValues: Record<string, unknown>, userId = 'user-7') => {
    const res = await agent('POST', '/transaction', {
      workflowId,
      platform: 'browser',
      sdkVersion: '0.1.0',
      formValues,
      consent: { userId, givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
    });
    expect(res.status).toBe(201);
    return res.json as { transactionId: string; authorization: string };
  };

  /** Axe (no serious or critical violation), nothing wider than 390 px at 390, and a full-page screenshot. */
  async function check(name: string, width: 1280 | 390 = 1280, on: Page = page) {
    await on.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await on.waitForTimeout(150);
    const violations = await seriousViolations(on);
    axeCounts[`${name}@${width}`] = violations.length;
    expect(violations, `${name} at ${width}px: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    if (width === 390) expect(await on.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await on.screenshot({ path: path.join(screenshotDir, `console-${name}-${width}.png`), fullPage: true });
  }

  /** Signs in through the form (with the demo client unless told otherwise) and waits for the Transactions page. */
  async function signIn(on: Page = page, clientId = demo.clientId, clientSecret = demo.clientSecret) {
    await on.getByLabel('Client ID').fill(clientId);
    await on.getByLabel('Client secret').fill(clientSecret);
    await on.getByRole('button', { name: 'Sign in' }).click();
    await on.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
  }

  /**
   * Goes to a console route as a link would (the hash changes, the page stays), signing in first
   * when the tab is not signed in.
   */
  async function open(hash: string, on: Page = page) {
    if (!on.url().startsWith(`${server.url}/console/`)) await on.goto(`${server.url}/console/`);
    const form = on.getByLabel('Client ID');
    const shell = on.getByRole('navigation', { name: 'Console' });
    await form.or(shell).first().waitFor();
    if (await form.isVisible()) await signIn(on);
    await on.evaluate((h) => {
      location.hash = h;
    }, hash);
  }

  return {
    server,
    demo,
    basic,
    browser,
    page,
    runner,
    pageErrors,
    axeCounts,
    agent,
    edge,
    createTransaction,
    check,
    signIn,
    open,
    async close() {
      console.log('axe serious/critical violations per page:', JSON.stringify(axeCounts));
      await browser?.close();
      await server?.close();
      await rm(consoleDir, { recursive: true, force: true });
    },
  };
}

export type ConsoleHarness = Awaited<ReturnType<typeof startConsoleHarness>>;
