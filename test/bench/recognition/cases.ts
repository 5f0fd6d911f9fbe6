import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { flatVisa, renderCard } from '../../support/card-render.ts';
import { documentScene, frameImage } from '../../support/document-scene.ts';
import { specimens } from '../../support/engine/mrz-specimens.ts';
import { barcodePng } from '../../support/fixtures.ts';
import { renderMrzPage } from '../../support/mrz-render.ts';

/** One kind of recognition of `pnpm bench recognition`: a 1920×1080 JPEG and how it is asked for. */
export interface RecognitionCase {
  name: string;
  kind: 'barcode' | 'card' | 'document';
  /** The JPEG on disk (the engine processes read it from there). */
  file: string;
  route: '/barcode' | '/card' | '/document-single-side';
  /** The request's options besides the image: what the engine is given too. */
  options: Record<string, unknown>;
}

const size = { width: 1920, height: 1080 };

async function jpeg(frame: Frame | Buffer): Promise<Buffer> {
  const image = Buffer.isBuffer(frame) ? sharp(frame) : frameImage(frame);
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** A QR code on a table top, a passport page photographed (TD3 MRZ), a flat Visa: written to `dir`. */
export async function recognitionCases(dir: string): Promise<RecognitionCase[]> {
  const qr = await barcodePng('https://idlens.test/bench/recognition?order=4711', { format: 'QRCode', scale: 8 });
  const qrScene = await sharp({ create: { ...size, channels: 3, background: '#8a7f70' } })
    .composite([{ input: qr, left: 760, top: 300 }])
    .png()
    .toBuffer();
  const passport = (await documentScene(await renderMrzPage(specimens.TD3, { width: 1200 }), { family: 'upright', seed: 7, ...size })).frame;
  const card = await renderCard(flatVisa(size));
  const cases: Array<Omit<RecognitionCase, 'file'> & { image: Buffer }> = [
    { name: 'barcode (QR code)', kind: 'barcode', route: '/barcode', options: { scanQrCode: true }, image: await jpeg(qrScene) },
    { name: 'passport page (TD3)', kind: 'document', route: '/document-single-side', options: {}, image: await jpeg(passport) },
    {
      name: 'card (flat Visa)',
      kind: 'card',
      route: '/card',
      options: { extractExpiryDate: true, extractCardholderName: true },
      image: await jpeg(card),
    },
  ];
  return Promise.all(
    cases.map(async ({ image, ...c }, i) => {
      const file = path.join(dir, `case-${i}.jpg`);
      await writeFile(file, image);
      return { ...c, file };
    }),
  );
}

/** The request body of a case, as an app would send it. */
export function requestBody(c: RecognitionCase, image: Buffer): string {
  const source = { imageBase64: image.toString('base64') };
  return JSON.stringify(c.kind === 'card' ? { cardNumberSide: source, ...c.options } : { image: source, ...c.options });
}
