import path from 'node:path';
import { barcodePng } from '../../../support/fixtures.ts';
import { renderCard, testCards } from '../../../support/card-render.ts';
import { framePng, renderMrzPage } from '../../../support/mrz-render.ts';
import { specimens } from '../../../support/engine/mrz-specimens.ts';
import { cameraFrame, writeY4m } from './y4m.ts';

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

/** Writes the y4m for one scanner; the document file shows the front for 3 s, then the back for 3 s (looping). */
export async function writeCameraFile(dir: string, kind: 'barcode' | 'card' | 'document'): Promise<string> {
  const file = path.join(dir, `${kind}.y4m`);
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

export { framePng, testCards };
