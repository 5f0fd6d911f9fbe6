import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentData } from '@idlens/sdk/api';
import { documentScene } from '../support/document-scene.ts';
import { generatedCard } from '../support/generated-document.ts';
import { renderLicenceBack, renderLicenceFront, sampleLicenceHolder } from '../support/licence-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { answerDifferences as differences } from './support/answer-differences.ts';
import { buildBrowserBundle, closeHarness, launchChromium, openPage, startIdlensServer, startPageServer, type PageServer } from './support/browser-harness.ts';

// What documents gained beyond the MRZ — the AAMVA barcode on the back, printed fields read by their
// labels, a number printed without a label, the issuing state, the signature, the straightened
// images — read in the browser worker and on the server from the same pixels: the same data, with
// the allowances of `answerDifferences` (the browser's OCR runtime and onnxruntime-node sum floats
// in different orders; CompressionStreams differ).

const holder = sampleLicenceHolder;

/** Each request: its fixtures (first side, optional second) and options, as the demo would send them. */
const requests = {
  licence: { first: 'licence-front', second: 'licence-back', options: { returnFullDocumentImage: true } },
  // A print-only card alone: the values its reader doubts are answered, marked (an unsure first side of
  // a two-sided scan is otherwise withheld).
  'id-card': { first: 'id-card', second: null, options: { returnSignatureImage: true, returnFullDocumentImage: true, allowUncertainFirstSideScan: true } },
} as const;

type Harness = {
  bundle: Awaited<ReturnType<typeof buildBrowserBundle>>;
  server: Awaited<ReturnType<typeof startIdlensServer>>;
  pageServer: PageServer;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  fixtures: Map<string, Buffer>;
};

describe('documents in the browser worker: same data as the server (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    const card = await generatedCard({ numberInTitle: true, issuer: 'REPUBLIQUE FRANCAISE', signature: 'E. Mustermann' });
    const [bundle, server, front, back, idCard] = await Promise.all([
      buildBrowserBundle(),
      startIdlensServer(),
      renderLicenceFront(holder).then(framePng),
      renderLicenceBack(holder).then(framePng),
      documentScene(card, { family: 'perspective', seed: 3 }).then((s) => framePng(s.frame)),
    ]);
    const fixtures = new Map([
      ['licence-front', front],
      ['licence-back', back],
      ['id-card', idCard],
    ]);
    const pageServer = await startPageServer({ bundleDir: bundle.dir, fixtures });
    h = { bundle, server, pageServer, browser: await launchChromium(), fixtures };
  });
  afterAll(() => closeHarness(h));

  it('reads a two-sided licence and an ID card with a signature like the server', async () => {
    const server: Record<string, DocumentData> = {};
    for (const [name, r] of Object.entries(requests)) {
      const image = (fixture: string) => ({ imageBase64: h.fixtures.get(fixture)!.toString('base64') });
      const body = { imageFirstSide: image(r.first), ...(r.second ? { imageSecondSide: image(r.second) } : {}), ...r.options };
      const res = await fetch(`${h.server.url}/document-multi-side`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, name).toBe(200);
      server[name] = ((await res.json()) as { data: DocumentData }).data;
    }
    const page = await openPage(h.browser.context, h.pageServer.url);
    const browser = (await page.evaluate(async (all) => {
      const { createRecognizer } = (window as any).idlens;
      const recognizer = createRecognizer();
      await recognizer.ready;
      const blob = async (name: string) => (await fetch(`/fixtures/${name}`)).blob();
      const out: Record<string, unknown> = {};
      for (const [name, r] of Object.entries(all)) {
        out[name] = await recognizer.document(
          { first: await blob(r.first), second: r.second ? await blob(r.second) : null },
          { ...r.options, multiSide: true },
        );
      }
      recognizer.terminate();
      return out;
    }, requests)) as Record<string, DocumentData>;

    // Really read (not parity of two empty answers): the new outputs are there on the server.
    expect(server.licence!.barcodeData?.parsed).toBe(true);
    expect(server.licence!.dataMatch?.overall).toBe('MATCH');
    expect(server.licence!.fullDocumentFirstSideImage).not.toBeNull();
    expect(server['id-card']!.documentNumber?.latin).toBe('T22000129');
    expect(server['id-card']!.documentClassInfo?.country).toBe('COUNTRY_FRANCE');
    expect(server['id-card']!.signatureImage).not.toBeNull();
    for (const name of Object.keys(requests)) expect(await differences(browser[name], server[name], name)).toEqual([]);
  });
});
