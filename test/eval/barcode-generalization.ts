import sharp from 'sharp';
import type { Frame } from '../../packages/sdk/src/core/frame.ts';
import { generatedBarcodeScenes, generatedCrumpledQrScenes, generatedGlareScenes } from '../support/generated-barcode-scenes.ts';
import { noBarcodeImages } from '../support/no-barcode-scenes.ts';
import { percent, table, type SuiteReport } from '../support/report.ts';
import { generalClient, type ManifestEntry, type Scored } from './barcode-scoring.ts';
import type { EvalContext } from './eval-context.ts';
import { barcodeTransformFamilies, type PhotoVariant } from './photo-variants.ts';

/**
 * Parts of the barcode eval: the corpus as it is, the corpus through each photo-transform family,
 * generated scenes (the nine formats, and crumpled QR codes), and the false-positive set. `EVAL_BARCODE_PARTS=corpus,variants` runs some of
 * them, `EVAL_BARCODE_FAMILIES=blur,glare` some families (both for development; the report says so).
 */
export type EvalPart = 'corpus' | 'variants' | 'generated' | 'negatives';

export function selectedParts(): Set<EvalPart> {
  const all: EvalPart[] = ['corpus', 'variants', 'generated', 'negatives'];
  const chosen = process.env.EVAL_BARCODE_PARTS?.split(',').map((p) => p.trim()) ?? all;
  return new Set(all.filter((p) => chosen.includes(p)));
}

type ReadOne = (ctx: EvalContext, entry: ManifestEntry, bytes: Buffer) => Promise<Scored>;

/**
 * How well the reader generalizes: the same corpus transformed as phone photos are (per family),
 * symbols it was never tuned on (generated), and images with text and patterns but no barcode.
 */
export async function generalizationReport(
  ctx: EvalContext,
  images: Array<{ entry: ManifestEntry; bytes: Buffer }>,
  readOne: ReadOne,
  parts: Set<EvalPart>,
): Promise<Pick<SuiteReport, 'metrics' | 'markdown'>> {
  const metrics: Record<string, unknown> = {};
  const markdown: string[] = [];
  if (parts.has('variants')) {
    const families = process.env.EVAL_BARCODE_FAMILIES?.split(',').map((f) => f.trim());
    const rows: Array<Array<string | number>> = [];
    const perFamily: Record<string, unknown> = {};
    const ceilings: string[] = [];
    for (const { family, variants } of barcodeTransformFamilies) {
      if (families && !families.includes(family)) continue;
      for (const variant of variants) {
        const scored: Scored[] = [];
        for (const { entry, bytes } of images) scored.push(await readOne(ctx, entry, await variant.make(bytes)));
        const positives = scored.filter((s) => s.format !== 'none');
        const correct = positives.filter((s) => s.outcome === 'correct').length;
        const reach = variant.ceiling && { variant: variant.ceiling.name, ...(await ceilingOf(ctx, images, readOne, variant.ceiling, scored)) };
        if (reach) {
          ceilings.push(
            `- ${family}, ${reach.variant}: ${reach.detected} / ${positives.length} = ${percent(reach.detected, positives.length)} read; ` +
              `read either so or through the transform: **${reach.either} / ${positives.length} = ${percent(reach.either, positives.length)}**`,
          );
        }
        const wrong = positives.filter((s) => s.outcome === 'wrong-content' || s.outcome === 'wrong-type').length;
        const falsePositives = scored.filter((s) => s.outcome === 'false-positive').length;
        const missedByFormat = countBy(positives.filter((s) => s.outcome !== 'correct').map((s) => s.format));
        perFamily[family] = {
          variant: variant.name,
          positives: positives.length,
          detected: correct,
          rate: correct / positives.length,
          wrong,
          falsePositives,
          missedByFormat,
          ...(reach ? { ceiling: { ...reach, rate: reach.detected / positives.length, eitherRate: reach.either / positives.length } } : {}),
        };
        rows.push([
          family,
          variant.name,
          `${correct} / ${positives.length}`,
          `**${percent(correct, positives.length)}**`,
          wrong,
          falsePositives,
          Object.entries(missedByFormat)
            .map(([f, n]) => `${f} ${n}`)
            .join(', '),
        ]);
      }
    }
    metrics.transformFamilies = perFamily;
    markdown.push(
      '',
      '### Corpus through photo transforms',
      '',
      ...table(['family', 'transform', 'detected', 'rate', 'wrong', 'false positives', 'not read, by format'], rows),
      ...(ceilings.length ? ['', 'What the damage leaves within this engine’s reach (`PhotoVariant.ceiling`):', '', ...ceilings] : []),
    );
  }
  if (parts.has('generated')) {
    const sets = [
      {
        key: 'generated',
        scenes: () => generatedBarcodeScenes(),
        title: 'Generated scenes (zxing-wasm writer, 1280×960, random angle ±25°, module 1.6–6 px, blur, noise, JPEG)',
      },
      {
        key: 'generatedCrumpledQr',
        scenes: () => generatedCrumpledQrScenes(),
        title: 'Generated crumpled QR codes (versions 1–9, folds 10–25 modules apart, 0.3–0.9 module out of place, 800×600, ±30°, blur, noise, JPEG)',
      },
      {
        key: 'generatedGlare',
        scenes: () => generatedGlareScenes(),
        title:
          'Generated scenes under glare (the nine symbologies printed grey, a highlight of 120–220 levels on or next to them, 1000×700, ±10°, blur, noise)',
      },
    ];
    // Made one set at a time: a set's frames take hundreds of megabytes.
    for (const { key, scenes: makeScenes, title } of sets) {
      const scenes = await makeScenes();
      // A wrong read flagged uncertain is told apart from one reported as certain (the worse failure).
      const byType = new Map<string, { n: number; ok: number; wrong: number; wrongCertain: number }>();
      const misses: string[] = [];
      for (const scene of scenes) {
        const data = (await ctx.post('/barcode', { image: { imageBase64: (await toPng(scene.frame)).toString('base64') }, ...generalClient })).json?.data;
        const row = byType.get(scene.expected.type) ?? { n: 0, ok: 0, wrong: 0, wrongCertain: 0 };
        row.n++;
        const found = data && data.recognitionStatus !== 'EMPTY' && data.barcodeType !== null;
        if (found && data.barcodeType === scene.expected.type && data.stringData === scene.expected.text) row.ok++;
        else {
          if (found) row.wrong++;
          if (found && data.recognitionStatus !== 'UNCERTAIN') row.wrongCertain++;
          misses.push(`${scene.name}${found ? ` → ${data.barcodeType}:${data.stringData} (${data.recognitionStatus})` : ''}`);
        }
        byType.set(scene.expected.type, row);
      }
      const total = [...byType.values()].reduce(
        (a, r) => ({ n: a.n + r.n, ok: a.ok + r.ok, wrong: a.wrong + r.wrong, wrongCertain: a.wrongCertain + r.wrongCertain }),
        { n: 0, ok: 0, wrong: 0, wrongCertain: 0 },
      );
      metrics[key] = {
        scenes: total.n,
        detected: total.ok,
        rate: total.ok / total.n,
        wrong: total.wrong,
        wrongCertain: total.wrongCertain,
        perType: Object.fromEntries(byType),
      };
      markdown.push(
        '',
        `### ${title}`,
        '',
        ...table(
          ['type', 'scenes', 'detected', 'rate', 'wrong', 'of them reported certain'],
          [
            ...[...byType].map(([type, r]) => [type, r.n, r.ok, percent(r.ok, r.n), r.wrong, r.wrongCertain]),
            ['**all**', total.n, total.ok, `**${percent(total.ok, total.n)}**`, total.wrong, total.wrongCertain],
          ],
        ),
      );
      if (misses.length) markdown.push('', `- Not read: ${misses.join('; ')}`);
    }
  }
  if (parts.has('negatives')) {
    const negatives = [
      ...(await noBarcodeImages()).map((n) => ({ name: `generated: ${n.name}`, bytes: n.bytes })),
      ...images.filter((i) => i.entry.expected.format === null).map((i) => ({ name: `corpus: ${i.entry.file}`, bytes: i.bytes })),
    ];
    const falsePositives: string[] = [];
    for (const negative of negatives) {
      const data = (await ctx.post('/barcode', { image: { imageBase64: negative.bytes.toString('base64') }, ...generalClient })).json?.data;
      if (data && data.recognitionStatus !== 'EMPTY' && data.barcodeType !== null)
        falsePositives.push(`${negative.name} → ${data.barcodeType}:${data.stringData}`);
    }
    metrics.falsePositiveSet = { images: negatives.length, falsePositives: falsePositives.length, which: falsePositives };
    markdown.push(
      '',
      '### False-positive set (generated text, tables, stripes, grids, ID-like pages, cards — clean and as photos; plus the corpus `none` stratum)',
      '',
      `- Images: ${negatives.length}; barcodes reported: **${falsePositives.length}**`,
      ...falsePositives.map((f) => `  - ${f}`),
    );
  }
  return { metrics, markdown };
}

/**
 * A transform's ceiling: how many of the corpus's symbols its `ceiling` variant (the damage with all
 * that can be undone undone) reads, and how many are read either so or through the transform itself
 * (`scored`, in the order of `images`): more than that is beyond this engine's reach.
 */
async function ceilingOf(ctx: EvalContext, images: Array<{ entry: ManifestEntry; bytes: Buffer }>, readOne: ReadOne, ceiling: PhotoVariant, scored: Scored[]) {
  let detected = 0;
  let either = 0;
  for (const [i, { entry, bytes }] of images.entries()) {
    if (scored[i]!.format === 'none') continue;
    const undone = (await readOne(ctx, entry, await ceiling.make(bytes))).outcome === 'correct';
    if (undone) detected++;
    if (undone || scored[i]!.outcome === 'correct') either++;
  }
  return { detected, either };
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

async function toPng(frame: Frame): Promise<Buffer> {
  return sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.length), { raw: { width: frame.width, height: frame.height, channels: 4 } })
    .png()
    .toBuffer();
}
