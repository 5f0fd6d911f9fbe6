// The holder's portrait (`faceImage`): found or not, and where, through `/document-single-side`.
// Generated photos of the corpus's document templates per transform family: each front as printed
// (its SVG gives the photo slot), with another person's photo in the slot, and with the slot and the
// ghost image painted over (a blank portrait: no face may come back); the templates' backs, some of
// which carry a small ghost portrait. Real photos of id-specimens: found / not found against what
// they show (portrait-labels.ts), and the portraits written to reports/ to look at. Photos without
// any portrait (the corpus's no-barcode photos and payment cards) must give no face.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { median } from '../bench/bench-context.ts';
import { boxOnPhoto, type ImageLocation, locationIou } from '../support/box-on-photo.ts';
import { loadTemplateSides, type SlotBox, type TemplateSide } from '../support/doc-templates.ts';
import { decodeFrame, documentScene, transformFamilies } from '../support/document-scene.ts';
import { framePng } from '../support/mrz-render.ts';
import { repoRoot } from '../support/paths.ts';
import { portraitCount, portraitPng } from '../support/portraits.ts';
import { percent, table } from '../support/report.ts';
import type { EvalSuite } from './eval-context.ts';
import { withoutPortrait } from './portrait-labels.ts';

/** Photos per template side and transform family. */
const perSide = 2;
/** A returned portrait counts as the right one when its box overlaps the slot's by this much (IoU). */
const placedIou = 0.5;

export const portraitsEval: EvalSuite = async (ctx) => {
  const sides = await loadTemplateSides(ctx.corpusDir);
  const fronts = sides.filter((s) => s.slots.photo);
  const outDir = path.join(repoRoot, 'reports', `portraits-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(outDir, { recursive: true });
  const ask = async (frame: Frame) => {
    const t = performance.now();
    const res = await ctx.post('/document-single-side', { image: { imageBase64: (await framePng(frame)).toString('base64') }, returnFaceImage: true });
    return { face: (res.json?.data?.faceImage ?? null) as { location: ImageLocation; image: string } | null, ms: performance.now() - t, status: res.status };
  };

  // Generated: as printed, another person's photo, blank; the backs.
  const rows: Array<Array<string | number>> = [];
  const metrics: Record<string, unknown> = {};
  const ms: number[] = [];
  let seed = 0;
  for (const family of transformFamilies) {
    const count = { printed: 0, printedPlaced: 0, swapped: 0, swappedPlaced: 0, blank: 0, blankFaces: 0, backs: 0, backFaces: 0, n: 0 };
    for (const side of fronts) {
      for (let k = 0; k < perSide; k++) {
        seed++;
        count.n++;
        for (const variant of ['printed', 'swapped'] as const) {
          const doc = variant === 'printed' ? side.frame : await withPhoto(side, seed);
          const scene = await documentScene(doc, { family, seed: 5000 + seed });
          const { face, ms: took } = await ask(scene.frame);
          ms.push(took);
          if (!face) continue;
          count[variant]++;
          if (locationIou(boxOnPhoto(side.slots.photo!, doc, scene.corners), face.location) >= placedIou) count[`${variant}Placed`]++;
        }
        const blank = await documentScene(await blanked(side), { family, seed: 6000 + seed });
        count.blank++;
        if ((await ask(blank.frame)).face) count.blankFaces++;
      }
    }
    for (const side of sides.filter((s) => s.name.endsWith('/back'))) {
      const scene = await documentScene(side.frame, { family, seed: 7000 + seed++ });
      count.backs++;
      if ((await ask(scene.frame)).face) count.backFaces++;
    }
    metrics[family] = count;
    rows.push([
      family,
      `${percent(count.printed, count.n)} / ${percent(count.printedPlaced, count.n)}`,
      `${percent(count.swapped, count.n)} / ${percent(count.swappedPlaced, count.n)}`,
      `${count.blankFaces} of ${count.blank}`,
      `${count.backFaces} of ${count.backs}`,
    ]);
  }

  // Real photos of documents: each distinct photo once.
  const real: Array<Array<string | number>> = [];
  const realCount = { withPortrait: 0, found: 0, without: 0, falseFaces: 0 };
  const seen = new Set<string>();
  const tiles: Buffer[] = [];
  const dir = path.join(ctx.corpusDir, 'id-specimens');
  for (const file of (await readdir(dir)).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort()) {
    const bytes = await readFile(path.join(dir, file));
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (seen.has(hash)) continue;
    seen.add(hash);
    const { face } = await ask(await decodeFrame(bytes));
    const shows = !withoutPortrait.has(file);
    if (shows) realCount.withPortrait++;
    else realCount.without++;
    if (face && shows) realCount.found++;
    if (face && !shows) realCount.falseFaces++;
    if (face) tiles.push(await sharp(Buffer.from(face.image, 'base64')).resize(120, 154, { fit: 'contain', background: '#000' }).png().toBuffer());
    real.push([file, shows ? 'portrait' : 'none', face ? `found ${face.location.dimensions.width}×${face.location.dimensions.height}` : 'no face']);
  }
  if (tiles.length) await writeFile(path.join(outDir, 'real-portraits.png'), await montage(tiles));

  // Photos without any portrait: the corpus's no-barcode photos and its payment cards (but the
  // frame whose notes say a face is behind the card).
  let negatives = 0;
  let negativeFaces = 0;
  const cards = JSON.parse(await readFile(path.join(ctx.corpusDir, 'cards/manifest.json'), 'utf8')) as Array<{ file: string; expected: { notes?: string } }>;
  const noneDir = path.join(ctx.corpusDir, 'barcodes/none');
  const photos = [
    ...(await readdir(noneDir)).filter((f) => /\.(jpe?g|png)$/i.test(f)).map((f) => path.join(noneDir, f)),
    ...cards.filter((c) => !/\bface\b/i.test(c.expected.notes ?? '')).map((c) => path.join(ctx.corpusDir, 'cards', c.file)),
  ];
  for (const file of photos) {
    negatives++;
    if ((await ask(await decodeFrame(await readFile(file)))).face) negativeFaces++;
  }

  return {
    suite: 'portraits',
    metrics: {
      generated: metrics,
      real: realCount,
      negatives: { photos: negatives, faces: negativeFaces },
      medianMs: median(ms),
      outputs: path.relative(repoRoot, outDir),
    },
    markdown: [
      `faceImage on generated photos (1440×1080) of the ${fronts.length} template fronts with a photo slot, ${perSide} photos each per family; "found / placed": a face came back / its box overlaps the slot by IoU ≥ ${placedIou}. Median request ${median(ms).toFixed(0)} ms (MRZ reading included).`,
      '',
      ...table(['family', 'as printed', `another photo (${portraitCount} people)`, 'blank slot: faces', 'backs: faces (2 of 4 carry a ghost portrait)'], rows),
      '',
      `Real photos (id-specimens, each distinct photo once): portrait found on ${realCount.found} of ${realCount.withPortrait} that show one; a face on ${realCount.falseFaces} of ${realCount.without} that show none. Portraits to look at: \`${path.relative(repoRoot, outDir)}/real-portraits.png\`.`,
      '',
      ...table(['photo', 'shows', 'faceImage'], real),
      '',
      `Photos without a portrait (corpus barcodes/none and payment cards): a face on ${negativeFaces} of ${negatives}.`,
    ],
  };
};

/** The template side with a generated person's photo in its photo slot. */
async function withPhoto(side: TemplateSide, index: number): Promise<Frame> {
  const slot = side.slots.photo!;
  const box = { left: Math.round(slot.x), top: Math.round(slot.y), width: Math.round(slot.width), height: Math.round(slot.height) };
  const png = await sharp(await framePng(side.frame))
    .composite([{ input: await portraitPng(index, box.width, box.height), left: box.left, top: box.top }])
    .png()
    .toBuffer();
  return decodeFrame(png);
}

/** The template side with its photo and ghost slots painted over in a light gray: a document whose portrait is blank. */
async function blanked(side: TemplateSide): Promise<Frame> {
  const rects = [side.slots.photo, side.slots.ghost]
    .filter((b): b is SlotBox => !!b)
    .map((b) => `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="#d4d7da"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side.frame.width}" height="${side.frame.height}">${rects}</svg>`;
  return decodeFrame(
    await sharp(await framePng(side.frame))
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer(),
  );
}

async function montage(tiles: Buffer[]): Promise<Buffer> {
  const across = 8;
  return sharp({ create: { width: 120 * across, height: 154 * Math.ceil(tiles.length / across), channels: 3, background: '#333' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % across) * 120, top: Math.floor(i / across) * 154 })))
    .png()
    .toBuffer();
}
