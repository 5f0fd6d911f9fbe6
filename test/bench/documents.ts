import type { Frame } from '@idlens/sdk';
import { buildBrowserBundle, launchChromium, openPage, startPageServer } from '../browser/support/browser-harness.ts';
import { documentScene } from '../support/document-scene.ts';
import { renderLicenceBack, renderLicenceFront, renderTd1Back, td1Lines, type LicenceHolder } from '../support/licence-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { portraitPng } from '../support/portraits.ts';
import { table } from '../support/report.ts';
import { median, type BenchSuite } from './bench-context.ts';

const warmRuns = 5;
/** Everything a document request can ask of both sides: the straightened sides and the portrait. */
const options = { returnFullDocumentImage: true, returnFaceImage: true };

const holder: LicenceHolder = {
  documentNumber: 'T64235789',
  lastName: 'NGUYEN',
  firstName: 'LINH',
  dateOfBirth: '1988-04-19',
  dateOfIssue: '2022-06-01',
  dateOfExpiry: '2030-04-19',
  sex: 'F',
  street: '45 OAK AVE APT 3',
  city: 'RICHMOND',
  postalCode: '23220',
};

interface TwoSided {
  name: string;
  first: Buffer;
  second: Buffer;
}

/** Each side of a document, photographed on a table at 1920×1080 (slightly turned, JPEG-soft, as a phone would). */
async function photographed(side: Frame, seed: number): Promise<Buffer> {
  return framePng((await documentScene(side, { family: 'upright', seed, width: 1920, height: 1080 })).frame);
}

async function documents(): Promise<TwoSided[]> {
  const portrait = (w: number, h: number) => portraitPng(1, w, h);
  return [
    {
      name: 'US licence: portrait front, AAMVA back',
      first: await photographed(await renderLicenceFront(holder, { portrait }), 1),
      second: await photographed(await renderLicenceBack(holder), 2),
    },
    {
      name: 'ID card: portrait front, TD1 MRZ back',
      first: await photographed(await renderLicenceFront({ ...holder, type: 'ID' }, { portrait }), 3),
      second: await photographed(await renderTd1Back(td1Lines(holder)), 4),
    },
  ];
}

/** One side read for its printed fields alone (no MRZ, no barcode, no images) through `/document-single-side`, warm: the ms of each run. */
async function printedSide(ctx: Parameters<BenchSuite>[0], image: Buffer): Promise<{ ms: number[]; status: string; fields: number }> {
  const body = { image: { imageBase64: image.toString('base64') } };
  await ctx.post('/document-single-side', body);
  const out = { ms: [] as number[], status: '', fields: 0 };
  for (let i = 0; i < warmRuns; i++) {
    const t = performance.now();
    const res = await ctx.post('/document-single-side', body);
    out.ms.push(performance.now() - t);
    const data = res.json.data as Record<string, unknown>;
    out.status = data.recognitionStatus as string;
    out.fields = ['firstName', 'lastName', 'dateOfBirth', 'dateOfExpiry', 'dateOfIssue', 'documentNumber', 'address', 'sex'].filter(
      (f) => data[f] != null,
    ).length;
  }
  return out;
}

/**
 * A two-sided document on 1920×1080 photos with both images and the portrait asked for: the server
 * (`/document-multi-side` over loopback HTTP, recognition worker thread) and the browser SDK's worker
 * in Debian's Chromium (the convnet runtime, 1 thread), warm, median of 5. Then a printed side alone
 * on the server (the licence front, `/document-single-side`, nothing but its fields).
 */
export const documentsBench: BenchSuite = async (ctx) => {
  const docs = await documents();
  const server: Record<string, { ms: number[]; status: string; face: boolean }> = {};
  for (const doc of docs) {
    const body = { imageFirstSide: { imageBase64: doc.first.toString('base64') }, imageSecondSide: { imageBase64: doc.second.toString('base64') }, ...options };
    await ctx.post('/document-multi-side', body); // warm: sessions created, first-call costs paid
    server[doc.name] = { ms: [], status: '', face: false };
    for (let i = 0; i < warmRuns; i++) {
      const t = performance.now();
      const res = await ctx.post('/document-multi-side', body);
      server[doc.name]!.ms.push(performance.now() - t);
      server[doc.name]!.status = res.json.data.recognitionStatus;
      server[doc.name]!.face = !!res.json.data.faceImage;
    }
  }

  const printed = await printedSide(ctx, docs[0]!.first);
  const bundle = await buildBrowserBundle();
  const fixtures = new Map(docs.flatMap((d, i) => [[`${i}-first`, d.first] as const, [`${i}-second`, d.second] as const]));
  const pageServer = await startPageServer({ bundleDir: bundle.dir, fixtures: new Map(fixtures) });
  const browser = await launchChromium();
  let inBrowser: Array<{ ms: number[]; status: string; face: boolean }>;
  try {
    const page = await openPage(browser.context, pageServer.url);
    inBrowser = await page.evaluate(
      async ({ count, options, warmRuns }) => {
        const { createRecognizer } = (window as any).idlens;
        const recognizer = createRecognizer({ preload: ['ocr'] });
        await recognizer.ready;
        const out: Array<{ ms: number[]; status: string; face: boolean }> = [];
        for (let i = 0; i < count; i++) {
          const sides = {
            first: await (await fetch(`/fixtures/${i}-first`)).blob(),
            second: await (await fetch(`/fixtures/${i}-second`)).blob(),
          };
          await recognizer.document(sides, options);
          const row = { ms: [] as number[], status: '', face: false };
          for (let k = 0; k < warmRuns; k++) {
            const t = performance.now();
            const data = await recognizer.document(sides, options);
            row.ms.push(performance.now() - t);
            row.status = data.recognitionStatus;
            row.face = !!data.faceImage;
          }
          out.push(row);
        }
        recognizer.terminate();
        return out;
      },
      { count: docs.length, options, warmRuns },
    );
  } finally {
    await browser.close();
    await pageServer.close();
    await bundle.remove();
  }

  const rows = docs.map((d, i) => {
    const s = server[d.name]!;
    const b = inBrowser[i]!;
    return [
      d.name,
      `${s.status} / ${b.status}`,
      s.face && b.face ? 'yes' : `server ${s.face}, browser ${b.face}`,
      median(s.ms).toFixed(0),
      median(b.ms).toFixed(0),
    ];
  });
  return {
    suite: 'documents',
    metrics: Object.fromEntries([
      ...docs.map((d, i) => [
        d.name,
        { serverMedianMs: median(server[d.name]!.ms), browserMedianMs: median(inBrowser[i]!.ms), status: server[d.name]!.status },
      ]),
      [
        'printed side (licence front, single side)',
        { serverMedianMs: median(printed.ms), ms: printed.ms, status: printed.status, fieldsFilled: printed.fields },
      ],
    ]),
    markdown: [
      `Two-sided documents, each side photographed at 1920×1080, \`returnFullDocumentImage\` and \`returnFaceImage\` asked for; warm, median of ${warmRuns}. Server: \`/document-multi-side\` over loopback HTTP; browser: the SDK's worker in Chromium (the convnet runtime, 1 thread).`,
      '',
      ...table(['document', 'status (server / browser)', 'portrait found', 'server median ms', 'browser median ms'], rows),
      '',
      `A printed side alone (the licence front at 1920×1080, \`/document-single-side\`, no images; printed fields only): **${median(printed.ms).toFixed(0)} ms** warm on the server (median of ${warmRuns}: ${printed.ms.map((m) => m.toFixed(0)).join(', ')} ms), ${printed.status}, ${printed.fields} of 8 main fields filled.`,
    ],
  };
};
