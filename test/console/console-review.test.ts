import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { specimens } from '../support/engine/mrz-specimens.ts';
import { b64 } from '../support/images.ts';
import { framePng, renderMrzPage } from '../support/mrz-render.ts';
import { portraitPng } from '../support/portraits.ts';
import { type ConsoleHarness, screenshotDir, startConsoleHarness } from './support/console-harness.ts';

/**
 * The console an operator reviews identities in (issue #60, items 13–14): a transaction page that
 * says who this is and why it was decided, search by id and user id with the filters in the URL,
 * a session that survives a reload without any secret in the page, rotation, step numbers in
 * import errors, the status log at 390 px, the not-found page and branches drawn as branches.
 */
describe('operator console: reviewing identities (Chromium)', () => {
  let h: ConsoleHarness;
  let page: Page;

  beforeAll(async () => {
    h = await startConsoleHarness();
    page = h.page;
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page?.screenshot({ path: path.join(screenshotDir, `console-failure-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}.png`), fullPage: true });
  });

  afterAll(async () => h?.close());

  /** A demo-auto transaction run to Complete (Accept) by the end user's browser. */
  const completed = async (userId: string) => {
    const tx = await h.createTransaction('demo-auto', { customerName: 'Ada Lovelace' }, userId);
    expect((await h.edge('POST', `/transaction/${tx.transactionId}/resume`, tx.authorization)).json.processingStatus).toBe('Complete');
    return tx.transactionId;
  };

  /** Transaction ids the list shows, in order. */
  const listedIds = () =>
    page.locator('table a[href^="#/transactions/"]').evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)));

  it('a transaction page answers who this is and why it was decided first; progress next; the raw state behind a disclosure, without empty fields', async () => {
    const front = await framePng(
      await renderMrzPage(specimens.TD3, {
        width: 1000,
        portrait: (w, h) => portraitPng(1, w, h),
        viz: ['PASSPORT  PASSEPORT', 'UTOPIA', 'ERIKSSON', 'ANNA MARIA'],
      }),
    );
    // The browser's own reading as the SDK sends it: the engine's whole DocumentData (all its empty
    // fields included) and the portrait as the face image — but it read the number's last symbol as 4.
    const read = await fetch(`${h.server.url}/document-multi-side`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageFirstSide: { imageBase64: b64(front) }, returnFaceImage: true }),
    }).then((r) => r.json());
    expect(read.data.mrzData.mrzType).toBe('TD3');
    const extraction = { ...read.data, documentNumber: { ...read.data.documentNumber, latin: 'L898902C4' } };
    const tx = await h.createTransaction('demo-document', { customerName: 'Anna Eriksson' }, 'customer-anna');
    const submitted = await h.edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, {
      images: { front: b64(front), face: read.data.faceImage.image },
      extraction,
    });
    expect(submitted.status).toBe(200);
    // The specimen expired in 2012 and the readings disagree: demo-document decides Review.
    expect((await h.edge('POST', `/transaction/${tx.transactionId}/resume`, tx.authorization)).json).toMatchObject({
      processingStatus: 'Complete',
      verificationStatus: 'Review',
    });

    await h.open(`#/transactions/${tx.transactionId}`);
    const review = page.getByRole('region', { name: 'Identity and decision' });
    await review.waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    // Who: the portrait and the document, then the identity read from it (the server's reading).
    const naturalWidth = (alt: string) => review.getByRole('img', { name: alt }).evaluate((img: HTMLImageElement) => img.naturalWidth);
    await expect.poll(() => naturalWidth('Portrait')).toBeGreaterThan(0);
    await expect.poll(() => naturalWidth('Document front')).toBe(1400);
    const fact = (name: string) => review.locator(`dt:text-is("${name}") + dd`).textContent();
    expect(await fact('Name')).toBe('ANNA MARIA ERIKSSON');
    expect(await fact('Date of birth')).toContain('1974-08-12');
    expect(await fact('Document number')).toBe('L898902C3');
    expect(await fact('Document')).toMatch(/^Passport/);
    expect(await fact('Expires')).toMatch(/2012-04-15.*expired/);
    // Why: the decision, the checks that decided it with their outcome and reason, the mismatch with both readings.
    expect(await review.locator('.decision').textContent()).toMatch(/Review/);
    const checks = review.getByRole('list', { name: 'Checks' });
    expect(await checks.getByRole('listitem').filter({ hasText: 'Not expired' }).textContent()).toMatch(/failed[\s\S]*the document has expired/);
    expect(await checks.getByRole('listitem').filter({ hasText: 'MRZ check digits' }).textContent()).toMatch(/passed/);
    expect(await checks.getByRole('listitem').filter({ hasText: "Browser's and server's readings agree" }).textContent()).toMatch(/failed/);
    const mismatch = review.getByRole('list', { name: 'Mismatches' }).getByRole('listitem').filter({ hasText: 'Document number' });
    expect(await mismatch.textContent()).toMatch(/L898902C4[\s\S]*L898902C3|L898902C3[\s\S]*L898902C4/);

    // The summary comes first, then the workflow's progress; the raw state is closed.
    const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;
    expect(await top('Identity and decision')).toBeLessThan(await top('Workflow progress'));
    expect(await top('Workflow progress')).toBeLessThan(await top('Status log'));
    const raw = page.locator('details.raw-state');
    expect(await raw.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    const empties = () => page.locator('main').textContent();
    expect(await empties()).not.toMatch(/cyrillic|arabic|greek|Location/);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`transaction page height at 1280 px: ${height} px`);
    expect(height).toBeLessThan(2600);
    await h.check('transaction-review');
    await h.check('transaction-review', 390);

    // Opened, the raw state lists what each step holds, still without the empty fields.
    await page.setViewportSize({ width: 1280, height: 900 });
    await raw.locator('summary').first().click();
    await raw.getByRole('rowheader', { name: 'extraction.data.documentNumber' }).waitFor();
    expect(await empties()).not.toMatch(/cyrillic|arabic|greek|Location/);
    const values = await raw.locator('table.kv td').allTextContents();
    expect(values.length).toBeGreaterThan(10);
    expect(values.filter((v) => v.trim() === '' || v.trim() === '—')).toEqual([]);
    expect(await raw.getByRole('rowheader', { name: 'extraction.dateOfBirth', exact: true }).locator('+ td').textContent()).toBe('1974-08-12');
    await h.check('transaction-raw-state');
    await h.check('transaction-raw-state', 390);
  });

  it('the status log reads at 390 px: no word broken across lines, fields and authors in words', async () => {
    const id = await completed('customer-log');
    expect(
      (await h.agent('PUT', `/transaction/${id}/verification-status`, { verificationStatus: 'Reject', comment: 'the photo does not match the customer' }))
        .status,
    ).toBe(200);
    await h.open(`#/transactions/${id}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const log = page.getByRole('region', { name: 'Status log' });
    await log.getByText('the photo does not match the customer').waitFor();
    const broken = await log.evaluate((root) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(word[0]);
        }
      }
      return split;
    });
    expect(broken).toEqual([]);
    const text = await log.textContent();
    expect(text).toContain('Verification status');
    expect(text).not.toContain('verificationStatus');
    expect(text).toMatch(/by the workflow/);
    expect(await log.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await h.check('status-log', 390);
  });

  it('searches by transaction id and by user id; the filters live in the URL (back, forward, a link to share)', async () => {
    const [a1, b, a2] = [await completed('search-user-a'), await completed('search-user-b'), await completed('search-user-a')];
    await h.open('#/transactions');
    await page.getByLabel('User ID').fill('search-user-a');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(listedIds).toEqual([a2, a1]);
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain('userId=search-user-a');

    await page.getByLabel('User ID').fill('');
    await page.getByLabel('Transaction ID').fill(` ${b} `);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(listedIds).toEqual([b]);
    expect(new URL(page.url()).hash).toContain(`transactionId=${b}`);

    await page.goBack();
    await expect.poll(listedIds).toEqual([a2, a1]);
    expect(await page.getByLabel('User ID').inputValue()).toBe('search-user-a');
    expect(await page.getByLabel('Transaction ID').inputValue()).toBe('');
    await page.goForward();
    await expect.poll(listedIds).toEqual([b]);
    expect(await page.getByLabel('Transaction ID').inputValue()).toBe(b);
    await h.check('transactions-search');
    await h.check('transactions-search', 390);

    // The URL is a link to the same list: another tab opens it as it is.
    const other = await h.browser.context.newPage();
    try {
      await other.goto(`${h.server.url}/console/#/transactions?userId=search-user-b`);
      const form = other.getByLabel('Client ID');
      await form
        .or(other.getByRole('navigation', { name: 'Console' }))
        .first()
        .waitFor();
      if (await form.isVisible()) await h.signIn(other);
      await expect.poll(() => other.locator('table a[href^="#/transactions/"]').count()).toBe(1);
      expect(await other.getByLabel('User ID').inputValue()).toBe('search-user-b');
    } finally {
      await other.close();
    }
  });

  it('a reload keeps the operator signed in by an HttpOnly, SameSite=Strict cookie; no secret or token reachable from scripts; sign-out ends it everywhere', async () => {
    await h.open('#/workflows');
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    const cookies = await h.browser.context.cookies(`${h.server.url}/console/api/session`);
    const session = cookies.find((c) => c.name === 'idlens_console_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console/api' });
    expect(session!.expires).toBeGreaterThan(Date.now() / 1000);

    await page.reload();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    expect(await page.getByLabel('Client ID').count()).toBe(0);
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
    // Nothing in the page's whole JavaScript heap holds the secret or an access token (a JWT).
    const cdp = await h.browser.context.newCDPSession(page);
    let heap = '';
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => {
      heap += e.chunk;
    });
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await cdp.detach();
    expect(heap.length).toBeGreaterThan(100_000);
    expect(heap).not.toContain(h.demo.clientSecret);
    expect(heap).not.toContain('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9');

    // Signing out in another tab ends the session: this tab's next request shows the sign-in, saying why.
    const other = await h.browser.context.newPage();
    try {
      await other.goto(`${h.server.url}/console/#/clients`);
      await other.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
      await other.getByRole('button', { name: 'Sign out' }).click();
      await other.getByRole('status').filter({ hasText: 'Signed out' }).waitFor();
    } finally {
      await other.close();
    }
    await page.evaluate(() => {
      location.hash = '#/transactions';
    });
    await page.getByRole('status').filter({ hasText: 'session ended' }).waitFor();
    await page.reload();
    await page.getByLabel('Client ID').waitFor();
    await h.signIn();

    // At the end of its lifetime (CONSOLE_SESSION_TTL, 8 h) the page shows the sign-in by itself: its clock is moved on.
    const later = await h.browser.context.newPage();
    try {
      await later.clock.install();
      await later.goto(`${h.server.url}/console/#/workflows`);
      await later.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
      await later.clock.fastForward('07:59:00');
      expect(await later.getByLabel('Client ID').count()).toBe(0);
      await later.clock.fastForward('01:01');
      await later.getByRole('status').filter({ hasText: 'session expired' }).waitFor();
      await later.getByLabel('Client ID').waitFor();
    } finally {
      await later.close();
    }
  });

  it('rotates the secret of a client from the clients page: the new one shown once, the old one stops', async () => {
    const created = await h.agent('POST', '/client', { name: 'rotating job' });
    expect(created.status).toBe(201);
    const basic = (secret: string) => `Basic ${Buffer.from(`${created.json.clientId}:${secret}`).toString('base64')}`;
    await h.open('#/clients');
    await page.getByRole('row').filter({ hasText: 'rotating job' }).waitFor();
    await page.getByRole('button', { name: 'Rotate secret… rotating job' }).click();
    await page.getByRole('button', { name: 'Rotate the secret of rotating job' }).click();
    const secret = (await page.locator('#new-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(30);
    expect(secret).not.toBe(created.json.clientSecret);
    expect((await h.agent('GET', '/workflow', undefined, basic(created.json.clientSecret))).status).toBe(401);
    expect((await h.agent('GET', '/workflow', undefined, basic(secret))).status).toBe(200);
    await h.check('clients-rotated');
    await h.check('clients-rotated', 390);
  });

  it('import errors number the steps as the drawing does (#id), not by the zero-based index of the JSON', async () => {
    await h.open('#/workflows');
    const editor = page.getByLabel('Workflow definition (JSON)');
    await editor.fill(
      JSON.stringify({
        workflowId: 'numbered',
        name: 'Numbered',
        steps: [
          { id: 10, type: 'Start' },
          { id: 20, type: 'Decision', settings: {} },
          { id: 30, type: 'End' },
        ],
      }),
    );
    await page.getByRole('button', { name: 'Import as new version' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not imported' });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('step #20 (Decision)');
    expect(text).toContain('settings.verificationStatus');
    expect(text).not.toContain('steps.1');
  });

  it('the not-found pages say what was not found', async () => {
    await h.open('#/transactions/no-such-transaction');
    await page.getByRole('heading', { name: 'Transaction not found', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain('no-such-transaction');
    await h.check('not-found');
    await h.check('not-found', 390);
    await h.open('#/workflows/no-such-workflow');
    await page.getByRole('heading', { name: 'Workflow not found', level: 1 }).waitFor();
    await h.open('#/no-such-page');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  });

  it("the workflow diagram draws a Condition's then and else as branches side by side that join again", async () => {
    await h.open('#/workflows/demo-document');
    await page.setViewportSize({ width: 1280, height: 900 });
    const steps = page.getByRole('list', { name: /^Steps of version/ });
    const then = steps.getByRole('group', { name: 'Branch where condition #4 holds' });
    const otherwise = steps.getByRole('group', { name: 'Branch where condition #4 does not hold' });
    await then.waitFor();
    expect(await then.textContent()).toContain('Accept');
    expect(await otherwise.textContent()).toContain('Review');
    const [a, b] = [(await then.boundingBox())!, (await otherwise.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThanOrEqual(a.x + a.width - 1);
    // Both branches end at the one End step, drawn once, below them.
    const end = steps.locator('.step-type', { hasText: /^End$/ });
    expect(await end.count()).toBe(1);
    expect((await end.boundingBox())!.y).toBeGreaterThan(Math.max(a.y + a.height, b.y + b.height));
    await h.check('workflow-branches');
    await h.check('workflow-branches', 390);
  });

  it('broke no CSP rule and threw no page error', () => {
    expect(h.browser.console.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
