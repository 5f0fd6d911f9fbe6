import path from 'node:path';
import sharp from 'sharp';
import { barcodePng } from '../../../support/fixtures.ts';
import { renderCard } from '../../../support/card-render.ts';
import { renderLicenceBack, sampleLicenceHolder } from '../../../support/licence-render.ts';
import { renderMrzPage } from '../../../support/mrz-render.ts';
import { passportPng } from '../../support/passport.ts';
import { specimens } from '../../../support/engine/mrz-specimens.ts';
import { cameraFrame, writeY4m, type RgbaImage } from './y4m.ts';

/** What each fake camera shows, and the PNGs the upload tests use. All generated, nothing stored. */
export const qrText = 'https://shop.example/order/4711';

export async function barcodeScene() {
  return cameraFrame(await barcodePng(qrText, { format: 'QRCode', scale: 6, margin: 60 }));
}

export async function cardScene() {
  return cameraFrame(
    await renderCard({
      number: '4111 1111 1111 1111',
      expiry: '12/29',
      name: 'ANNA ERIKSSON',
      network: 'VISA',
      width: 700,
      canvas: { width: 1000, height: 700 },
    }),
  );
}

/** An ID card: the front has no MRZ (name only), the back the ICAO TD1 specimen zone. */
export async function documentScenes() {
  const front = await cameraFrame(await renderMrzPage(['ERIKSSON  ANNA MARIA'], { width: 800, viz: ['IDENTITY CARD  UTOPIA', 'Surname / Given names'] }));
  const back = await cameraFrame(await renderMrzPage(specimens.TD1, { width: 800, viz: ['Address: 1 Main Street', 'UTOPIA CITY'] }));
  return { front, back };
}

/** Side of the square blocks that a test averages to tell the document scene's front from its back on camera. */
export const sideBlock = 20;

/** The mean grey of each `block`×`block` square of an image, row by row (BT.601 luma, as the browser test computes it). */
function blockMeans(image: RgbaImage, block: number): number[] {
  const columns = Math.floor(image.width / block);
  const rows = Math.floor(image.height / block);
  const sums = new Array<number>(columns * rows).fill(0);
  for (let y = 0; y < rows * block; y++)
    for (let x = 0; x < columns * block; x++) {
      const i = (y * image.width + x) * 4;
      sums[Math.floor(y / block) * columns + Math.floor(x / block)]! += 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    }
  return sums.map((sum) => sum / (block * block));
}

/**
 * Where the document scene's front and back differ (blocks of `sideBlock` px whose mean grey differs
 * by more than 20) and each side's means there: a test compares the video's frame with both to know
 * which side is on camera, since the video's clock does not follow the fake camera's file when a
 * loaded machine drops frames.
 */
export function documentSideSignature(): Promise<SideSignature> {
  // Rendered once: each hold of a side asks for it again.
  sideSignature ??= sideSignatureOf();
  return sideSignature;
}

type SideSignature = { blocks: number[]; front: number[]; back: number[] };
let sideSignature: Promise<SideSignature> | undefined;

async function sideSignatureOf(): Promise<SideSignature> {
  const scenes = await documentScenes();
  const front = blockMeans(scenes.front, sideBlock);
  const back = blockMeans(scenes.back, sideBlock);
  const blocks = front.flatMap((mean, i) => (Math.abs(mean - back[i]!) > 20 ? [i] : []));
  return { blocks, front: blocks.map((i) => front[i]!), back: blocks.map((i) => back[i]!) };
}

/** The back of a Virginia licence (its AAMVA PDF417) on the desk. */
export async function licenceBackScene() {
  return cameraFrame(await renderLicenceBack(sampleLicenceHolder, { width: 900 }));
}

/** A passport data page (TD3, the ICAO specimen's) on the desk. */
export async function passportScene() {
  return cameraFrame(await passportPng());
}

/**
 * A card held too low: the frame cuts off its lower third (its number is still in view). The card
 * alone, 700 px wide, on the desk of a 1280×720 frame.
 */
export async function cutCardScene(): Promise<RgbaImage> {
  const card = await renderCard({ number: '4111 1111 1111 1111', expiry: '12/29', name: 'ANNA ERIKSSON', network: 'VISA', width: 700 });
  const png = await sharp(Buffer.from(card.data.buffer, card.data.byteOffset, card.data.length), {
    raw: { width: card.width, height: card.height, channels: 4 },
  })
    .png()
    .toBuffer();
  const desk = { r: 88, g: 94, b: 104, alpha: 1 };
  const top = 720 - Math.round(card.height * 0.62);
  const { data, info } = await sharp({ create: { width: 1280, height: 720 + card.height, channels: 4, background: desk } })
    .composite([{ input: png, left: Math.round((1280 - card.width) / 2), top }])
    .extract({ left: 0, top: 0, width: 1280, height: 720 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

export type CameraScene = 'barcode' | 'card' | 'document' | 'document-front' | 'id-barcode' | 'passport' | 'card-cut';

/** Writes the y4m for one scanner; the document file shows the front for 3 s, then the back for 3 s (looping). */
export async function writeCameraFile(dir: string, kind: CameraScene): Promise<string> {
  const file = path.join(dir, `${kind}.y4m`);
  const still = {
    'id-barcode': licenceBackScene,
    passport: passportScene,
    'card-cut': cutCardScene,
    'document-front': async () => (await documentScenes()).front,
  } as const;
  if (kind in still) {
    await writeY4m(file, [{ image: await still[kind as keyof typeof still](), frames: 2 }], 2);
    return file;
  }
  if (kind === 'document') {
    const { front, back } = await documentScenes();
    await writeY4m(
      file,
      [
        { image: front, frames: 6 },
        { image: back, frames: 6 },
      ],
      2,
    );
  } else {
    await writeY4m(file, [{ image: kind === 'barcode' ? await barcodeScene() : await cardScene(), frames: 2 }], 2);
  }
  return file;
}

export async function qrPng(): Promise<Buffer> {
  return barcodePng(qrText, { format: 'QRCode', scale: 6 });
}
