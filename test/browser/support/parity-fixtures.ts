import sharp from 'sharp';
export { allSymbologies } from '@idlens/sdk/api';
import { composeScene, emptyScene, renderBarcode } from '../../support/engine/barcode-scenes.ts';
import type { Frame } from '@idlens/sdk';
import { barcodePng } from '../../support/fixtures.ts';

export interface ParityFixture {
  name: string;
  /** PNG bytes: lossless, so the browser's decoder and sharp yield the same pixels. */
  png: Buffer;
  route: '/barcode' | '/id-barcode';
}

const aamva = '@\n\x1e\rANSI 636014040002DL00410278ZC03190008DLDAQD1234567\nDCSPUBLIC\nDACJOHN\nDBB01311980\nDBA01312030\nDBC1\r';

async function framePng(frame: Frame): Promise<Buffer> {
  const raw = { width: frame.width, height: frame.height, channels: 4 } as const;
  return sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), { raw })
    .png()
    .toBuffer();
}

/**
 * The parity set: one clean symbol per symbology, an AAMVA PDF417 for /id-barcode, camera-like
 * 1920×1080 scenes (rotated, noisy, blurred) and an empty scene — each read by the server and by
 * the browser worker, whose JSON `data` must be identical.
 */
export async function parityFixtures(): Promise<ParityFixture[]> {
  const clean: Array<[string, Parameters<typeof barcodePng>[1]['format'], string]> = [
    ['qr', 'QRCode', 'https://idlens.example/q?x=1'],
    ['pdf417', 'PDF417', 'idlens PDF417 parity'],
    ['code128', 'Code128', 'IDLENS-128'],
    ['code39', 'Code39', 'IDLENS39'],
    ['ean13', 'EAN13', '4006381333931'],
    ['ean8', 'EAN8', '96385074'],
    ['upca', 'UPCA', '036000291452'],
    ['upce', 'UPCE', '01234565'],
    ['itf', 'ITF', '00123456789012'],
  ];
  const fixtures: ParityFixture[] = [];
  for (const [name, format, content] of clean) fixtures.push({ name, png: await barcodePng(content, { format }), route: '/barcode' });
  fixtures.push({ name: 'aamva', png: await barcodePng(new TextEncoder().encode(aamva), { format: 'PDF417', scale: 3 }), route: '/id-barcode' });
  const hd = { width: 1920, height: 1080 };
  const qrScene = await composeScene(await renderBarcode('QRCode', 'parity scene 1080p', { moduleSize: 6 }), {
    ...hd,
    centre: { x: 0.62, y: 0.4 },
    angle: 12,
    noise: 6,
    seed: 7,
  });
  fixtures.push({ name: 'scene-qr-1080p', png: await framePng(qrScene.frame), route: '/barcode' });
  const codeScene = await composeScene(await renderBarcode('Code128', 'SCENE-128-PARITY', { moduleSize: 3, barHeight: 90 }), {
    ...hd,
    centre: { x: 0.35, y: 0.6 },
    angle: -8,
    blur: 0.8,
    noise: 4,
    seed: 3,
  });
  fixtures.push({ name: 'scene-code128-1080p', png: await framePng(codeScene.frame), route: '/barcode' });
  fixtures.push({ name: 'scene-empty-1080p', png: await framePng(await emptyScene({ ...hd, seed: 5 })), route: '/barcode' });
  return fixtures;
}
