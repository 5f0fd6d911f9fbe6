import path from 'node:path';
import sharp from 'sharp';
import { createEngine, type Frame } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { flatVisa, renderCard } from '../support/card-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { corpusDir } from '../support/paths.ts';
import { table, type SuiteReport } from '../support/report.ts';
import { median, percentile, type BenchSuite } from './bench-context.ts';

const canvas = { width: 1920, height: 1080 };
const runs = 3;
const options = { extractExpiryDate: true, extractCardholderName: true, extractCvv: true, extractIban: true } as const;

/** 1920×1080 card photos: a flat card, an embossed card turned 12°, a real corpus card letterboxed to 1080p, a back. */
async function scenes(): Promise<Array<{ name: string; frame: Frame }>> {
  const corpus = await sharp(path.join(corpusDir(), 'cards', 'cardscan-ios_synthetic_card_amex.jpg'))
    .resize(canvas.width, canvas.height, { fit: 'contain', background: '#5a5048' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [
    {
      name: 'flat Visa, 1100 px wide',
      frame: await renderCard(flatVisa(canvas)),
    },
    {
      name: 'embossed Mastercard turned 12°',
      frame: await renderCard({
        number: '5555 5555 5555 4444',
        expiry: '12/2030',
        name: 'MAX MUSTERMANN',
        embossed: true,
        rotate: 12,
        font: 'Liberation Mono',
        width: 1000,
        canvas,
        colours: { from: '#e9e4d8', to: '#cfc6b0', text: '#202020' },
      }),
    },
    {
      name: 'corpus Amex photo letterboxed',
      frame: {
        width: corpus.info.width,
        height: corpus.info.height,
        data: new Uint8ClampedArray(corpus.data.buffer, corpus.data.byteOffset, corpus.data.byteLength),
      },
    },
    { name: 'card back (no number)', frame: await renderCard({ back: { cvv: '123', last4: '1111' }, width: 1100, canvas }) },
  ];
}

/**
 * Card reading speed on 1920×1080 photos: in-process (onnxruntime-node, one intra-op thread as in a
 * server worker) and through `POST /card` (worker pool, PNG decode, JSON). Medians and p90 per
 * request with the four extract flags on.
 */
export const cardBench: BenchSuite = async (ctx) => {
  const list = await scenes();
  const runtimes = await loadEngineRuntimes({ threads: 1 });
  const engine = createEngine(runtimes);
  await engine.warm?.();
  await engine.card({ cardNumberSide: list[0]!.frame }, options); // first run outside the timing
  const perScene: Record<string, number[]> = {};
  const inProcess: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const s of list) {
      const t = performance.now();
      await engine.card({ cardNumberSide: s.frame }, options);
      const ms = performance.now() - t;
      inProcess.push(ms);
      perScene[s.name] ??= [];
      perScene[s.name]!.push(ms);
    }
  }
  // The same with the rectified card image (edge search, warp, PNG encode) on top.
  const withImage: number[] = [];
  for (const s of list) {
    const t = performance.now();
    await engine.card({ cardNumberSide: s.frame }, { ...options, returnFullCardImage: true });
    withImage.push(performance.now() - t);
  }
  const pngs = await Promise.all(list.map((s) => framePng(s.frame)));
  const http: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const png of pngs) {
      const t = performance.now();
      const res = await ctx.post('/card', { cardNumberSide: { imageBase64: png.toString('base64') }, ...options });
      http.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`bench request failed: HTTP ${res.status}`);
    }
  }
  const metrics = {
    inProcessMedianMs: median(inProcess),
    inProcessP90Ms: percentile(inProcess, 90),
    withImageMedianMs: median(withImage),
    httpMedianMs: median(http),
    httpP90Ms: percentile(http, 90),
    perSceneMedianMs: Object.fromEntries(Object.entries(perScene).map(([k, v]) => [k, median(v)])),
    samples: { inProcess, http },
  };
  const markdown = [
    `Inputs: ${list.map((s) => s.name).join('; ')} — all 1920×1080. ${runs} runs each; expiry, name, CVV and IBAN extraction on.`,
    '',
    ...table(
      ['path', 'median ms / card image', 'p90 ms'],
      [
        ['in-process (onnxruntime-node, 1 thread)', metrics.inProcessMedianMs.toFixed(0), metrics.inProcessP90Ms.toFixed(0)],
        ['in-process with returnFullCardImage (one run each)', metrics.withImageMedianMs.toFixed(0), '—'],
        ['`POST /card` (worker pool, PNG decode)', metrics.httpMedianMs.toFixed(0), metrics.httpP90Ms.toFixed(0)],
      ],
    ),
    '',
    ...table(
      ['scene', 'in-process median ms'],
      Object.entries(metrics.perSceneMedianMs).map(([k, v]) => [k, v.toFixed(0)]),
    ),
  ];
  return { suite: 'cards', metrics, markdown } satisfies SuiteReport;
};
