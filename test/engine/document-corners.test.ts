import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Frame } from '@idlens/sdk/engine';
import { documentOutline, locateDocument } from '../../packages/sdk/src/engine/document/corners/locate-document.ts';
import { defaultQualityThresholds as limits, measureSideQuality } from '../../packages/sdk/src/engine/document/quality/analyze-side.ts';
import { fakeZxing } from '../support/engine/fake-zxing.ts';
import { documentScene, quadIou, type TransformFamily } from '../support/document-scene.ts';
import { generatedCard } from '../support/generated-document.ts';

// Corner finding, the image checks behind the skip* options and the returned document images, on
// photos generated here: a generated ID-1 card laid on generated backgrounds with known corners.
// No OCR runtime: the engine then reads documents from their barcode only (none here), which is
// enough to see the document images and the skip statuses.
let card: Frame;
let engine: Engine;

beforeAll(async () => {
  card = await generatedCard();
  engine = createEngine({ zxing: fakeZxing() });
});

const png = async (base64: string) => sharp(Buffer.from(base64, 'base64')).metadata();

describe('locateDocument', () => {
  for (const [family, seed] of [
    ['upright', 1],
    ['rotation', 2],
    ['perspective', 3],
    ['scale', 4],
    ['clutter', 5],
    ['occlusion', 6],
  ] as Array<[TransformFamily, number]>) {
    it(`finds the corners of a card photographed ${family}`, async () => {
      const scene = await documentScene(card, { family, seed });
      const found = locateDocument(scene.frame);
      expect(found).not.toBeNull();
      expect(quadIou(found!.points, scene.corners)).toBeGreaterThan(0.9);
    });
  }

  it('takes an image of a document’s own shape for the document cut to its edges (a scan, a cropped upload), not its portrait frame', async () => {
    // The bare card has no edge of its own; its sharpest quad is the portrait's frame.
    expect(
      quadIou(locateDocument(card)!.points, [
        { x: 0, y: 0 },
        { x: card.width, y: 0 },
        { x: card.width, y: card.height },
        { x: 0, y: card.height },
      ]),
    ).toBeLessThan(0.5);
    const whole = documentOutline(card)!;
    expect(whole.map((p) => [Math.round(p.x), Math.round(p.y)])).toEqual([
      [0, 0],
      [card.width, 0],
      [card.width, card.height],
      [0, card.height],
    ]);
    // A photo (4:3) is searched as before.
    const scene = await documentScene(card, { family: 'upright', seed: 1 });
    expect(quadIou(documentOutline(scene.frame)!, scene.corners)).toBeGreaterThan(0.9);
  });

  it('finds nothing on a photo without a document', async () => {
    const blank: Frame = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).fill(128) };
    expect(locateDocument(blank)).toBeNull();
  });
});

describe('image checks', () => {
  const quality = async (options: Parameters<typeof documentScene>[1]) => {
    const scene = await documentScene(card, options);
    return measureSideQuality(scene.frame, scene.corners, false);
  };

  it('tells a sharp card from a blurred one', async () => {
    expect((await quality({ family: 'upright', seed: 11 })).blur).toBeLessThan(limits.maxBlur);
    expect((await quality({ family: 'upright', seed: 11, blur: 4 })).blur).toBeGreaterThan(limits.maxBlur);
  });

  it('sees a dark photo and a glare spot', async () => {
    const clean = await quality({ family: 'upright', seed: 12 });
    expect(clean.lighting.brightness).toBeGreaterThan(limits.minBrightness);
    expect(clean.lighting.glare).toBeLessThan(limits.maxGlare);
    expect((await quality({ family: 'upright', seed: 12, exposure: 0.15 })).lighting.brightness).toBeLessThan(limits.minBrightness);
    expect((await quality({ family: 'upright', seed: 12, glare: 0.3 })).lighting.glare).toBeGreaterThan(limits.maxGlare);
  });

  it('sees a hand over the card but not the portrait on it', async () => {
    expect((await quality({ family: 'upright', seed: 13 })).hand).toBeLessThan(limits.maxHand);
    expect((await quality({ family: 'upright', seed: 13, hand: true })).hand).toBeGreaterThan(limits.maxHand);
  });
});

describe('engine.document images and skip options', () => {
  it('returns the straightened card of a document without MRZ or barcode', async () => {
    const scene = await documentScene(card, { family: 'perspective', seed: 21 });
    const data = await engine.document({ first: scene.frame }, { returnFullDocumentImage: true, multiSide: false });
    expect(data.fullDocumentFirstSideImage?.image).toBeTruthy();
    const meta = await png(data.fullDocumentFirstSideImage!.image);
    expect(meta.format).toBe('png');
    expect(meta.width! / meta.height!).toBeCloseTo(85.6 / 53.98, 1);
    expect(data.fullDocumentSecondSideImage).toBeNull();
  });

  it('returns no document image when there is no document', async () => {
    const blank: Frame = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).fill(90) };
    const data = await engine.document({ first: blank }, { returnFullDocumentImage: true, multiSide: false });
    expect(data.fullDocumentFirstSideImage).toBeNull();
    expect(data.additionalProcessingInfo?.imageExtractionFailures).toEqual(['FULL_DOCUMENT']);
  });

  it('takes a cropped image as the document itself with scanCroppedDocumentImage', async () => {
    const data = await engine.document({ first: card }, { returnFullDocumentImage: true, scanCroppedDocumentImage: true, multiSide: false });
    const meta = await png(data.fullDocumentFirstSideImage!.image);
    expect(meta.width).toBe(card.width);
  });

  it('skips a blurred side with skipImagesWithBlur and a covered one with skipImagesOccludedByHand', async () => {
    const blurred = await documentScene(card, { family: 'upright', seed: 31, blur: 4 });
    const skipped = await engine.document({ first: blurred.frame }, { skipImagesWithBlur: true, returnFullDocumentImage: true, multiSide: false });
    expect(skipped.processingStatus).toBe('FRAME_NOT_FOCUSED');
    expect(skipped.recognitionStatus).toBe('EMPTY');
    expect(skipped.fullDocumentFirstSideImage).toBeNull();
    const kept = await engine.document({ first: blurred.frame }, { returnFullDocumentImage: true, multiSide: false });
    expect(kept.fullDocumentFirstSideImage).not.toBeNull();

    const covered = await documentScene(card, { family: 'upright', seed: 13, hand: true });
    const handSkipped = await engine.document({ first: covered.frame }, { skipImagesOccludedByHand: true, multiSide: false });
    expect(handSkipped.processingStatus).toBe('IMAGE_PREPROCESSING_FAILED');
  });
});
