import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { b64, sampleImage } from '../support/images.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { type ConsoleHarness, screenshotDir as shots, startConsoleHarness } from './support/console-harness.ts';

/**
 * The operator console end to end in Debian's Chromium: the built console served by a real idlens
 * server under its strict CSP, signed in with the seeded demo client. A second tab plays the end
 * user's browser, progressing transactions over the edge API as the SDK does.
 */
describe('operator console (Chromium)', () => {
  let h: ConsoleHarness;
  let page: Page;
  let server: ConsoleHarness['server'];
  const agent: ConsoleHarness['agent'] = (...args) => h.agent(...args);
  const edge: ConsoleHarness['edge'] = (...args) => h.edge(...args);
  const createTransaction: ConsoleHarness['createTransaction'] = (...args) => h.createTransaction(...args);
  const check: ConsoleHarness['check'] = (...args) => h.check(...args);

  beforeAll(async () => {
    // Webhooks reach the test's receiver on loopback, which the operator allows here.
    h = await startConsoleHarness({ WEBHOOK_URL_ALLOW: '127.0.0.1', WEBHOOK_POLL_MS: '100', WEBHOOK_BACKOFF_BASE_MS: '50' });
    page = h.page;
    server = h.server;
    // The workflow of the first part: a document capture, then Accept.
    const imported = await agent('POST', '/workflow', {
      workflowId: 'console-e2e',
      name: 'Console e2e: document',
      steps: [
        { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
        { id: 2, type: 'ScanDocument', settings: { requireBack: false, requireFace: false } },
        { id: 3, type: 'Decision', settings: { verificationStatus: 'Accept' } },
        { id: 4, type: 'End' },
      ],
    });
    expect(imported.status).toBe(201);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page?.screenshot({ path: path.join(shots, `console-failure-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}.png`), fullPage: true });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('is served with a strict CSP, and signs in with agent credentials (no token or secret kept in the page)', async () => {
    const res = await fetch(`${server.url}/console/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await res.text()).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*src=)[^>]*>/);

    await page.goto(`${server.url}/console/`);
    await page.getByLabel('Client ID').waitFor();
    await check('sign-in', 390);
    await check('sign-in');
    await page.getByLabel('Client ID').fill(server.demoCredentials!.clientId);
    await page.getByLabel('Client secret').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong secret' }).waitFor();
    await page.getByLabel('Client secret').fill(server.demoCredentials!.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(stored).not.toMatch(/eyJ/); // no JWT anywhere (the session is an HttpOnly cookie)
  });

  let txId = '';
  it('shows a transaction as InProgress while a browser runs it; its page shows state, fields, images and log; override and delete', async () => {
    const tx = await createTransaction('console-e2e', { customerName: 'Anna Eriksson' });
    txId = tx.transactionId;
    const submitted = await edge('POST', `/transaction/${txId}/step/2`, tx.authorization, {
      images: { front: b64(await sampleImage('png', 3, 480, 300)) },
      extraction: {
        recognitionStatus: 'SUCCESS',
        firstName: 'ANNA',
        lastName: 'ERIKSSON',
        documentNumber: 'L898902C3',
        dateOfExpiry: { year: 2031, month: 4, day: 15 },
      },
    });
    expect(submitted.status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('row').filter({ hasText: txId.slice(0, 8) });
    await row.getByText('InProgress').waitFor();
    await check('transactions');
    await check('transactions', 390);

    // Filters: InProgress finds it, Complete does not.
    await page.getByLabel('Processing status').selectOption('Complete');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Processing status').selectOption('InProgress');
    await page.locator('select[name=workflowId]').selectOption('console-e2e');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Created from').fill(today);
    await page.getByLabel('Created until').fill(today);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await row.waitFor();

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: /^Transaction/, level: 1 }).waitFor();
    await page.getByText('ScanDocument — current').waitFor();
    // Every step's fields and images are behind the raw state's disclosure.
    await page.locator('details.raw-state > summary').click();
    await expect.poll(() => page.locator('img[alt^="extraction.fullDocumentFrontImage"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await page.getByRole('rowheader', { name: 'extraction.data.documentNumber' }).waitFor();
    await expect(page.getByRole('button', { name: 'Delete transaction…' }).isDisabled()).resolves.toBe(true);
    await check('transaction-in-progress');

    // The end user's browser resumes: the page follows (it polls while InProgress).
    const resumed = await edge('POST', `/transaction/${txId}/resume`, tx.authorization);
    expect(resumed.json.processingStatus).toBe('Complete');
    await page.locator('dd').getByText('Complete').waitFor();
    await page.getByLabel('New verification status').selectOption('Reject');
    await page.getByLabel('Comment (the reason, kept in the status log)').fill('photo does not match the customer');
    await page.getByRole('button', { name: 'Save status' }).click();
    await page.getByRole('status').filter({ hasText: 'Verification status set to Reject' }).waitFor();
    await page.getByRole('region', { name: 'Status log' }).getByText('photo does not match the customer').waitFor();
    const record = await agent('GET', `/transaction/${txId}`);
    expect(record.json).toMatchObject({ verificationStatus: 'Reject', originalVerificationStatus: 'Accept' });
    await check('transaction');
    await check('transaction', 390);

    await page.getByRole('button', { name: 'Delete transaction…' }).click();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('heading', { name: 'Transaction deleted' }).waitFor();
    expect((await agent('GET', `/transaction/${txId}`)).status).toBe(404);
    await page.getByRole('link', { name: 'Back to transactions' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('heading', { name: /transactions? on this page/ }).waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: txId.slice(0, 8) })
        .count(),
    ).toBe(0);
  });

  it('a transaction page follows its URL: after the hash changes from A to B it shows B, and delete names and deletes B only', async () => {
    const completed = async (name: string) => {
      const tx = await createTransaction('console-e2e', { customerName: name });
      await edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: b64(await sampleImage('png', 3, 200, 120)) } });
      expect((await edge('POST', `/transaction/${tx.transactionId}/resume`, tx.authorization)).json.processingStatus).toBe('Complete');
      return tx.transactionId;
    };
    const [a, b] = [await completed('Anna A'), await completed('Bert B')];
    const shownId = () => page.locator('dt:text-is("Transaction ID") + dd').textContent();
    await page.evaluate((id) => (location.hash = `#/transactions/${id}`), a);
    await expect.poll(shownId).toBe(a);
    // The operator opens the confirmation on A, then the URL changes to B (a link, a pasted URL, Back).
    await page.getByRole('button', { name: 'Delete transaction…' }).click();
    await page.evaluate((id) => (location.hash = `#/transactions/${id}`), b);
    await expect.poll(shownId).toBe(b);
    // A's confirmation did not travel to B's page.
    expect(await page.getByRole('button', { name: 'Delete permanently' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete transaction…' }).click();
    expect(
      await page
        .getByRole('group')
        .filter({ has: page.getByRole('button', { name: 'Delete permanently' }) })
        .textContent(),
    ).toContain(b);
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('heading', { name: 'Transaction deleted' }).waitFor();
    expect((await agent('GET', `/transaction/${b}`)).status).toBe(404);
    expect((await agent('GET', `/transaction/${a}`)).status).toBe(200);
    // Back (history) to A: A is shown again, whole.
    await page.goBack();
    await expect.poll(shownId).toBe(a);
  });

  it('imports a workflow with an error shown inline, then fixed; shows versions and steps', async () => {
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    const editor = page.getByLabel('Workflow definition (JSON)');
    const broken = {
      workflowId: 'kyc-light',
      name: 'KYC light',
      steps: [
        { id: 1, type: 'Start' },
        { id: 2, type: 'Decision', settings: {} },
        { id: 3, type: 'End' },
      ],
    };
    await editor.fill(JSON.stringify(broken, null, 2));
    await page.getByRole('button', { name: 'Import as new version' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not imported' });
    await alert.waitFor();
    // The step as the drawing numbers it (#2), not the JSON's zero-based index (steps.1).
    expect(await alert.textContent()).toContain('step #2 (Decision), settings.verificationStatus');
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    await check('workflow-import-error');
    await check('workflow-import-error', 390);

    await editor.fill(
      JSON.stringify(
        { ...broken, steps: [broken.steps[0], { id: 2, type: 'Decision', settings: { verificationStatus: 'Review' } }, broken.steps[2]] },
        null,
        2,
      ),
    );
    await page.getByRole('button', { name: 'Import as new version' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported kyc-light as version 1' }).waitFor();
    await page.getByRole('link', { name: 'kyc-light' }).click();
    await page.getByRole('heading', { name: 'Workflow kyc-light' }).waitFor();
    await page.getByRole('list', { name: 'Steps of version 1' }).getByText('verification status: Review').first().waitFor();
    // A second version from the page's own editor.
    const own = page.getByLabel('Workflow definition (JSON)');
    await own.fill((await own.inputValue()).replace('"KYC light"', '"KYC light v2"'));
    await page.getByRole('button', { name: 'Import as new version' }).click();
    await page.getByRole('button', { name: 'Show version 2' }).waitFor();
    await page.getByRole('button', { name: 'Show version 1' }).click();
    await page.getByRole('heading', { name: 'Steps of version 1' }).waitFor();
    await check('workflow');
    await check('workflow', 390);
  });

  it('builds a workflow with the form, imports it and runs a transaction on it', async () => {
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('link', { name: 'Build a workflow' }).click();
    await page.getByRole('heading', { name: 'Build a workflow' }).waitFor();
    await page.getByLabel('Workflow ID').fill('built-kyc');
    await page.getByLabel('Name', { exact: true }).fill('Built: document + email');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByLabel('Field name').fill('email');
    await page.getByLabel('Type').selectOption('email');
    await page.getByRole('button', { name: 'Add a capture step' }).click();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('When').selectOption('formValues.email');
    await page.getByLabel('Test').selectOption('eq');
    await page.getByLabel('Value').fill('vip@example.com');
    await page.getByLabel('Then').selectOption('Accept');
    await page.getByLabel('Otherwise (no rule matched)').selectOption('Review');
    const json = JSON.parse((await page.locator('#builder-json').textContent()) ?? '{}');
    expect(json.steps.map((s: { type: string }) => s.type)).toEqual(['Start', 'ScanDocument', 'Condition', 'Decision', 'Decision', 'End']);
    await check('builder');
    await check('builder', 390);
    await page.getByRole('button', { name: 'Import this workflow' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported built-kyc as version 1' }).waitFor();

    // The built workflow runs: the end user's browser submits the document and resumes.
    for (const [email, expected] of [
      ['vip@example.com', 'Accept'],
      ['someone@example.com', 'Review'],
    ] as const) {
      const tx = await createTransaction('built-kyc', { email });
      expect(
        (await edge('POST', `/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: b64(await sampleImage('jpeg', 5)) } })).status,
      ).toBe(200);
      const done = await edge('POST', `/transaction/${tx.transactionId}/resume`, tx.authorization);
      expect(done.json).toMatchObject({ processingStatus: 'Complete', verificationStatus: expected });
    }
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.locator('select[name=workflowId]').selectOption('built-kyc');
    await page.getByLabel('Verification status').selectOption('Accept');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('heading', { name: '1 transaction on this page' }).waitFor();
  });

  it('saving over an existing workflow id asks first and then makes a new version; the live one is never replaced silently', async () => {
    const versions = async () => ((await agent('GET', '/workflow/console-e2e/version')).json as unknown[]).length;
    const before = await versions();
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('link', { name: 'Build a workflow' }).click();
    await page.getByLabel('Workflow ID').fill('console-e2e');
    await page.getByLabel('Name', { exact: true }).fill('Built over the e2e workflow');
    await page.getByRole('button', { name: 'Import this workflow' }).click();
    const question = page.getByRole('alertdialog').filter({ hasText: 'console-e2e already exists' });
    await question.waitFor();
    expect(await question.textContent()).toContain(`Version ${before} is live`);
    expect(await versions()).toBe(before);
    await check('builder-replace');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect(await versions()).toBe(before);
    await page.getByRole('button', { name: 'Import this workflow' }).click();
    await question.getByRole('button', { name: `Save as version ${before + 1} of console-e2e` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Imported console-e2e as version ${before + 1}` })
      .waitFor();
    expect(await versions()).toBe(before + 1);

    // The JSON import of the Workflows page asks the same.
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    const definition = (await agent('GET', '/workflow/console-e2e/version')).json as Array<{ workflowVersionId: string; isLatest: boolean }>;
    const live = definition.find((v) => v.isLatest)!;
    const json = (await agent('GET', `/workflow/console-e2e/version/${live.workflowVersionId}`)).json.definition;
    await page.getByLabel('Workflow definition (JSON)').fill(JSON.stringify(json));
    await page.getByRole('button', { name: 'Import as new version' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await versions()).toBe(before + 1);
  });

  it('creates a client (secret shown once), lists and revokes it; cannot revoke itself', async () => {
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('reporting job');
    await page.getByRole('button', { name: 'Create client' }).click();
    const secret = (await page.locator('#new-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(30);
    await page.getByRole('row').filter({ hasText: 'reporting job' }).waitFor();
    await check('clients');
    await check('clients', 390);
    await page.getByRole('button', { name: 'I have stored it — hide' }).click();
    await expect.poll(() => page.locator('#new-secret').count()).toBe(0);
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: 'you' })
        .getByRole('button', { name: /Revoke/ })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Revoke… reporting job' }).click();
    await page.getByRole('button', { name: 'Revoke reporting job' }).click();
    await page.getByRole('status').filter({ hasText: 'revoked' }).waitFor();
    // The status is announced before the list is fetched again: the row goes with that reload.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'reporting job' }).count()).toBe(0);
  });

  it('registers a webhook endpoint (secret shown once), shows its deliveries, sends one again, disables and deletes it', async () => {
    const receiver = await startWebhookReceiver();
    const poll = { interval: 50 };
    try {
      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('No endpoints yet.').waitFor();
      await page.getByLabel('URL', { exact: true }).fill(receiver.url);
      await page.getByLabel('Description (optional)').fill('order system');
      await page.getByLabel('deleted', { exact: true }).uncheck();
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const secret = (await page.locator('#new-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      const endpointRow = page.getByRole('row').filter({ hasText: 'order system' });
      await endpointRow.getByText('enabled').waitFor();
      await check('webhooks');
      await check('webhooks', 390);
      await page.getByRole('button', { name: 'I have stored it — hide' }).click();
      await expect.poll(() => page.locator('#new-secret').count()).toBe(0);

      const tx = await createTransaction('demo-auto', { customerName: 'Webhook Reader' });
      expect((await edge('POST', `/transaction/${tx.transactionId}/resume`, tx.authorization)).json.processingStatus).toBe('Complete');
      await expect.poll(() => receiver.typesOf(tx.transactionId), poll).toEqual(['transaction.created', 'transaction.completed']);
      for (const request of receiver.received) expect(receiver.verify(request, secret)).toBe(true);

      await endpointRow.getByRole('button', { name: /^Deliveries/ }).click();
      await page.getByRole('heading', { name: `Deliveries to ${receiver.url}` }).waitFor();
      const completedRow = page.getByRole('row').filter({ hasText: 'completed' });
      await completedRow.getByText('delivered').waitFor();
      await check('webhook-deliveries');
      await check('webhook-deliveries', 390);
      await completedRow.getByRole('button', { name: /^Send again/ }).click();
      await page.getByRole('status').filter({ hasText: 'will be sent again' }).waitFor();
      await expect.poll(() => receiver.typesOf(tx.transactionId), poll).toEqual(['transaction.created', 'transaction.completed', 'transaction.completed']);
      expect(receiver.received[2]!.id).toBe(receiver.received[1]!.id);

      await endpointRow.getByRole('button', { name: /^Disable/ }).click();
      await endpointRow.getByText('disabled').waitFor();
      const quiet = await createTransaction('demo-auto', { customerName: 'Nobody Told' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      expect(
        await page
          .getByRole('row')
          .filter({ hasText: quiet.transactionId.slice(0, 8) })
          .count(),
      ).toBe(0);
      await endpointRow.getByRole('button', { name: /^Delete…/ }).click();
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByRole('status').filter({ hasText: 'deleted with its delivery log' }).waitFor();
      await page.getByText('No endpoints yet.').waitFor();
      expect(receiver.typesOf(quiet.transactionId)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('creates a verification link (URL shown once), shows the transactions it started, revokes another; sets the run page’s name, colour and logo', async () => {
    await page.getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByRole('heading', { name: 'Verification links', level: 1 }).waitFor();
    await page.getByText('No links yet.').waitFor();

    // How the run page looks: name, colour, logo (previewed from the agent API as a blob: URL).
    await page.getByLabel("Name shown (empty: the organization's name)").fill('Northwind Bank');
    await page.getByLabel('Default colour').uncheck();
    await page.getByLabel('Accent colour').fill('#0f766e');
    await page.getByRole('button', { name: 'Save name and colour' }).click();
    await page.getByRole('status').filter({ hasText: 'new name and colour' }).waitFor();
    expect((await agent('GET', '/organization/branding')).json).toMatchObject({ displayName: 'Northwind Bank', accentColor: '#0f766e', hasLogo: false });
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.getByRole('status').filter({ hasText: 'Logo uploaded.' }).waitFor();
    expect(await page.getByAltText('Current logo').getAttribute('src')).toMatch(/^blob:/);

    // A single-use link for one end user, with the form value it fixes.
    await page.getByLabel('Workflow').selectOption('demo-auto');
    await page.getByLabel("End user's id in your system (consent.userId)").fill('customer-9');
    await page.getByLabel(/^customerName/).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = (await page.locator('#new-secret').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${server.url}/run/[A-Za-z0-9_-]{43}$`));
    const row = page.getByRole('row').filter({ hasText: 'customer-9' });
    await row.getByText('active').waitFor();
    await check('links');
    await check('links', 390);
    await page.getByRole('button', { name: 'I have sent it — hide' }).click();
    await expect.poll(() => page.locator('#new-secret').count()).toBe(0);

    // The end user starts (as the run page does) and the transaction completes.
    const started = await fetch(`${url}/transaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sdkVersion: '0.1.0', formValues: {}, consent: { isProcessingStoringAllowed: true, isTrainingAllowed: false } }),
    });
    expect(started.status).toBe(201);
    const { transactionId, authorization } = (await started.json()) as { transactionId: string; authorization: string };
    expect((await edge('POST', `/transaction/${transactionId}/resume`, authorization)).json.processingStatus).toBe('Complete');

    await page.reload();
    await row.getByText('used').waitFor();
    await row.getByRole('button', { name: /^Transactions/ }).click();
    const detail = page.getByRole('region', { name: 'Transactions started by the link for customer-9' });
    await detail.getByRole('link', { name: transactionId }).waitFor();
    await check('link-detail', 390);
    await detail.getByRole('link', { name: transactionId }).click();
    await page.waitForURL(`**#/transactions/${transactionId}`);
    await page.getByText(transactionId).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Verification links', level: 1 }).waitFor();

    // A reusable link, revoked: its page says so and starts nothing.
    await page.getByLabel("End user's id in your system (consent.userId)").fill('customer-10');
    await page.getByLabel('Single use (one transaction)').uncheck();
    await page.getByRole('button', { name: 'Create link' }).click();
    const second = (await page.locator('#new-secret').textContent()) ?? '';
    const secondRow = page.getByRole('row').filter({ hasText: 'customer-10' });
    await secondRow.getByText('reusable').waitFor();
    await secondRow.getByRole('button', { name: /^Revoke…/ }).click();
    await page.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('status').filter({ hasText: 'The link for customer-10 is revoked' }).waitFor();
    await secondRow.getByText('revoked').waitFor();
    expect(await secondRow.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    expect((await fetch(second)).status).toBe(410);
  });

  it('broke no CSP rule and threw no page error', () => {
    expect(h.browser.console.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
    expect(h.pageErrors).toEqual([]);
  });
});
