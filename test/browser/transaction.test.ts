import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoProxy } from '../../demo/proxy/proxy.ts';
import {
  buildBrowserBundle,
  closeHarness,
  freePort,
  launchChromium,
  openPage,
  startIdlensServer,
  startPageServer,
  type PageServer,
} from './support/browser-harness.ts';
import { barcodePng } from '../support/fixtures.ts';
import { renderCard } from '../support/card-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { passportPng } from './support/passport.ts';

/** A workflow with the other two interactive step types, imported through the agent API. */
const scanWorkflow = {
  workflowId: 'browser-barcode-card',
  name: 'Barcode then card',
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
    { id: 2, type: 'ScanBarcode' },
    { id: 3, type: 'ScanCard', settings: { requireBack: false } },
    { id: 4, type: 'Condition', settings: { if: { path: 'state.ScanCard.output.clientRecognitionStatus', op: 'eq', value: 'VALID' }, then: 5, else: 6 } },
    { id: 5, name: 'Accept', type: 'Decision', settings: { verificationStatus: 'Accept' }, next: 7 },
    { id: 6, name: 'Review', type: 'Decision', settings: { verificationStatus: 'Review' } },
    { id: 7, type: 'End' },
  ],
};

/** A document step that requires the holder's face, which the capture does not give. */
const portraitWorkflow = {
  workflowId: 'browser-portrait-face',
  name: 'Document with its face',
  steps: [
    { id: 1, type: 'Start', settings: { formFields: [{ name: 'customerName', type: 'string', required: true }] } },
    { id: 2, type: 'ScanDocument', settings: { requireBack: false, requireFace: true } },
    { id: 3, type: 'End' },
  ],
};

type Harness = {
  bundle: Awaited<ReturnType<typeof buildBrowserBundle>>;
  server: Awaited<ReturnType<typeof startIdlensServer>>;
  pageServer: PageServer;
  browser: Awaited<ReturnType<typeof launchChromium>>;
};

/**
 * The customer's page (origin A, with its proxy) runs whole transactions against the real idlens
 * server (origin B: agent API behind the proxy, edge API over CORS), in Chromium.
 */
describe('transactions from the browser against the real server (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    const pagePort = await freePort();
    const [bundle, server, passport, passportWithPortrait, qr, card] = await Promise.all([
      buildBrowserBundle(),
      startIdlensServer({ CORS_ORIGINS: `http://127.0.0.1:${pagePort}` }),
      passportPng(),
      passportPng(undefined, { portrait: true }),
      barcodePng('ORDER-4711', { format: 'QRCode' }),
      renderCard({
        number: '4111 1111 1111 1111',
        expiry: '12/29',
        name: 'ANNA ERIKSSON',
        network: 'VISA',
        width: 700,
        canvas: { width: 1000, height: 700 },
      }).then(framePng),
    ]);
    const { clientId, clientSecret } = server.demoCredentials!;
    const pageServer = await startPageServer({
      bundleDir: bundle.dir,
      port: pagePort,
      fixtures: new Map([
        ['passport', passport],
        ['passport-portrait', passportWithPortrait],
        ['qr', qr],
        ['card', card],
      ]),
      routes: (app) =>
        app.route(
          '/proxy',
          createDemoProxy({
            agentUrl: server.url,
            clientId,
            clientSecret,
            workflows: ['demo-auto', 'demo-document', scanWorkflow.workflowId, portraitWorkflow.workflowId],
          }),
        ),
    });
    h = { bundle, server, pageServer, browser: await launchChromium() };
  });
  afterAll(() => closeHarness(h));

  function agentAuthorization() {
    const { clientId, clientSecret } = h.server.demoCredentials!;
    return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  }

  async function importWorkflow(definition: unknown) {
    const imported = await fetch(`${h.server.url}/agent/api/v1/workflow`, {
      method: 'POST',
      headers: { authorization: agentAuthorization(), 'content-type': 'application/json' },
      body: JSON.stringify(definition),
    });
    expect(imported.status).toBe(201);
  }

  async function agentRecord(transactionId: string) {
    const res = await fetch(`${h.server.url}/agent/api/v1/transaction/${transactionId}`, { headers: { authorization: agentAuthorization() } });
    return (await res.json()) as Record<string, any>;
  }

  it('demo-auto: proxy create → edge resume → Complete / Accept', async () => {
    const page = await openPage(h.browser.context, h.pageServer.url);
    const result = await page.evaluate(async () => {
      const { startTransaction, sdkVersion } = (window as any).idlens;
      const updates: string[] = [];
      const r = await startTransaction({
        proxyUrl: '/proxy/transaction',
        workflowId: 'demo-auto',
        formValues: { customerName: 'Ada Lovelace' },
        consent: { userId: 'user-1', isProcessingStoringAllowed: true, isTrainingAllowed: false },
        onUpdate: (u: { processingStatus: string }) => updates.push(u.processingStatus),
      });
      const { transactionId, processingStatus, verificationStatus } = r;
      return { transactionId, processingStatus, verificationStatus, currentStep: r.view.workflowInfo.currentStep, updates, sdkVersion };
    });
    expect(result).toMatchObject({ processingStatus: 'Complete', verificationStatus: 'Accept', currentStep: 'End', sdkVersion: '0.1.0' });
    expect(result.updates.at(-1)).toBe('Complete');
    const record = await agentRecord(result.transactionId);
    expect(record).toMatchObject({ workflowId: 'demo-auto', platform: 'Browser', sdkVersion: { version: '0.1.0' }, processingStatus: 'Complete' });
    await page.close();
  });

  it('demo-document: capture → recognize in the worker → submit → server verification → Complete, then resume is idempotent', async () => {
    const page = await openPage(h.browser.context, h.pageServer.url);
    const result = await page.evaluate(async () => {
      const { startTransaction, resumeTransaction, createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ preload: ['ocr'] });
      const steps: string[] = [];
      const r = await startTransaction({
        proxyUrl: '/proxy/transaction',
        workflowId: 'demo-document',
        formValues: { customerName: 'Anna Eriksson' },
        consent: { userId: 'user-2', isProcessingStoringAllowed: true, isTrainingAllowed: false },
        recognizer,
        capture: async (step: { type: string }) => {
          steps.push(step.type);
          return { front: await (await fetch('/fixtures/passport')).blob() };
        },
      });
      const again = await resumeTransaction({ edgeApiUrl: r.created.edgeApiUrl, transactionId: r.transactionId, ephemeralKey: r.created.ephemeralKey });
      recognizer.terminate();
      const { transactionId, processingStatus, verificationStatus } = r;
      return { transactionId, processingStatus, verificationStatus, steps, again: again.processingStatus };
    });
    expect(result.steps).toEqual(['ScanDocument']);
    expect(result.processingStatus).toBe('Complete');
    expect(result.again).toBe('Complete');
    const record = await agentRecord(result.transactionId);
    const scan = record.state['ScanDocument:0'];
    expect(scan.extraction.fullDocumentFrontImage).toMatchObject({ contentType: 'image/png' });
    // The browser's own extraction reached the server (the engine's reading, images removed).
    expect(scan.extraction.data.mrzData.mrzType).toBe('TD3');
    expect(record.state['DocumentVerification:0'].output.checks.recognized.outcome).toBe('PASS');
    expect(record.state['DocumentVerification:0'].output.checks.clientServerMatch.outcome).toBe('PASS');
    await page.close();
  });

  it('ScanBarcode and ScanCard steps: each captured, recognized in the worker and submitted in turn', async () => {
    await importWorkflow(scanWorkflow);
    const page = await openPage(h.browser.context, h.pageServer.url);
    const result = await page.evaluate(async (workflowId) => {
      const { startTransaction, createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      const steps: string[] = [];
      const r = await startTransaction({
        proxyUrl: '/proxy/transaction',
        workflowId,
        formValues: { customerName: 'Anna Eriksson' },
        consent: { userId: 'user-3', isProcessingStoringAllowed: true, isTrainingAllowed: false },
        recognizer,
        capture: async (step: { type: string }) => {
          steps.push(step.type);
          return { front: await (await fetch(step.type === 'ScanBarcode' ? '/fixtures/qr' : '/fixtures/card')).blob() };
        },
      });
      recognizer.terminate();
      return { transactionId: r.transactionId, processingStatus: r.processingStatus, verificationStatus: r.verificationStatus, steps };
    }, scanWorkflow.workflowId);
    expect(result).toMatchObject({ processingStatus: 'Complete', steps: ['ScanBarcode', 'ScanCard'] });
    const record = await agentRecord(result.transactionId);
    const cardStatus = record.state['ScanCard:0'].output.clientRecognitionStatus;
    expect(cardStatus).not.toBe('EMPTY');
    // The workflow's Condition saw the browser's reading.
    expect(result.verificationStatus).toBe(cardStatus === 'VALID' ? 'Accept' : 'Review');
    expect(record.state['ScanBarcode:0'].extraction.data).toMatchObject({ barcodeType: 'QR_CODE', stringData: 'ORDER-4711' });
    // The server stores the card number only as BIN + last 4, never the browser's full reading.
    expect(JSON.stringify(record.state['ScanCard:0'])).not.toContain('4111111111111111');
    await page.close();
  });

  it('a step that requires the face gets the document portrait the worker found, when the capture gives no face', async () => {
    await importWorkflow(portraitWorkflow);
    const page = await openPage(h.browser.context, h.pageServer.url);
    const result = await page.evaluate(async (workflowId) => {
      const { startTransaction, createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer({ preload: ['ocr'] });
      const r = await startTransaction({
        proxyUrl: '/proxy/transaction',
        workflowId,
        formValues: { customerName: 'Anna Eriksson' },
        consent: { userId: 'user-4', isProcessingStoringAllowed: true, isTrainingAllowed: false },
        recognizer,
        capture: async () => ({ front: await (await fetch('/fixtures/passport-portrait')).blob() }),
      });
      recognizer.terminate();
      return { transactionId: r.transactionId, processingStatus: r.processingStatus };
    }, portraitWorkflow.workflowId);
    expect(result.processingStatus).toBe('Complete');
    const scan = (await agentRecord(result.transactionId)).state['ScanDocument:0'];
    expect(scan.extraction.faceImage).toMatchObject({ contentType: 'image/png' });
    expect(scan.extraction.fullDocumentFrontImage).toMatchObject({ contentType: 'image/png' });
    await page.close();
  });

  it('a wrong ephemeral key is TRANSACTION_REJECTED with the edge code, not a hang', async () => {
    const page = await openPage(h.browser.context, h.pageServer.url);
    const edgeApiUrl = `${h.server.url}/edge`;
    const error = await page.evaluate(async (edgeApiUrl) => {
      const { resumeTransaction } = (window as any).idlens;
      return resumeTransaction({ edgeApiUrl, transactionId: '00000000-0000-0000-0000-000000000000', ephemeralKey: 'nope' }).then(
        () => 'resolved',
        (e: { name: string; code: string; status: number; serverCode: string }) => `${e.name}:${e.code}:${e.status}:${e.serverCode}`,
      );
    }, edgeApiUrl);
    expect(error).toBe('IdlensError:TRANSACTION_REJECTED:401:UNAUTHORIZED');
    await page.close();
  });
});
