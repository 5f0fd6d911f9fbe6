import sharp from 'sharp';
import { allSymbologies } from '../../api/barcode.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BarcodeData, BarcodeOptions } from '../../api/barcode.ts';
import { loadZxingNode } from '../../runtime/zxing-node.ts';
import type { Frame } from '../../core/frame.ts';
import {
  composeScene,
  crumpledQrScene,
  emptyScene,
  renderBarcode,
  type Point,
  type RenderOptions,
  type SceneOptions,
  wrapRoundCylinder,
} from '@idlens/test-support/engine/barcode-scenes.ts';
import { printedUnderHighlight } from '@idlens/test-support/highlight.ts';
import { grayToFrame } from '../image/gray-image.ts';
import { resize } from '../image/resize.ts';
import { rotate } from '../image/rotate.ts';
import { readBarcode, type PassTrace } from './read-barcode.ts';
import type { ZxingReader } from './zxing-reader.ts';

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

type WriteFormat = Parameters<typeof renderBarcode>[0];

async function scene(format: WriteFormat, text: string, render: RenderOptions = {}, options: SceneOptions = {}) {
  return composeScene(await renderBarcode(format, text, render), options);
}

/** An EAN-13 of 1.8 px modules in a 320×240 frame, 2° askew, under a blur of σ `blur` px. */
function defocusedEan13(blur: number) {
  return scene('EAN13', '9780804816632', { moduleSize: 3, quietZone: 10 }, { width: 320, height: 240, angle: 2, labelScale: 0.6, blur, noise: 3, seed: 7 });
}

/** An EAN-13 photographed from afar: 2 px modules at `labelScale` in a 240×180 frame, `angle`° askew, under a blur of σ `blur` px. */
function distantEan13(angle: number, labelScale: number, blur: number) {
  return scene('EAN13', '9780804816632', { moduleSize: 2, quietZone: 10 }, { width: 240, height: 180, angle, labelScale, blur, noise: 3, seed: 7 });
}

/** Every reported point lies on the symbol (inside its quadrilateral grown by `tolerance` px). */
function expectPointsOnSymbol(data: BarcodeData, corners: Point[], tolerance = 6): void {
  const points = data.detectionPoints?.points ?? [];
  expect(points).toHaveLength(4);
  for (const p of points) expect(distanceOutside(p, corners)).toBeLessThanOrEqual(tolerance);
}

/** 0 inside the convex quadrilateral, else the distance to its nearest edge. */
function distanceOutside(p: Point, quad: Point[]): number {
  let outside = 0;
  const area = quad.reduce((s, a, i) => {
    const b = quad[(i + 1) % 4]!;
    return s + (a.x * b.y - b.x * a.y);
  }, 0);
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    // Signed distance, positive outside for either winding.
    const cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length;
    outside = Math.max(outside, area > 0 ? -cross : cross);
  }
  return Math.max(0, outside);
}

async function read(frame: Frame, options: BarcodeOptions, traces?: PassTrace[]): Promise<BarcodeData> {
  return readBarcode(zxing, frame, options, traces && ((t) => traces.push(t)));
}

/**
 * What must hold whichever passes read a symbol: a certain answer has a zxing decode of exactly its
 * text behind it (the profile fit's reads stay uncertain), and no second opinion of the fit agrees
 * with a text other than the answer's.
 */
function expectHonestAnswer(data: BarcodeData, traces: PassTrace[]): void {
  const decoded = traces.filter((t) => t.method === 'zxing').flatMap((t) => t.reads);
  if (data.recognitionStatus === 'VALID' && !data.uncertain) expect(decoded.some((r) => r.text === data.stringData)).toBe(true);
  const opinions = traces.filter((t) => t.method === 'fit-check').flatMap((t) => t.reads);
  expect(opinions.filter((r) => r.type === data.barcodeType && r.text !== data.stringData)).toEqual([]);
}

describe('readBarcode on generated scenes', () => {
  const cases: Array<{ format: WriteFormat; text: string; type: string; expected?: string; render?: RenderOptions }> = [
    { format: 'QRCode', text: 'https://idlens.example/scan?id=42', type: 'QR_CODE', render: { moduleSize: 4, quietZone: 4 } },
    { format: 'UPCA', text: '03600029145', type: 'UPC_A', expected: '036000291452' },
    { format: 'UPCE', text: '0123456', type: 'UPC_E', expected: '01234565' },
    { format: 'EAN8', text: '9638507', type: 'EAN_8', expected: '96385074' },
    { format: 'EAN13', text: '978044101498', type: 'EAN_13', expected: '9780441014989' },
    { format: 'Code128', text: 'IDL-128/xyz', type: 'CODE_128', render: { moduleSize: 2 } },
    { format: 'Code39', text: 'CODE39 TEST', type: 'CODE_39', render: { moduleSize: 2 } },
    { format: 'ITF', text: '0123456789', type: 'ITF' },
    { format: 'PDF417', text: 'PDF417 on a licence: DAQ123456789', type: 'PDF417_BARCODE', render: { moduleSize: 2, quietZone: 4 } },
  ];

  for (const { format, text, type, expected = text, render } of cases) {
    it(`reads ${format}: tilted, blurred, noisy, JPEG-compressed, with exact content and points on the symbol`, async () => {
      const { frame, corners } = await scene(format, text, render, { angle: 12, blur: 0.7, noise: 5, jpegQuality: 80, centre: { x: 0.45, y: 0.55 }, seed: 7 });
      const data = await read(frame, allSymbologies);
      expect(data).toMatchObject({ barcodeType: type, stringData: expected, recognitionStatus: 'VALID', uncertain: false });
      expect(atob(data.rawData!)).toBe(expected);
      expectPointsOnSymbol(data, corners);
    });
  }

  it('reads a linear code at 40° (bar-region view), with points on the symbol', async () => {
    const { frame, corners } = await scene('Code128', 'ANGLED-40', { moduleSize: 3 }, { angle: 40, blur: 0.5, noise: 4, seed: 3 });
    const data = await read(frame, { scanCode128: true });
    expect(data).toMatchObject({ barcodeType: 'CODE_128', stringData: 'ANGLED-40' });
    expectPointsOnSymbol(data, corners);
  });

  it('reads a linear code at 40° in an under-exposed photo (every level below 26), its levels stretched', async () => {
    const { frame, corners } = await scene('Code128', 'ANGLED-40', { moduleSize: 3 }, { angle: 40, blur: 1, noise: 1, seed: 3 });
    const dim = new Uint8ClampedArray(frame.data);
    for (let i = 0; i < dim.length; i++) if (i % 4 !== 3) dim[i] = Math.round(dim[i]! * 0.1);
    const data = await read({ ...frame, data: dim }, { scanCode128: true });
    expect(data).toMatchObject({ barcodeType: 'CODE_128', stringData: 'ANGLED-40' });
    expectPointsOnSymbol(data, corners);
  });

  it('reads a small, fine EAN-13 in a 1920×1080 scene', async () => {
    const photo = { width: 1920, height: 1080, angle: -8, blur: 0.6, noise: 4, jpegQuality: 85, centre: { x: 0.7, y: 0.3 } };
    const { frame, corners } = await scene('EAN13', '590123412345', { moduleSize: 2, barHeight: 30 }, photo);
    const data = await read(frame, allSymbologies);
    expect(data).toMatchObject({ barcodeType: 'EAN_13', stringData: '5901234123457' });
    expectPointsOnSymbol(data, corners);
  });

  it.each([2, 4, 12])('reads a crumpled QR code (seed %i) that only its fitted grid lays out, with points on the symbol', async (seed) => {
    const { text, scene } = await crumpledQrScene(4.5, seed);
    const { frame, corners } = scene;
    const traces: PassTrace[] = [];
    const data = await read(frame, { scanQrCode: true }, traces);
    expect(data.stringData).toBe(text);
    expect(data.uncertain).toBe(false);
    expectHonestAnswer(data, traces);
    expectPointsOnSymbol(data, corners, 10);
  });

  it('gives binary PDF417 payloads as rawData with a null stringData', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255, 128, 129, 7, 0, 9, 31, 200]);
    const { frame } = await composeScene(await renderBarcode('PDF417', bytes, { moduleSize: 3, quietZone: 4 }), { seed: 8 });
    const data = await read(frame, { scanPdf417: true });
    expect(data).toMatchObject({ barcodeType: 'PDF417_BARCODE', stringData: null, recognitionStatus: 'VALID' });
    expect(Uint8Array.from(atob(data.rawData!), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('reads a QR code under a highlight from the local-contrast image cut at its mid-grey, which the hybrid binarizer loses', async () => {
    // Its modules under the highlight are shallow grey on white. Taken out of the plan, the pass
    // leaves the symbol to one later read, not enough to be certain. (One of 60 random glare scenes of
    // a throwaway probe, its conditions to the digits that keep it so: a scene on the edge. Should an
    // unrelated change of the plan flip it, pick another such scene rather than loosen the test.)
    const text = 'https://idlens.example/glare?id=7';
    const { frame } = await scene(
      'QRCode',
      text,
      { moduleSize: 3, quietZone: 10 },
      { width: 900, height: 600, angle: -2.567, labelScale: 0.7488, blur: 0.45, noise: 3.83, seed: 25 },
    );
    const traces: PassTrace[] = [];
    const data = await read(printedUnderHighlight(frame, 165.4, { x: 0.486, y: 0.4536 }), allSymbologies, traces);
    expect(data.stringData).toBe(text);
    expect(data.recognitionStatus).toBe('VALID');
    expectHonestAnswer(data, traces);
  });
});

describe('readBarcode options', () => {
  it('reports UPC-A as UPC_A with 12 digits, or as EAN_13 with 13 when only EAN-13 is asked for', async () => {
    const { frame } = await scene('UPCA', '04210000526', {}, { seed: 2 });
    expect(await read(frame, allSymbologies)).toMatchObject({ barcodeType: 'UPC_A', stringData: '042100005264' });
    expect(await read(frame, { scanUpca: true })).toMatchObject({ barcodeType: 'UPC_A', stringData: '042100005264' });
    expect(await read(frame, { scanEan13: true })).toMatchObject({ barcodeType: 'EAN_13', stringData: '0042100005264' });
  });

  it('does not read a symbology whose flag is off', async () => {
    const { frame } = await scene('EAN13', '400638133393', {}, { seed: 4 });
    expect((await read(frame, { scanQrCode: true, scanCode128: true })).recognitionStatus).toBe('EMPTY');
    // An EAN-13 not starting with 0 is no UPC-A.
    expect((await read(frame, { scanUpca: true })).recognitionStatus).toBe('EMPTY');
    expect(await read(frame, { scanEan13: true })).toMatchObject({ barcodeType: 'EAN_13', stringData: '4006381333931' });
  });

  it('answers EMPTY without any scan flag', async () => {
    const { frame } = await scene('QRCode', 'hello', { moduleSize: 4 });
    expect(await read(frame, {})).toMatchObject({ recognitionStatus: 'EMPTY', barcodeType: null, detectionPoints: null });
  });

  it('reads inverted symbols only with scanInverse', async () => {
    const { frame } = await scene('QRCode', 'INVERTED', { moduleSize: 4, quietZone: 4 }, { invert: true, seed: 9 });
    expect((await read(frame, { scanQrCode: true })).recognitionStatus).toBe('EMPTY');
    expect(await read(frame, { scanQrCode: true, scanInverse: true })).toMatchObject({ barcodeType: 'QR_CODE', stringData: 'INVERTED' });
  });

  it('reads Code 39 as extended data only with readCode39AsExtendedData', async () => {
    const { frame } = await scene('Code39Ext', 'ab+', { moduleSize: 3 }, { seed: 6 });
    expect(await read(frame, { scanCode39: true })).toMatchObject({ barcodeType: 'CODE_39', stringData: '+A+B/K' });
    expect(await read(frame, { scanCode39: true, readCode39AsExtendedData: true })).toMatchObject({ barcodeType: 'CODE_39', stringData: 'ab+' });
    // A standard symbol reads the same either way.
    const plain = await scene('Code39', 'PLAIN-39', { moduleSize: 3 }, { seed: 6 });
    expect(await read(plain.frame, { scanCode39: true, readCode39AsExtendedData: true })).toMatchObject({ stringData: 'PLAIN-39' });
  });

  it('reads linear symbols whose quiet zone is cluttered only with nullQuietZoneAllowed', async () => {
    for (const [format, text, flag, expected] of [
      ['EAN13', '400638133393', 'scanEan13', '4006381333931'],
      ['Code128', 'NOQUIET', 'scanCode128', 'NOQUIET'],
    ] as const) {
      // One module of margin, then diagonal stripes right up to it.
      const frame = await clutteredFrame(await renderBarcode(format, text, { moduleSize: 2, quietZone: 1 }));
      expect((await read(frame, { [flag]: true })).recognitionStatus).toBe('EMPTY');
      expect(await read(frame, { [flag]: true, nullQuietZoneAllowed: true })).toMatchObject({ stringData: expected, recognitionStatus: 'VALID' });
    }
  });

  it('reads fine Code 128 modules only with autoScaleDetection (the spec default)', async () => {
    // 1.4 px modules, slightly blurred: only the rescaled bar-region view resolves them.
    const { frame, corners } = await scene('Code128', 'AUTOSCALE-128', { moduleSize: 2 }, { labelScale: 0.7, blur: 0.4, noise: 3, seed: 11 });
    const data = await read(frame, { scanCode128: true });
    expect(data).toMatchObject({ barcodeType: 'CODE_128', stringData: 'AUTOSCALE-128' });
    expectPointsOnSymbol(data, corners);
    expect((await read(frame, { scanCode128: true, autoScaleDetection: false })).recognitionStatus).toBe('EMPTY');
  });

  it('reads a Code 128 of 1.1 px modules, shrunk by area as a sensor samples, from its edges placed by coverage', async () => {
    // Written at 5 px a module and shrunk by area averaging: a one-module space grey over two pixels,
    // which no pass binarizing whole pixels counts right. Bars vertical, and the same turned a quarter.
    const written = await renderBarcode('Code128', 'IDLENS-2026-11-28', { moduleSize: 5, quietZone: 12, barHeight: 30 });
    const shrunk = resize({ width: written.width, height: written.height, data: written.data }, (written.width * 1.1) / 5, (written.height * 1.1) / 5).image;
    const turned = rotate(shrunk, 90).image;
    for (const [bars, image] of [
      ['vertical', shrunk],
      ['horizontal', turned],
    ] as const) {
      const traces: PassTrace[] = [];
      const data = await read(grayToFrame(image), { scanCode128: true }, traces);
      expect(data, bars).toMatchObject({ barcodeType: 'CODE_128', stringData: 'IDLENS-2026-11-28' });
      expectHonestAnswer(data, traces);
    }
  });

  it('reads a Code 39 of 1.1 px modules, a scene shrunk to 60 %, from its 3× enlargement sampled half a pixel on', async () => {
    // Photographed at 1.8 px a module, then shrunk by Lanczos as the eval's scale family is: grown 3×
    // from the pixels' centres zxing reads nothing, half a pixel on it reads the symbol.
    const { frame } = await scene(
      'Code39',
      'PN22512',
      { moduleSize: 2, quietZone: 10 },
      { width: 480, height: 360, labelScale: 0.909, angle: -3, blur: 0.612, noise: 2.83, seed: 545 },
    );
    const shrunk = await sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.length), {
      raw: { width: frame.width, height: frame.height, channels: 4 },
    })
      .resize(288, 216, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const traces: PassTrace[] = [];
    const data = await read(
      { width: 288, height: 216, data: new Uint8ClampedArray(shrunk.buffer, shrunk.byteOffset, shrunk.length) },
      { scanCode39: true },
      traces,
    );
    expect(data).toMatchObject({ barcodeType: 'CODE_39', stringData: 'PN22512' });
    expectHonestAnswer(data, traces);
  });

  it('reads a finer PDF417 (two-pixel modules, soft) from its sharpened 2× enlargement', async () => {
    const text = 'ANSI 636023090102DL00410317ZO03580057DLDBA01212021DCSDOE';
    const { frame, corners } = await scene('PDF417', text, { moduleSize: 2, quietZone: 3 }, { labelScale: 0.6, angle: 3, blur: 0.4, noise: 2, seed: 5 });
    const data = await read(frame, { scanPdf417: true });
    expect(data).toMatchObject({ barcodeType: 'PDF417_BARCODE', stringData: text, recognitionStatus: 'VALID' });
    expectPointsOnSymbol(data, corners, 8);
  });

  it('does not settle on a PDF417 decode that spent all its error correction: a later pass reads the symbol right', async () => {
    // A small, soft PDF417 (1.4 px modules): the sharpened frame's decode "corrects" it into another
    // valid codeword sequence, 20 characters of garbage with no error correction left unused.
    const text = 'idlens restored detail';
    const { frame } = await scene('PDF417', text, { moduleSize: 2 }, { width: 400, height: 300, labelScale: 0.7, blur: 1, noise: 3, angle: 4, seed: 3 });
    const traces: PassTrace[] = [];
    const data = await read(frame, allSymbologies, traces);
    const misread = traces.flatMap((t) => t.reads).find((r) => r.type === 'PDF417_BARCODE' && r.text !== text);
    expect(misread).toMatchObject({ correctionMargin: 0 });
    expect(data).toMatchObject({ barcodeType: 'PDF417_BARCODE', stringData: text, recognitionStatus: 'VALID' });
  });

  it('goes on past a fine UPC-A misread that one pass made when the profile fit reads the bars otherwise, and reads it right', async () => {
    // 1.4 px modules: a sharpened view shifts the same edges on every line, and many lines agree on a
    // checksum-valid wrong number, enough to stop the plan were it not checked against the fit.
    const text = '036000291452';
    const { frame } = await scene(
      'UPCA',
      text.slice(0, 11),
      { moduleSize: 2 },
      { width: 400, height: 300, labelScale: 0.7, blur: 0.6, noise: 3, angle: 4, seed: 3 },
    );
    const traces: PassTrace[] = [];
    const data = await read(frame, allSymbologies, traces);
    // The scene is what the test is about: zxing decodes a wrong UPC-A from it.
    const misreads = traces.filter((t) => t.method === 'zxing').flatMap((t) => t.reads.filter((r) => r.type === 'UPC_A' && r.text !== text));
    expect(misreads.length).toBeGreaterThan(0);
    expect(data).toMatchObject({ barcodeType: 'UPC_A', stringData: text, recognitionStatus: 'VALID' });
    expectHonestAnswer(data, traces);
  });

  it('checks a fine UPC-E read by its own profile fit, goes on past the misread, and ends on the right read', async () => {
    // 1.2 px modules: a sharpened view reads another number system's UPC-E on many lines.
    const text = '04124498';
    const { frame } = await scene('UPCE', text.slice(0, 7), { moduleSize: 2 }, { width: 300, height: 220, labelScale: 0.6, blur: 0.8, noise: 2, seed: 1 });
    const traces: PassTrace[] = [];
    const data = await read(frame, allSymbologies, traces);
    const misreads = traces.filter((t) => t.method === 'zxing').flatMap((t) => t.reads.filter((r) => r.type === 'UPC_E' && r.text !== text));
    expect(misreads.length).toBeGreaterThan(0);
    expect(data).toMatchObject({ barcodeType: 'UPC_E', stringData: text, recognitionStatus: 'VALID' });
    expectHonestAnswer(data, traces);
  });

  it('reads a small EAN-13 defocused past zxing by fitting its bars to the grey levels, as an uncertain read', async () => {
    // 1.8 px modules under a blur of σ 1.4 px: thin bars and spaces have merged into grey.
    const { frame, corners } = await defocusedEan13(1.4);
    const traces: PassTrace[] = [];
    const data = await read(frame, allSymbologies, traces);
    expect(data).toMatchObject({ barcodeType: 'EAN_13', stringData: '9780804816632', uncertain: true });
    expectHonestAnswer(data, traces);
    expectPointsOnSymbol(data, corners, 8);
    // Blurred beyond its modules, the symbol gives no read rather than a guess.
    const lost = await defocusedEan13(2.6);
    expect((await readBarcode(zxing, lost.frame, allSymbologies)).recognitionStatus).toBe('EMPTY');
  });

  it('reads an EAN-13 photographed from afar (modules under a pixel) by fitting the profile its pixels project', async () => {
    // 0.8–0.9 px modules: no pass of zxing on the frame's pixels resolves them. Askew by 5–7°, every
    // row of pixels meets the bars at another phase and the projected profile resolves them (the
    // view's rows resampled as finely read nothing at label scale 0.4 there). At 2°, label scale 0.45
    // (0.9 px), the lines redrawn by coverage (passes 25) read it too, certain.
    for (const [angle, labelScale] of [
      [2, 0.45],
      [5, 0.4],
      [7, 0.4],
    ] as const) {
      const { frame, corners } = await distantEan13(angle, labelScale, 0.5);
      const traces: PassTrace[] = [];
      const data = await read(frame, allSymbologies, traces);
      const label = `${angle}°, label scale ${labelScale}`;
      expect(data, label).toMatchObject({ barcodeType: 'EAN_13', stringData: '9780804816632' });
      // Certain only where a decode of the pixels (the lines redrawn by coverage) backs it.
      expectHonestAnswer(data, traces);
      expectPointsOnSymbol(data, corners, 6);
    }
  });

  it('reads a fine UPC-A on a label curved round a can, fitting modules that narrow towards its ends', async () => {
    // The label, quiet zones and all, spans ±30° of the can, the symbol ±25°: a pixel a module at its
    // middle, 0.91 px at its ends. Fitted as a flat label, the digits half-way to each guard lie over
    // half a module off, and nothing is read (zxing resolves no module this fine).
    const label = wrapRoundCylinder(await renderBarcode('UPCA', '03600029145', { moduleSize: 4 }), 30);
    for (const seed of [1, 2]) {
      const { frame, corners } = await composeScene(label, {
        width: 320,
        height: 240,
        labelScale: 0.25,
        blur: 0.5,
        noise: 3,
        jpegQuality: 75,
        angle: seed * 4 - 6,
        seed,
      });
      const traces: PassTrace[] = [];
      const data = await read(frame, allSymbologies, traces);
      expect(data, `seed ${seed}`).toMatchObject({ barcodeType: 'UPC_A', stringData: '036000291452' });
      expectHonestAnswer(data, traces);
      expectPointsOnSymbol(data, corners, 6);
    }
  });

  it('lets the restored image’s fit add to a fit read on one band, and the fits stay uncertain together', async () => {
    const { frame } = await distantEan13(5, 0.5, 0.8);
    const traces: PassTrace[] = [];
    const data = await read(frame, allSymbologies, traces);
    expect(data).toMatchObject({ barcodeType: 'EAN_13', stringData: '9780804816632', uncertain: true });
    // Fits from more than one image (the frame's and the restored one's) add up, and stay uncertain.
    const fitted = traces.filter((t) => t.method === 'ean-profile' && t.reads.some((r) => r.text === data.stringData));
    expect(new Set(fitted.map((t) => t.pass.startsWith('restored:'))).size).toBe(2);
    expectHonestAnswer(data, traces);
  });

  it('keeps fit reads uncertain however many bar regions of the symbol they come from', async () => {
    // A white stripe 16 px high across the bars' middle splits the symbol into two regions, fitted on 4 + 3 bands.
    const { frame, corners } = await defocusedEan13(1.4);
    const xs = corners.map((c) => c.x);
    const middle = Math.round(corners.reduce((sum, c) => sum + c.y, 0) / 4);
    for (let y = middle - 8; y < middle + 8; y++) {
      for (let x = Math.floor(Math.min(...xs)) - 4; x <= Math.ceil(Math.max(...xs)) + 4; x++)
        frame.data.fill(255, (y * frame.width + x) * 4, (y * frame.width + x) * 4 + 3);
    }
    const traces: PassTrace[] = [];
    const data = await read(frame, { ...allSymbologies, nullQuietZoneAllowed: true }, traces);
    const fits = traces.filter((t) => t.method === 'ean-profile').flatMap((t) => t.reads);
    // Both halves are fitted (more bands than one region has)…
    expect(fits.reduce((sum, r) => sum + r.lineCount, 0)).toBeGreaterThanOrEqual(6);
    // …and together they are still a fit's answer: uncertain.
    expect(data).toMatchObject({ barcodeType: 'EAN_13', stringData: '9780804816632', uncertain: true });
    expectHonestAnswer(data, traces);
  });
});

describe('readBarcode: a second round on the frame with its detail restored', () => {
  // Modules of 1.2 px under a blur of σ 0.8–1 px: no zxing pass of the first round reads them (its
  // profile fit may, uncertainly: the EAN-13 on two bands). The 560×420 frames are not crops: they
  // are restored because their bars were located.
  type SoftCase = { format: WriteFormat; text: string; expected: object; size: [number, number]; blur: number; seed: number };
  const code128 = { format: 'Code128', text: 'IDL-2026-11', expected: { barcodeType: 'CODE_128', stringData: 'IDL-2026-11', uncertain: false } } as const;
  const frame560 = { size: [560, 420], seed: 1 } satisfies Partial<SoftCase>;
  const softCases: SoftCase[] = [
    { ...code128, size: [320, 240], blur: 0.8, seed: 1 },
    { ...code128, size: [320, 240], blur: 0.8, seed: 2 },
    { ...code128, ...frame560, blur: 0.8 },
    { format: 'EAN13', text: '400638133393', expected: { barcodeType: 'EAN_13', stringData: '4006381333931', uncertain: false }, ...frame560, blur: 0.8 },
    // Read by the profile fit on the restored image: uncertain, as the fit's reads are.
    { format: 'UPCA', text: '03600029145', expected: { barcodeType: 'UPC_A', stringData: '036000291452', uncertain: true }, ...frame560, blur: 1 },
  ];
  for (const { format, text, expected, size, blur, seed } of softCases) {
    it(`reads a small, soft ${format} in a ${size.join('×')} frame (seed ${seed}), which needs its detail restored, with points on the symbol`, async () => {
      const [width, height] = size;
      const { frame, corners } = await scene(format, text, { moduleSize: 2 }, { width, height, labelScale: 0.6, blur, noise: 3, seed });
      const traces: PassTrace[] = [];
      const data = await read(frame, allSymbologies, traces);
      expect(data).toMatchObject(expected);
      expectHonestAnswer(data, traces);
      expectPointsOnSymbol(data, corners);
    });
  }

  it('reads a soft Code 128 under glare (the image it restores has its illumination levelled)', async () => {
    const { frame, corners } = await scene(
      code128.format,
      code128.text,
      { moduleSize: 2 },
      { width: 320, height: 240, labelScale: 0.9, blur: 1, noise: 3, seed: 1 },
    );
    const traces: PassTrace[] = [];
    const data = await read(printedUnderHighlight(frame, 200), allSymbologies, traces);
    expect(data).toMatchObject(code128.expected);
    expectHonestAnswer(data, traces);
    expectPointsOnSymbol(data, corners);
  });

  it('restores a small crop without a symbol to no avail, and not a camera frame in which nothing was seen', async () => {
    const restoredPasses = async (width: number, height: number) => {
      const traces: PassTrace[] = [];
      const frame = await emptyScene({ width, height, blur: 0.8, noise: 3, seed: 5 });
      expect((await read(frame, allSymbologies, traces)).recognitionStatus).toBe('EMPTY');
      return traces.filter((t) => t.pass.startsWith('restored:')).length;
    };
    // A 320×240 crop is always read again restored; a 560×420 frame only where bars, finder
    // patterns or a read showed up; 800×600 is more than the restoration's 0.4 megapixels.
    expect(await restoredPasses(320, 240)).toBeGreaterThan(0);
    expect(await restoredPasses(560, 420)).toBe(0);
    expect(await restoredPasses(800, 600)).toBe(0);
  });
});

describe('readBarcode on images without a barcode', () => {
  it('answers EMPTY for a blank frame', async () => {
    expect(
      (
        await read(
          grayFrame(640, 480, () => 200),
          allSymbologies,
        )
      ).recognitionStatus,
    ).toBe('EMPTY');
  });

  it('answers EMPTY for noise and texture, and stays within the pass budget', async () => {
    let state = 12345;
    const noise = grayFrame(1280, 720, () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return state >>> 24;
    });
    const traces: PassTrace[] = [];
    expect((await read(noise, { ...allSymbologies, slowerThoroughScan: true }, traces)).recognitionStatus).toBe('EMPTY');
    // zxing's passes spend the budget (the engine's own EAN decoders read the images already made).
    const pixels = traces.filter((t) => t.method === 'zxing').reduce((sum, t) => sum + t.width * t.height, 0);
    expect(pixels).toBeLessThanOrEqual(30_000_000);

    const photo = await emptyScene({ width: 1280, height: 720, blur: 0.7, noise: 5, jpegQuality: 80, seed: 21 });
    expect((await read(photo, allSymbologies)).recognitionStatus).toBe('EMPTY');
  });
});

/** The symbol on a grey field of diagonal stripes that run right up to it. */
async function clutteredFrame(symbol: Awaited<ReturnType<typeof renderBarcode>>): Promise<Frame> {
  const border = 30;
  return grayFrame(symbol.width + 2 * border, symbol.height + 2 * border, (x, y) => {
    const sx = x - border;
    const sy = y - border;
    if (sx >= 0 && sy >= 0 && sx < symbol.width && sy < symbol.height) return symbol.data[sy * symbol.width + sx]!;
    return (x + y) % 7 < 3 ? 128 : 40;
  });
}

function grayFrame(width: number, height: number, value: (x: number, y: number) => number): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = value(x, y);
      const i = (y * width + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}
