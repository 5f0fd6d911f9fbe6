import './fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { warpQuad } from '../../packages/sdk/src/engine/image/warp-quad.ts';
import { escapeXml } from './escape-xml.ts';

export interface RenderMrzOptions {
  /** Document width in px (the MRZ spans ~90 % of it). */
  width?: number;
  /** Extra lines of visual-zone text above the MRZ. */
  viz?: string[];
  /** Rotation in degrees (counter-clockwise), applied to the whole page. */
  rotate?: number;
  /** Perspective: how far (fraction of the size) the top edge is pulled in. */
  perspective?: number;
  /** Canvas size; the page is centred on it. */
  canvas?: { width: number; height: number };
  /** The holder's photo for the portrait box (called with the box's size; e.g. `portraitPng`); else the box stays blank. */
  portrait?: (width: number, height: number) => Promise<Buffer>;
}

/** The portrait box of `renderMrzPage`'s page, in page pixels. */
export function mrzPagePortraitBox(width: number): { x: number; y: number; width: number; height: number } {
  const height = Math.round(width * 0.7);
  return { x: Math.round(width * 0.05), y: Math.round(height * 0.12), width: Math.round(width * 0.25), height: Math.round(height * 0.42) };
}

/**
 * A synthetic ID page: visual-zone text and the MRZ in OCR-B (Debian's fonts-ocr-b) on a light
 * tinted card, optionally rotated and seen in perspective, on a darker background — as a phone
 * photo of a document would show it, with nothing downloaded.
 */
export async function renderMrzPage(lines: readonly string[], options: RenderMrzOptions = {}): Promise<Frame> {
  const width = options.width ?? 1000;
  const chars = lines[0]!.length;
  const pitch = (0.9 * width) / chars;
  const fontSize = pitch / 0.72; // OCR-B advance is ~0.72 em; textLength pins the exact pitch
  const lineGap = fontSize * 1.45;
  const viz = options.viz ?? ['PASSPORT  PASSEPORT', 'Surname / Nom', 'Given names / Prénoms', 'Date of birth 12 AUG 1974'];
  const height = Math.round(width * 0.7);
  const mrzTop = height - lineGap * lines.length - fontSize * 0.6;
  const box = mrzPagePortraitBox(width);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#eef1f4"/>
    <rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#c9ccd4"/>
    ${viz.map((t, i) => `<text x="${width * 0.36}" y="${height * 0.14 + i * fontSize * 1.6}" font-family="DejaVu Sans" font-size="${fontSize * 0.8}" fill="#334">${escapeXml(t)}</text>`).join('')}
    ${lines.map((l, i) => `<text x="${width * 0.05}" y="${mrzTop + (i + 1) * lineGap}" font-family="OCR B" font-size="${fontSize}" fill="#111" textLength="${pitch * (chars - 0.2)}" lengthAdjust="spacing" xml:space="preserve">${escapeXml(l)}</text>`).join('')}
  </svg>`;
  const canvas = options.canvas ?? { width: Math.round(width * 1.4), height: Math.round(height * 1.5) };
  let page = sharp(Buffer.from(svg)).flatten({ background: '#eef1f4' });
  if (options.portrait)
    page = sharp(
      await page
        .composite([{ input: await options.portrait(box.width, box.height), left: box.x, top: box.y }])
        .png()
        .toBuffer(),
    );
  if (options.rotate) page = sharp(await page.png().toBuffer()).rotate(-options.rotate, { background: '#6b5a4a' });
  const { data, info } = await page.raw().ensureAlpha().toBuffer({ resolveWithObject: true });
  const left = Math.round((canvas.width - info.width) / 2);
  const top = Math.round((canvas.height - info.height) / 2);
  const { data: composed } = await sharp({ create: { width: canvas.width, height: canvas.height, channels: 4, background: '#6b5a4a' } })
    .composite([{ input: data, raw: { width: info.width, height: info.height, channels: 4 }, left, top }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  let frame: Frame = { width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(composed.buffer, composed.byteOffset, composed.byteLength) };
  if (options.perspective) {
    // The camera sees a trapezoid: sample a quad whose top is wider than the frame.
    const k = options.perspective * canvas.width;
    const quad = [
      { x: -k, y: 0 },
      { x: canvas.width + k, y: 0 },
      { x: canvas.width, y: canvas.height },
      { x: 0, y: canvas.height },
    ];
    frame = warpQuad(frame, quad, canvas.width, canvas.height).frame;
  }
  return frame;
}

/** PNG bytes of a frame (for posting to the API). */
export function framePng(frame: Frame): Promise<Buffer> {
  return sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), { raw: { width: frame.width, height: frame.height, channels: 4 } })
    .png()
    .toBuffer();
}
