import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentScene } from '../support/document-scene.ts';
import { toBase64 } from '../support/fixtures.ts';
import { generatedCard } from '../support/generated-document.ts';
import { framePng } from '../support/mrz-render.ts';
import { createTestApp } from '../support/test-app.ts';

/** The document itself over HTTP: found on a photo, straightened, returned as the spec's Base64 image. */
describe('fullDocumentFirstSideImage', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let photo: string;
  let blank: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A card without MRZ or barcode, turned and in perspective on a cluttered table.
    photo = toBase64(await framePng((await documentScene(await generatedCard(), { family: 'rotation', seed: 3 })).frame));
    blank = toBase64(
      await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#6b6358' } })
        .png()
        .toBuffer(),
    );
  });

  it('returns the card straightened to the ID-1 shape, and null on a photo without a document', async () => {
    const found = await t.post('/document-single-side', { image: { imageBase64: photo }, returnFullDocumentImage: true });
    expect(found.status).toBe(200);
    const image = Buffer.from(found.json.data.fullDocumentFirstSideImage.image, 'base64');
    const { width = 0, height = 0 } = await sharp(image).metadata();
    expect(width / height).toBeCloseTo(85.6 / 53.98, 1);

    const without = await t.post('/document-single-side', { image: { imageBase64: photo } });
    expect(without.json.data.fullDocumentFirstSideImage).toBeNull();
    const none = await t.post('/document-single-side', { image: { imageBase64: blank }, returnFullDocumentImage: true });
    expect(none.status).toBe(200);
    expect(none.json.data.fullDocumentFirstSideImage).toBeNull();
  });
});
