// Writes the line images the engine's general line reader is given — the text detector's boxes cut
// out by cropTextLine exactly as the card and document readers do — as PNGs, to calibrate the
// synthetic line renderer of models/training/latin_render.py against them.
//
//   pnpm exec tsx test/support/dump-line-crops.ts [OUT_DIR=/tmp/line-crops] [CORPUS_DIR=/work/shared/corpus]
//
// Per crop: <source>-<n>.png (48 px high, as read) and a line of index.tsv: file, source, the box's
// height in source pixels (how small the print was before it was scaled to 48), the box's width,
// and what the current reader (ppocr-rec) read. sheet-<source>.png stacks them for viewing.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { Frame, InferenceRuntime } from '@idlens/sdk/engine';
import { groupRows } from '../../packages/sdk/src/engine/card/card-rows.ts';
import { rectangleCorners } from '../../packages/sdk/src/engine/image/homography.ts';
import { warpQuad } from '../../packages/sdk/src/engine/image/warp-quad.ts';
import { createOcrEngine, type OcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { cropTextLine } from '../../packages/sdk/src/engine/ocr/crop-text-line.ts';
import { groupNumber, renderCard, seededRandom, syntheticCardNumber, type RenderCardOptions } from './card-render.ts';
import { renderLicenceFront } from './licence-render.ts';
import { printedHolders, printedTemplates, renderTemplateDocument } from './template-documents.ts';

const out = process.argv[2] ?? '/tmp/line-crops';
const corpusDir = process.argv[3] ?? '/work/shared/corpus';
const lineHeight = 48;

interface Crop {
  source: string;
  crop: Frame;
  boxHeight: number;
  boxWidth: number;
}

/** As readCardSide: detector boxes at least 6 px, joined into rows, each row cut at the reader's height. */
async function cardCrops(source: string, frame: Frame, ocr: OcrEngine): Promise<Crop[]> {
  const quads = await ocr.detector.detect(frame);
  const rows = groupRows(quads.filter((q) => Math.min(q.width, q.height) >= 6));
  return rows.map((r) => ({ source, crop: cropTextLine(frame, r.quad, lineHeight), boxHeight: r.quad.height, boxWidth: r.quad.width }));
}

/** As readVisualZone: the document straightened to 800–1280 px wide, then readPage's boxes. */
async function documentCrops(source: string, doc: Frame, ocr: OcrEngine): Promise<Crop[]> {
  const width = Math.round(Math.min(1280, Math.max(800, doc.width)));
  const height = Math.round((width * doc.height) / doc.width);
  const { frame: page } = warpQuad(doc, rectangleCorners(doc.width, doc.height), width, height);
  const quads = await ocr.detector.detect(page, { maxSide: width });
  return quads.filter((q) => q.width >= q.height).map((q) => ({ source, crop: cropTextLine(page, q, lineHeight), boxHeight: q.height, boxWidth: q.width }));
}

async function decodeFile(file: string): Promise<Frame> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

async function generatedCards(): Promise<Array<{ name: string; frame: Frame }>> {
  const random = seededRandom(20261125);
  const fonts: NonNullable<RenderCardOptions['font']>[] = ['DejaVu Sans Mono', 'OCR B', 'Liberation Mono', 'DejaVu Sans', 'Liberation Sans'];
  const palettes = [
    { from: '#1d3f7a', to: '#3f7bc4', text: '#f4f6fa' },
    { from: '#111111', to: '#3a3a3a', text: '#d8d8d8' },
    { from: '#c9b27a', to: '#f1e3b5', text: '#2a2a2a' },
    { from: '#7a1d2c', to: '#c43f55', text: '#ffffff' },
    { from: '#dfe3e8', to: '#aab3bd', text: '#1a1a1a' },
  ];
  const cards = [];
  for (let i = 0; i < 16; i++) {
    const number = syntheticCardNumber(i % 4 === 3 ? '37' : '4', i % 4 === 3 ? 15 : 16, random);
    cards.push({
      name: `card${i}`,
      frame: await renderCard({
        number: groupNumber(number, i % 4 === 3 ? [4, 6, 5] : [4, 4, 4, 4]),
        expiry: `${String(1 + (i % 12)).padStart(2, '0')}/${27 + (i % 5)}`,
        expiryLabel: i % 3 === 0 ? 'VALID THRU' : i % 3 === 1 ? 'GÜLTIG BIS' : undefined,
        name: ['JANE Q SAMPLE', 'JÖRG MÜLLER', 'ANNA KOWALSKA', 'MR JOHN SMITH'][i % 4],
        bank: i % 2 ? 'SAMPLE BANK' : undefined,
        network: i % 2 ? 'VISA' : undefined,
        font: fonts[i % fonts.length],
        embossed: i % 4 === 1 ? true : i % 8 === 2 ? 'plain' : false,
        colours: palettes[i % palettes.length],
        width: [860, 600, 420, 1100][i % 4],
        rotate: ((i % 5) - 2) * 2,
        blur: i % 3 === 2 ? 1.2 : undefined,
      }),
    });
  }
  return cards;
}

async function main() {
  mkdirSync(out, { recursive: true });
  const ort = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
  const ocr = createOcrEngine(ort, await loadModelsFromDisk());
  const crops: Crop[] = [];
  for (const { name, frame } of await generatedCards()) crops.push(...(await cardCrops(`gen-${name}`, frame, ocr)));
  for (const file of readdirSync(path.join(corpusDir, 'cards')).filter((f) => /\.(png|jpe?g)$/.test(f))) {
    crops.push(...(await cardCrops(`corpus-${file.replace(/\.\w+$/, '')}`, await decodeFile(path.join(corpusDir, 'cards', file)), ocr)));
  }
  const holders = printedHolders(12);
  for (let i = 0; i < 4; i++) {
    const h = holders[i]!;
    const frame = await renderLicenceFront(
      {
        documentNumber: h.documentNumber!,
        lastName: h.lastName,
        firstName: h.firstName,
        dateOfBirth: h.dateOfBirth,
        dateOfIssue: h.dateOfIssue!,
        dateOfExpiry: h.dateOfExpiry!,
        sex: h.sex as 'M' | 'F',
        street: '123 MAIN STREET',
        city: 'RICHMOND',
        postalCode: '23219',
      },
      { width: [1000, 700, 1200, 800][i] },
    );
    crops.push(...(await documentCrops(`licence${i}`, frame, ocr)));
  }
  let k = 0;
  for (const template of printedTemplates) {
    for (const side of ['front', 'back'] as const) {
      const doc = await renderTemplateDocument(corpusDir, template, side, holders[k++ % holders.length]!);
      if (doc) crops.push(...(await documentCrops(`tpl-${template}-${side}`, doc.frame, ocr)));
    }
  }
  const readings = await ocr.lineReader.read(crops.map((c) => c.crop));
  const index = ['file\tsource\tboxHeight\tboxWidth\tppocr'];
  const bySource = new Map<string, Frame[]>();
  let n = 0;
  for (const [i, c] of crops.entries()) {
    const file = `${c.source}-${n++}.png`;
    await sharp(Buffer.from(c.crop.data.buffer, c.crop.data.byteOffset, c.crop.data.byteLength), {
      raw: { width: c.crop.width, height: c.crop.height, channels: 4 },
    })
      .png()
      .toFile(path.join(out, file));
    index.push(`${file}\t${c.source}\t${c.boxHeight.toFixed(1)}\t${c.boxWidth.toFixed(1)}\t${readings[i]!.text}`);
    const group = c.source.startsWith('gen-card')
      ? 'gencards'
      : c.source.startsWith('corpus')
        ? 'corpuscards'
        : c.source.startsWith('licence')
          ? 'licences'
          : 'templates';
    bySource.set(group, [...(bySource.get(group) ?? []), c.crop]);
  }
  writeFileSync(path.join(out, 'index.tsv'), `${index.join('\n')}\n`);
  for (const [group, frames] of bySource) {
    for (let s = 0; s < frames.length; s += 24) {
      const page = frames.slice(s, s + 24);
      const width = Math.min(1400, Math.max(...page.map((f) => f.width)));
      const composite = page.map((f, j) => ({
        input: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
        raw: { width: f.width, height: f.height, channels: 4 as const },
        left: 0,
        top: j * (lineHeight + 4),
      }));
      await sharp({
        create: { width: Math.max(width, ...page.map((f) => f.width)), height: page.length * (lineHeight + 4), channels: 4, background: '#ff00ff' },
      })
        .composite(composite)
        .png()
        .toBuffer()
        .then((sheet) =>
          sharp(sheet)
            .extract({ left: 0, top: 0, width, height: page.length * (lineHeight + 4) })
            .toFile(path.join(out, `sheet-${group}-${s / 24}.png`)),
        );
    }
  }
  console.log(`${crops.length} crops in ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
