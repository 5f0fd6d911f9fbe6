import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxOnPhoto, locationIou } from '../support/box-on-photo.ts';
import { decodeFrame, documentScene, type TransformFamily } from '../support/document-scene.ts';
import { toBase64 } from '../support/fixtures.ts';
import { cardPortraitBox, generatedCard } from '../support/generated-document.ts';
import { framePng, mrzPagePortraitBox, renderMrzPage } from '../support/mrz-render.ts';
import { portraitCount, portraitPng } from '../support/portraits.ts';
import { td3Lines } from '../browser/support/passport.ts';
import { createTestApp } from '../support/test-app.ts';

/** `faceImage`: the holder's portrait, found by the face detector (models/ face-detector), never a fixed crop. */
describe('faceImage', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const post = (frame: { width: number; height: number; data: Uint8ClampedArray }, options: Record<string, unknown>) =>
    framePng(frame).then((png) => t.post('/document-single-side', { image: { imageBase64: toBase64(png) }, ...options }));

  it('finds the portrait of cards without an MRZ photographed at any angle, and returns it upright where it is on the photo', async () => {
    const families: TransformFamily[] = ['rotation', 'perspective', 'clutter', 'rotation', 'scale'];
    for (let i = 0; i < portraitCount; i++) {
      const card = await generatedCard({ portrait: await portraitPng(i, cardPortraitBox.width, cardPortraitBox.height) });
      const scene = await documentScene(card, { family: families[i]!, seed: 40 + i });
      const res = await post(scene.frame, { returnFaceImage: true });
      expect(res.status).toBe(200);
      const face = res.json.data.faceImage;
      expect(face, `portrait ${i}`).not.toBeNull();
      expect(face.side).toBe('FIRST');
      expect(locationIou(boxOnPhoto(cardPortraitBox, card, scene.corners), face.location), `portrait ${i}`).toBeGreaterThan(0.5);
      // Upright: taller than wide, as portraits are, whatever the card's turn on the photo.
      const { width = 0, height = 0 } = await sharp(Buffer.from(face.image, 'base64')).metadata();
      expect(height / width).toBeCloseTo(45 / 35, 1);
    }
  });

  it('turns an upside-down card without an MRZ the right way up by its portrait (fullDocumentFirstSideImage)', async () => {
    const card = await generatedCard({ portrait: await portraitPng(0, cardPortraitBox.width, cardPortraitBox.height) });
    const upsideDown = await decodeFrame(
      await sharp(await framePng(card))
        .rotate(180)
        .png()
        .toBuffer(),
    );
    const scene = await documentScene(upsideDown, { family: 'upright', seed: 5 });
    const res = await post(scene.frame, { returnFaceImage: true, returnFullDocumentImage: true });
    const returned = await sharp(Buffer.from(res.json.data.fullDocumentFirstSideImage.image, 'base64'))
      .resize(card.width, card.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const original = await sharp(await framePng(card))
      .removeAlpha()
      .raw()
      .toBuffer();
    const turned = await sharp(await framePng(card))
      .rotate(180)
      .removeAlpha()
      .raw()
      .toBuffer();
    const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    // The straightened image is the card as printed, not its upside-down view.
    expect(difference(returned, original)).toBeLessThan(0.5 * difference(returned, turned));
  });

  it('returns the portrait of a passport page with its MRZ, both images asked for', async () => {
    const width = 1000;
    const page = await renderMrzPage(td3Lines(), { width, portrait: (w, h) => portraitPng(1, w, h) });
    const res = await post(page, { returnFaceImage: true, returnFullDocumentImage: true });
    expect(res.json.data.recognitionStatus).toBe('VALID');
    expect(res.json.data.fullDocumentFirstSideImage).not.toBeNull();
    const box = mrzPagePortraitBox(width);
    // The page is centred on a canvas 1.4 × 1.5 its size.
    const offset = { x: (page.width - width) / 2, y: (page.height - Math.round(width * 0.7)) / 2 };
    expect(locationIou({ ...box, x: box.x + offset.x, y: box.y + offset.y }, res.json.data.faceImage.location)).toBeGreaterThan(0.5);
  });

  it('gives no face for a blank portrait area, and says so only when the face was asked for', async () => {
    const scene = await documentScene(await generatedCard(), { family: 'rotation', seed: 8 });
    const asked = await post(scene.frame, { returnFaceImage: true });
    expect(asked.status).toBe(200);
    expect(asked.json.data.faceImage).toBeNull();
    expect(asked.json.data.additionalProcessingInfo.imageExtractionFailures).toContain('FACE');
    const card = await generatedCard({ portrait: await portraitPng(2, cardPortraitBox.width, cardPortraitBox.height) });
    const notAsked = await post((await documentScene(card, { family: 'upright', seed: 9 })).frame, {});
    expect(notAsked.json.data.faceImage).toBeNull();
    expect(notAsked.json.data.additionalProcessingInfo?.imageExtractionFailures ?? []).not.toContain('FACE');
  });
});
