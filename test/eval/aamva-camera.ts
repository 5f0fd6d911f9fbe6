// The AAMVA evaluation's camera part: the corpus's licences as the fake camera of the browser tests
// shows them (the image fitted into a 1280×720 frame on a grey desk), posted to `/id-barcode`. A
// licence there may be small: its PDF417 then has modules of a pixel or two, where zxing misreads
// codewords and a symbol with little error correction can be "corrected" into other bytes. What
// counts is that such a read is never `VALID` (issue #60, item 3).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IdBarcodeData } from '@idlens/sdk/api';
import { cameraFramePng, onDesk } from '../support/camera-frame.ts';
import { renderLicenceBack, sampleLicenceHolder } from '../support/licence-render.ts';
import { percent, table } from '../support/report.ts';
import type { EvalContext } from './eval-context.ts';

/** One corpus entry (`corpus/aamva/manifest.json`): a card photo, or a raw payload. */
export interface CameraEntry {
  file: string;
  expected: { raw: string };
}

/**
 * How each raw payload is shown to the camera: the back of a licence `card` px wide with its
 * payload as a PDF417 of error-correction level `ecLevel` (2 correction codewords at 0, 4 at 1), on
 * a desk `desk` px wide that the camera scales to 1280 — modules of about 1.3 and 1.5 px.
 */
const payloadScenes = [
  { name: 'level 0, 450 px card on a 2000 px desk', ecLevel: 0, card: 450, desk: 2000 },
  { name: 'level 1, 550 px card on a 2200 px desk', ecLevel: 1, card: 550, desk: 2200 },
] as const;

type Outcome = 'VALID, right' | 'VALID, WRONG' | 'UNCERTAIN, right' | 'UNCERTAIN, wrong' | 'EMPTY' | 'error';
const outcomes: readonly Outcome[] = ['VALID, right', 'VALID, WRONG', 'UNCERTAIN, right', 'UNCERTAIN, wrong', 'EMPTY', 'error'];

async function outcomeOf(ctx: EvalContext, png: Buffer, raw: string): Promise<Outcome> {
  const { status, json } = await ctx.post('/id-barcode', { image: { imageBase64: png.toString('base64') } });
  const data = (json as { data?: IdBarcodeData } | null)?.data;
  if (status !== 200 || !data) return 'error';
  if (data.recognitionStatus === 'EMPTY') return 'EMPTY';
  const right = data.rawDataBase64 === Buffer.from(raw, 'latin1').toString('base64');
  if (data.recognitionStatus === 'VALID') return right ? 'VALID, right' : 'VALID, WRONG';
  return right ? 'UNCERTAIN, right' : 'UNCERTAIN, wrong';
}

/** Reads the card photos and the payload scenes through the camera; metrics and report lines. */
export async function cameraPart(ctx: EvalContext, entries: readonly CameraEntry[]): Promise<{ metrics: Record<string, unknown>; markdown: string[] }> {
  const rows: Array<{ variant: string; counts: Record<Outcome, number>; wrongValid: string[] }> = [];
  const tally = async (variant: string, cases: Array<{ file: string; raw: string; png: () => Promise<Buffer> }>) => {
    const counts = Object.fromEntries(outcomes.map((o) => [o, 0])) as Record<Outcome, number>;
    const wrongValid: string[] = [];
    for (const c of cases) {
      const outcome = await outcomeOf(ctx, await c.png(), c.raw);
      counts[outcome]++;
      if (outcome === 'VALID, WRONG') wrongValid.push(c.file);
    }
    rows.push({ variant, counts, wrongValid });
  };

  const images = entries.filter((e) => !e.file.startsWith('raw/'));
  await tally(
    'card photos, fitted into the frame',
    images.map((e) => ({ file: e.file, raw: e.expected.raw, png: async () => cameraFramePng(await readFile(path.join(ctx.corpusDir, 'aamva', e.file))) })),
  );
  const payloads = entries.filter((e) => e.file.startsWith('raw/'));
  for (const scene of payloadScenes) {
    await tally(
      `raw payloads: ${scene.name}`,
      payloads.map((e) => ({
        file: e.file,
        raw: e.expected.raw,
        png: async () => {
          const back = await renderLicenceBack(sampleLicenceHolder, { payload: e.expected.raw, width: scene.card, ecLevel: scene.ecLevel });
          return cameraFramePng(await onDesk(back, scene.desk));
        },
      })),
    );
  }

  const total = (o: Outcome) => rows.reduce((sum, r) => sum + r.counts[o], 0);
  const metrics = {
    camera: Object.fromEntries(rows.map((r) => [r.variant, r.counts])),
    cameraWrongValid: total('VALID, WRONG'),
    cameraUncertainWrong: total('UNCERTAIN, wrong'),
  };
  const markdown = [
    '',
    '### Through the fake camera',
    '',
    'Each image fitted into a 1280×720 frame on a grey desk (`cameraFrame`, as the browser tests show it to Chromium), posted as a PNG.',
    '',
    ...table(
      ['variant', 'images', ...outcomes, 'VALID of all'],
      rows.map((r) => {
        const n = outcomes.reduce((sum, o) => sum + r.counts[o], 0);
        return [r.variant, n, ...outcomes.map((o) => r.counts[o]), percent(r.counts['VALID, right'], n)];
      }),
    ),
    '',
    `- Wrong bytes reported \`VALID\`: **${metrics.cameraWrongValid}**${rows.some((r) => r.wrongValid.length) ? ` (${rows.flatMap((r) => r.wrongValid).join(', ')})` : ''}; wrong bytes reported \`UNCERTAIN\`: ${metrics.cameraUncertainWrong}.`,
  ];
  return { metrics, markdown };
}
