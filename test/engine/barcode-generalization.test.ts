import { allSymbologies } from '@idlens/sdk/api';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '@idlens/sdk/engine';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import type { Frame } from '../../packages/sdk/src/core/frame.ts';
import { composeScene, renderBarcode } from '../support/engine/barcode-scenes.ts';
import { upceDigits } from '../support/generated-barcode-scenes.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { noBarcodeImages } from '../support/no-barcode-scenes.ts';

// The barcode reader on generated images of the kinds the eval's transform families and
// false-positive set measure on real photos: glare, and pages with text and patterns but no symbol.
let engine: Engine;
beforeAll(async () => {
  engine = createEngine({ zxing: await loadZxingNode() });
});

/** Adds a soft specular highlight of up to `peak` levels around (cx, cy), saturating at white. */
function addGlare(frame: Frame, cx: number, cy: number, radius: number, peak: number): Frame {
  const data = new Uint8ClampedArray(frame.data);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const d = Math.hypot(x - cx, y - cy) / radius;
      const add = d < 1 ? peak * (1 - d * d) ** 2 : 0;
      for (let c = 0; c < 3; c++) data[(y * frame.width + x) * 4 + c] = data[(y * frame.width + x) * 4 + c]! + add;
    }
  }
  return { ...frame, data };
}

describe('barcodes under glare', () => {
  it('reads an EAN-13 on grey paper washed out by a highlight (local-contrast pass)', async () => {
    const code = await renderBarcode('EAN13', '5901234123457', { moduleSize: 3, quietZone: 8 });
    const scene = await composeScene(code, { width: 800, height: 600, angle: 5, blur: 1.2, noise: 3 });
    // Grey paper in dim light (45 % exposure), then the highlight: the bars end up near the paper's level.
    const dim = { ...scene.frame, data: scene.frame.data.map((v, i) => (i % 4 === 3 ? v : v * 0.45)) };
    const data = await engine.barcode(addGlare(dim, 330, 260, 380, 200), allSymbologies);
    expect([data.barcodeType, data.stringData]).toEqual(['EAN_13', '5901234123457']);
  });
});

describe('no barcode, no result', () => {
  it('reports nothing on photos of generated text, tables, stripes, grids, ID-like pages and cards', async () => {
    const reported: string[] = [];
    // The photographed versions only (the eval runs the clean pages too): they take the longest
    // path, the whole pass plan, so the test stays short.
    for (const image of (await noBarcodeImages()).filter((i) => i.name.includes('photo') || i.name.startsWith('card'))) {
      const { data, info } = await sharp(image.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
      const result = await engine.barcode(frame, allSymbologies);
      if (result.barcodeType !== null) reported.push(`${image.name}: ${result.barcodeType} ${result.stringData}`);
    }
    expect(reported).toEqual([]);
  });
});

describe('generated UPC-E numbers', () => {
  it('draws only numbers zero suppression allows, which the writer encodes', async () => {
    const random = seededRandom(29);
    const drawn = Array.from({ length: 400 }, () => upceDigits(random));
    // Every suppression mode (the last digit) is drawn, and the writer encodes every number drawn.
    expect(new Set(drawn.map((six) => six[5])).size).toBe(10);
    for (const six of drawn) await expect(renderBarcode('UPCE', `0${six}`, { moduleSize: 1, quietZone: 2, barHeight: 4 }), six).resolves.toBeDefined();
  });
});
