import './fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { decodeFrame } from './document-scene.ts';

/** Where the card's portrait is, in its 856×540 pixels. */
export const cardPortraitBox = { x: 40, y: 120, width: 250, height: 320 } as const;

/** Where the signature is written on a card generated with `signature` (its box, card px). */
export const cardSignatureBox = { x: 600, y: 345, width: 220, height: 50 } as const;

export interface GeneratedCardOptions {
  tint?: string;
  band?: string;
  portrait?: Buffer;
  /** A signature area (label "SIGNATURE / UNTERSCHRIFT"), signed with this text in a slanted hand, or left blank (''). */
  signature?: string;
  /** The document number printed after the title without a label ("IDENTITY CARD T22000129"), as many cards do. */
  numberInTitle?: boolean;
  /** The issuing state's name, printed in the header under the title ("REPUBLIQUE FRANCAISE"; a long one further left, to fit). */
  issuer?: string;
  /** The birth date as printed (default 12.08.1974). */
  birthDate?: string;
  /** The holder's sex printed as one letter alone, well apart to the right of its label "SEX" on the same row. */
  sexApart?: 'F' | 'M';
}

/**
 * A generated ID-1 card (no corpus file needed): light tinted face, a coloured header band, a
 * portrait box and lines of text, 856×540 px (10 px/mm). For unit tests of corner finding, the
 * image checks, the portrait and the printed fields. The portrait box holds `portrait` (PNG of the
 * box's size, e.g. `portraitPng`), else a faceless skin-coloured silhouette: a blank portrait.
 */
export async function generatedCard(options: GeneratedCardOptions = {}): Promise<Frame> {
  const width = 856;
  const height = 540;
  const texts = [
    'SURNAME',
    'MUSTERMANN',
    'GIVEN NAMES',
    'ERIKA',
    'DATE OF BIRTH',
    options.birthDate ?? '12.08.1974',
    ...(options.numberInTitle ? [] : ['DOCUMENT NO', 'T22000129']),
  ];
  const lines = texts
    .map((t, i) => `<text x="330" y="${150 + i * 44}" font-family="DejaVu Sans" font-size="${i % 2 ? 30 : 18}" fill="#233">${t}</text>`)
    .join('');
  const s = cardSignatureBox;
  const signature =
    options.signature === undefined
      ? ''
      : `<text x="${s.x}" y="${s.y - 20}" font-family="DejaVu Sans" font-size="16" fill="#233">SIGNATURE / UNTERSCHRIFT</text>
         <text x="${s.x + 10}" y="${s.y + 38}" font-family="DejaVu Serif" font-style="italic" font-size="34" fill="#1a2a6c" transform="rotate(-4 ${s.x} ${s.y})">${options.signature}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${options.tint ?? '#e8eef2'}"/>
    <rect width="100%" height="90" fill="${options.band ?? '#2b5d8c'}"/>
    <text x="30" y="60" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#fff">IDENTITY CARD${options.numberInTitle ? ' T22000129' : ''}</text>
    <rect x="${cardPortraitBox.x}" y="${cardPortraitBox.y}" width="${cardPortraitBox.width}" height="${cardPortraitBox.height}" fill="#9aa7b4"/>
    <circle cx="165" cy="230" r="70" fill="#c99a7c"/>
    <rect x="75" y="310" width="180" height="130" rx="60" fill="#c99a7c"/>
    ${lines}
    ${signature}
    ${options.sexApart ? `<text x="600" y="282" font-family="DejaVu Sans" font-size="18" fill="#233">SEX</text><text x="760" y="282" font-family="DejaVu Sans" font-size="30" fill="#233">${options.sexApart}</text>` : ''}
    ${options.issuer ? `<text x="${options.issuer.length > 20 ? 330 : 560}" y="122" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#233">${options.issuer}</text>` : ''}
  </svg>`;
  const p = cardPortraitBox;
  const card = sharp(Buffer.from(svg));
  if (options.portrait) card.composite([{ input: options.portrait, left: p.x, top: p.y }]);
  return decodeFrame(await card.png().toBuffer());
}
