// The document itself: its four corners found on photos. Generated photos of the corpus's document
// templates (../shared/corpus/doc-templates) per transform family give corner IoU against the known
// corners; the corpus's real document photos (id-specimens, mrz) have no corner ground truth, so they
// report found / not found, and their straightened documents are written to reports/ to look at.
// A few generated photos also go through `/document-single-side` to check the images come back.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { locateDocument } from '../../packages/sdk/src/engine/document/corners/locate-document.ts';
import { documentFormat, documentFormats, uprightCorners } from '../../packages/sdk/src/engine/document/document-format.ts';
import { warpQuad } from '../../packages/sdk/src/engine/image/warp-quad.ts';
import { median } from '../bench/bench-context.ts';
import { loadTemplateSides } from '../support/doc-templates.ts';
import { decodeFrame, documentScene, quadIou, transformFamilies } from '../support/document-scene.ts';
import { framePng } from '../support/mrz-render.ts';
import { repoRoot } from '../support/paths.ts';
import { percent, table } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';

/** Generated photos per transform family (the templates' sides in turn). */
const perFamily = 20;

export const documentsEval: EvalSuite = async (ctx) => {
  const sides = await loadTemplateSides(ctx.corpusDir);
  const outDir = path.join(repoRoot, 'reports', `documents-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(outDir, { recursive: true });

  const families: Array<Array<string | number>> = [];
  const metrics: Record<string, unknown> = {};
  const allMs: number[] = [];
  for (const family of transformFamilies) {
    const ious: number[] = [];
    const ms: number[] = [];
    for (let i = 0; i < perFamily; i++) {
      const side = sides[i % sides.length]!;
      const scene = await documentScene(side.frame, { family, seed: 7000 + 131 * i + family.length });
      const t = performance.now();
      const found = locateDocument(scene.frame);
      ms.push(performance.now() - t);
      ious.push(found ? quadIou(found.points, scene.corners) : 0);
      if (i < 2) await writeFile(path.join(outDir, `generated-${family}-${i}.png`), await straightened(scene.frame, found?.points ?? null));
    }
    allMs.push(...ms);
    const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
    const good = ious.filter((x) => x >= 0.9).length;
    const found = ious.filter((x) => x > 0).length;
    metrics[family] = { documents: ious.length, meanIou: mean, shareIou90: good / ious.length, found, medianMs: median(ms) };
    families.push([family, ious.length, mean.toFixed(3), percent(good, ious.length), percent(found, ious.length), median(ms).toFixed(0)]);
  }

  // Real photos: found or not, and the straightened document to look at.
  const real: Array<Array<string | number>> = [];
  const realMs: number[] = [];
  let realFound = 0;
  let realTotal = 0;
  // The two folders share most photos: each photo counts once.
  const seen = new Set<string>();
  for (const category of ['id-specimens', 'mrz']) {
    const dir = path.join(ctx.corpusDir, category);
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
    for (const file of files) {
      const bytes = await readFile(path.join(dir, file));
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (seen.has(hash)) continue;
      seen.add(hash);
      const frame = await decodeFrame(bytes);
      const t = performance.now();
      const found = locateDocument(frame);
      realMs.push(performance.now() - t);
      realTotal++;
      if (found) {
        realFound++;
        await writeFile(path.join(outDir, `${category}-${file.replace(/\.\w+$/, '')}.png`), await straightened(frame, found.points));
      }
      real.push([`${category}/${file}`, `${frame.width}×${frame.height}`, found ? `found (score ${found.score.toFixed(2)})` : 'not found']);
    }
  }

  // End to end: the server returns the straightened document for generated photos.
  let returned = 0;
  const e2e = 6;
  for (let i = 0; i < e2e; i++) {
    const scene = await documentScene(sides[i % sides.length]!.frame, { family: 'perspective', seed: 9100 + i });
    const res = await ctx.post('/document-single-side', {
      image: { imageBase64: (await framePng(scene.frame)).toString('base64') },
      returnFullDocumentImage: true,
    });
    if (res.status === 200 && res.json.data?.fullDocumentFirstSideImage?.image) returned++;
  }

  return {
    suite: 'documents',
    metrics: {
      generated: metrics,
      generatedMedianMs: median(allMs),
      real: { photos: realTotal, found: realFound, medianMs: median(realMs) },
      endToEnd: { posted: e2e, withImage: returned },
      outputs: path.relative(repoRoot, outDir),
    },
    markdown: [
      `Corner finding (\`locateDocument\`) on ${perFamily} generated photos per transform family (1440×1080, the ${sides.length} template sides in turn), IoU of the found outline with the true one (0 when not found):`,
      '',
      ...table(['family', 'photos', 'mean IoU', 'IoU ≥ 0.9', 'found', 'median ms'], families),
      '',
      `Real photos (no corner ground truth; each distinct photo of id-specimens and mrz once): ${realFound} of ${realTotal} with a document outline found (${percent(realFound, realTotal)}), median ${median(realMs).toFixed(0)} ms. Straightened outputs: \`${path.relative(repoRoot, outDir)}/\`.`,
      '',
      ...table(['photo', 'size', 'outline'], real),
      '',
      `End to end: ${returned} of ${e2e} generated perspective photos posted to \`/document-single-side\` with \`returnFullDocumentImage\` came back with \`fullDocumentFirstSideImage\`.`,
    ],
  };
};

/** The document straightened as the engine would return it (PNG), or the photo itself when none was found. */
async function straightened(frame: Frame, points: readonly { x: number; y: number }[] | null): Promise<Buffer> {
  if (!points)
    return sharp(await framePng(frame))
      .resize(640)
      .png()
      .toBuffer();
  const corners = uprightCorners(points, null);
  const size = documentFormats[documentFormat(corners, null)];
  const width = 640;
  return framePng(warpQuad(frame, corners, width, Math.round((width * size.height) / size.width)).frame);
}
