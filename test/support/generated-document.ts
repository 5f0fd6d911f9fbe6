import './fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { decodeFrame } from './document-scene.ts';

/** Where the card's portrait is, in its 856×540 pixels. */
export const cardPortraitBox = { x: 40, y: 120, width: 250, height: 320 } as const;

/**
 * A generated ID-1 card (no corpus file needed): light tinted face, a coloured header band, a
 * portrait box and lines of text, 856×540 px (10 px/mm). For unit tests of corner finding, the
 * image checks and the portrait. The portrait box holds `portrait` (PNG of the box's size, e.g.
 * `portraitPng`), else a faceless skin-coloured silhouette: a blank portrait.
 */
export async function generatedCard(options: { tint?: string; band?: string; portrait?: Buffer } = {}): Promise<Frame> {
  const width = 856;
  const height = 540;
  const lines = ['SURNAME', 'MUSTERMANN', 'GIVEN NAMES', 'ERIKA', 'DATE OF BIRTH', '12.08.1974', 'DOCUMENT NO', 'T22000129']
    .map((t, i) => `<text x="330" y="${150 + i * 44}" font-family="DejaVu Sans" font-size="${i % 2 ? 30 : 18}" fill="#233">${t}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${options.tint ?? '#e8eef2'}"/>
    <rect width="100%" height="90" fill="${options.band ?? '#2b5d8c'}"/>
    <text x="30" y="60" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#fff">IDENTITY CARD</text>
    <rect x="${cardPortraitBox.x}" y="${cardPortraitBox.y}" width="${cardPortraitBox.width}" height="${cardPortraitBox.height}" fill="#9aa7b4"/>
    <circle cx="165" cy="230" r="70" fill="#c99a7c"/>
    <rect x="75" y="310" width="180" height="130" rx="60" fill="#c99a7c"/>
    ${lines}
  </svg>`;
  const p = cardPortraitBox;
  const card = sharp(Buffer.from(svg));
  if (options.portrait) card.composite([{ input: options.portrait, left: p.x, top: p.y }]);
  return decodeFrame(await card.png().toBuffer());
}
