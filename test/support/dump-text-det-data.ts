// Writes the training data of the project's text detector (models/training/train_text_det.py):
// generated pages and phone-like scenes — licence fronts, TD1 backs, MRZ pages, payment cards —
// resized to 1024 px wide as the engine's detector sees them, and the per-pixel text probabilities
// of the teacher, PP-OCRv4's float detector (the manifest's `ppocr-det` float original).
//
//   pnpm exec tsx test/support/dump-text-det-data.ts OUT_DIR COUNT FIRST_ID
//
// The shipped detector's data: `… 406 0`, `… 600 406` (ids 0–1005: fixed card, licence, MRZ and
// scene kinds, one generator per part), then `… 600 1006` (ids 1006–1605: varied pages, each seeded
// by its id — cards in every repository font, colour, relief, turn and side, vertical cards, sides
// in phone-like scenes of every family with blur, glare and low light), then `… 800 1606` (ids
// 1606–2405: pages on photographs from Debian's wallpaper packages, see ./debian-photos.ts).
// Per page: <id>.rgb (H×W×3 uint8), <id>.map (teacher probability ×255, H×W uint8), <id>.json {W, H}.
// No corpus photo or corpus template is used; `pnpm eval` judges the detector on those.
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import * as ort from 'onnxruntime-node';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { Frame } from '@idlens/sdk';
import { groupNumber, renderCard, seededRandom, syntheticCardNumber, type RenderCardOptions } from './card-render.ts';
import { decodeFrame, documentScene, frameFrom, frameImage, transformFamilies, type TransformFamily } from './document-scene.ts';
import { listDebianPhotos, photoCrop } from './debian-photos.ts';
import { renderLicenceFront, renderTd1Back, td1Lines, type LicenceHolder } from './licence-render.ts';
import { renderMrzPage } from './mrz-render.ts';
import { specimens } from './engine/mrz-specimens.ts';
import { portraitPng } from './portraits.ts';
import { writeFrameTensor } from '../../packages/sdk/src/engine/ocr/frame-tensor.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: dump-text-det-data.ts OUT_DIR [COUNT] [FIRST_ID]');
const count = Number(process.argv[3] ?? 406);
const firstId = Number(process.argv[4] ?? 0);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(firstId) || firstId < 0) throw new Error('COUNT and FIRST_ID are whole numbers');
/** Ids from here on are varied pages (`variedPage`). */
const firstVariedId = 1006;
/** Ids from here on are pages on photographs (`photoPage`). */
const firstPhotoId = 1606;
const pageWidth = 1024;

const teacherAsset = (await loadModelsFromDisk({ names: ['ppocr-det'], weights: 'float' }))['ppocr-det']!;
const teacher = await ort.InferenceSession.create(teacherAsset.bytes, { intraOpNumThreads: 2 });

// One generator for a whole part (as the shipped data was dumped: ids 0–405, then 406–1005); an LCG
// rather than seededRandom because those pages were drawn with it.
let seed = 1 + firstId * 7919;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const lastNames = ['NGUYEN', 'SMITH', 'GARCIA', 'OKONKWO', 'MÜLLER', 'DUBOIS', 'KOWALSKI', 'ROSSI', 'JOHANSSON', 'PATEL'];
const firstNames = ['LINH', 'JOHN', 'MARIA', 'CHIDI', 'ANNA', 'PIERRE', 'EWA', 'LUCA', 'ERIK', 'PRIYA'];
const date = () =>
  `${1950 + Math.floor(random() * 60)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;

function holder(): LicenceHolder {
  return {
    documentNumber: `T${Math.floor(random() * 1e8)}`,
    lastName: pick(lastNames),
    firstName: pick(firstNames),
    dateOfBirth: date(),
    dateOfIssue: '2022-06-01',
    dateOfExpiry: '2030-04-19',
    sex: pick(['M', 'F'] as const),
    street: `${Math.floor(random() * 900)} OAK AVE`,
    city: pick(['RICHMOND', 'AUSTIN', 'DENVER']),
    postalCode: '23220',
    type: pick(['DL', 'ID'] as const),
  };
}

async function page(id: number): Promise<Frame> {
  switch (id % 6) {
    case 0:
      return renderLicenceFront(holder(), { portrait: (w, h) => portraitPng(1 + (id % 5), w, h) });
    case 1:
      return renderTd1Back(td1Lines(holder()));
    case 2:
      return renderMrzPage(pick([specimens.TD1, specimens.TD2, specimens.TD3]), { width: 700 + Math.floor(random() * 600) });
    case 3:
      return renderCard({
        number: '4111 1111 1111 1111',
        expiry: '12/29',
        name: `${pick(firstNames)} ${pick(lastNames)}`,
        network: 'VISA',
        width: 900,
        embossed: random() < 0.5,
      });
    default: {
      const side =
        id % 6 === 4 ? await renderLicenceFront(holder(), { portrait: (w, h) => portraitPng(2, w, h) }) : await renderMrzPage(specimens.TD3, { width: 1200 });
      const family = pick<TransformFamily>(['upright', 'upright', 'perspective', 'upright']);
      return (await documentScene(side, { family, seed: id, width: 1920, height: 1080 })).frame;
    }
  }
}

/** Cards of every kind the card tests draw, from the repository's fonts (held-out typefaces stay unseen). */
function variedCard(r: () => number): RenderCardOptions {
  const choose = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const [prefix, groups] = choose([
    ['4', [4, 4, 4, 4]],
    ['51', [4, 4, 4, 4]],
    ['2221', [4, 4, 4, 4]],
    ['37', [4, 6, 5]],
    ['36', [4, 6, 4]],
    ['6011', [4, 4, 4, 4]],
    ['4', [4, 4, 4, 4, 3]],
  ] as const);
  const number = groupNumber(
    syntheticCardNumber(
      prefix,
      groups.reduce((a, b) => a + b, 0),
      r,
    ),
    groups,
  );
  const light = r() < 0.35;
  const hue = Math.floor(r() * 360);
  const colours = light
    ? { from: `hsl(${hue} 30% 88%)`, to: `hsl(${hue} 25% 72%)`, text: '#1a1a1a' }
    : { from: `hsl(${hue} 55% 22%)`, to: `hsl(${hue} 50% 45%)`, text: '#f4f6fa' };
  const turn = r();
  return {
    ...(r() < 0.2
      ? { back: { cvv: String(100 + Math.floor(r() * 900)), last4: number.slice(-4) } }
      : { number, expiry: `${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${r() < 0.8 ? 26 + Math.floor(r() * 8) : 2026 + Math.floor(r() * 8)}` }),
    expiryLabel: choose([undefined, 'VALID THRU', 'GOOD THRU', 'GÜLTIG BIS', 'EXPIRES END']),
    name: `${pick(firstNames)} ${pick(lastNames)}`,
    bank: r() < 0.5 ? choose(['FIRST BANK', 'Banque Exemple', 'NORDIC SAVINGS', 'Credit Union']) : undefined,
    network: choose(['VISA', 'Mastercard', 'AMEX', 'DISCOVER', undefined]),
    font: choose(['DejaVu Sans Mono', 'OCR B', 'Liberation Mono', 'DejaVu Sans', 'Liberation Sans']),
    embossed: choose([false, false, true, 'plain'] as const),
    colours,
    width: 600 + Math.floor(r() * 500),
    vertical: r() < 0.12,
    rotate: turn < 0.15 ? choose([90, 180, 270]) : (r() - 0.5) * 40,
    blur: r() < 0.3 ? Math.max(0.3, r() * 4) : undefined, // sharp blurs from σ 0.3
  };
}

/** A varied page (ids from `firstVariedId`), seeded by its id. */
async function variedPage(id: number): Promise<Frame> {
  const r = seededRandom(id);
  seed = 1 + id * 7919; // holders too
  const choose = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const kind = id % 4;
  if (kind === 0) return renderCard(variedCard(r));
  const side =
    kind === 1
      ? await renderCard({ ...variedCard(r), rotate: 0, blur: undefined })
      : kind === 2
        ? await renderLicenceFront(holder(), { portrait: (w, h) => portraitPng(1 + (id % 5), w, h), width: 700 + Math.floor(r() * 500) })
        : await choose([
            () => renderTd1Back(td1Lines(holder())),
            () => renderMrzPage(td1Lines(holder()), { width: 700 + Math.floor(r() * 600) }),
            () => renderMrzPage(choose([specimens.TD2, specimens.TD3, specimens.MRVA, specimens.MRVB]), { width: 800 + Math.floor(r() * 600) }),
          ])();
  const scene = await documentScene(side, {
    family: choose(transformFamilies),
    seed: id,
    width: choose([1920, 1440, 1280]),
    height: 1080,
    blur: r() < 0.3 ? 1 + r() * 2.5 : undefined,
    glare: r() < 0.2 ? 0.2 + r() * 0.3 : 0,
    exposure: r() < 0.25 ? 0.3 + r() * 0.5 : 1,
  });
  return scene.frame;
}

/** Listed on the first page on a photograph: the other parts need no Debian pictures installed. */
let debianPhotos: string[] | undefined;

/**
 * A page on a photograph (ids from `firstPhotoId`, seeded by its id): a quarter are the photograph
 * alone, the rest a card with card art from another photograph, or a licence or MRZ page, placed on
 * it; a quarter of all are taken at a low resolution and enlarged (small phone photos). Real photos
 * are full of edges, grain and shapes where there is no text: what the generated pages lack.
 */
async function photoPage(id: number): Promise<Frame> {
  const r = seededRandom(id);
  seed = 1 + id * 7919;
  const choose = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  debianPhotos ??= listDebianPhotos();
  const photos = debianPhotos;
  const [width, height] = choose([
    [1440, 1080],
    [1920, 1080],
    [1280, 960],
    [1080, 1440],
  ] as const);
  const background = await decodeFrame(await photoCrop(photos, r, width, height));
  const kind = id % 4;
  let frame = background;
  if (kind !== 0) {
    const side =
      kind === 3
        ? await choose([
            () => renderLicenceFront(holder(), { portrait: (w, h) => portraitPng(1 + (id % 5), w, h), width: 700 + Math.floor(r() * 500) }),
            () => renderTd1Back(td1Lines(holder())),
            () => renderMrzPage(choose([specimens.TD1, specimens.TD2, specimens.TD3]), { width: 800 + Math.floor(r() * 600) }),
          ])()
        : await renderCard({
            ...variedCard(r),
            rotate: 0,
            blur: undefined,
            bare: true,
            art: r() < 0.75 ? { image: await photoCrop(photos, r, 640, 404), opacity: 0.35 + r() * 0.65 } : undefined,
          });
    frame = (
      await documentScene(side, {
        family: choose(transformFamilies),
        seed: id,
        width,
        height,
        background,
        blur: r() < 0.3 ? 1 + r() * 2 : undefined,
        glare: r() < 0.2 ? 0.2 + r() * 0.3 : 0,
        exposure: r() < 0.2 ? 0.35 + r() * 0.5 : 1,
      })
    ).frame;
  }
  if (r() < 0.25) {
    const small = Math.round(width / (2 + r() * 2));
    const jpeg = await frameImage(frame)
      .resize(small)
      .jpeg({ quality: 70 + Math.floor(r() * 20) })
      .toBuffer();
    frame = await frameFrom(sharp(jpeg).resize(width, height, { fit: 'fill' }));
  }
  return frame;
}

/** The teacher's input, made as the engine makes it (its manifest entry's channels and normalisation). */
function detectorInput(frame: Frame): Float32Array {
  const x = new Float32Array(3 * frame.width * frame.height);
  writeFrameTensor(frame, teacherAsset.entry.input!.channels, teacherAsset.entry.normalisation!, x, 0, frame.width, frame.height);
  return x;
}

mkdirSync(out, { recursive: true });
for (let id = firstId; id < firstId + count; id++) {
  const frame = id >= firstPhotoId ? await photoPage(id) : id >= firstVariedId ? await variedPage(id) : await page(id);
  const height = Math.min(1024, Math.round((frame.height * pageWidth) / frame.width / 32) * 32);
  const rgba = await frameImage(frame).resize(pageWidth, height, { fit: 'fill' }).raw().toBuffer();
  const resized: Frame = { width: pageWidth, height, data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength) };
  const input = new ort.Tensor('float32', detectorInput(resized), [1, 3, height, pageWidth]);
  const probability = (await teacher.run({ x: input }))[teacher.outputNames[0]!]!.data as Float32Array;
  const rgb = Uint8Array.from({ length: pageWidth * height * 3 }, (_, i) => rgba[Math.floor(i / 3) * 4 + (i % 3)]!);
  writeFileSync(`${out}/${id}.rgb`, rgb);
  writeFileSync(
    `${out}/${id}.map`,
    Uint8Array.from(probability, (p) => Math.round(p * 255)),
  );
  writeFileSync(`${out}/${id}.json`, JSON.stringify({ W: pageWidth, H: height }));
  if (id % 50 === 0) console.log(`page ${id}: ${pageWidth}×${height}`);
}
