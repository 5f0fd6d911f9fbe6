import './fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { seededRandom } from './seeded-random.ts';
import { escapeXml } from './escape-xml.ts';

export { seededRandom };

/** Test card numbers (networks' published test PANs — never real accounts). */
export const testCards = {
  visa: '4111111111111111',
  visa19: '4111111111111111110',
  mastercard: '5555555555554444',
  mastercard2: '2223003122003222',
  amex: '378282246310005',
  discover: '6011111111111117',
  diners14: '36227206271667',
  jcb: '3530111333300000',
  unionpay: '6200000000000005',
  maestro: '6759649826438453',
} as const;

/** A flat-printed Visa 1100 px wide on `canvas` (the benches' common card photo). */
export function flatVisa(canvas: { width: number; height: number }): RenderCardOptions {
  return {
    number: '4111 1111 1111 1111',
    expiry: '08/29',
    expiryLabel: 'VALID THRU',
    name: 'ANNA M KOWALSKA',
    bank: 'IDLENS BANK',
    network: 'VISA',
    width: 1100,
    canvas,
  };
}

export interface RenderCardOptions {
  /** Number as printed, groups separated by spaces ("4111 1111 1111 1111"). Omit for a card back. */
  number?: string;
  expiry?: string;
  /** Label before the expiry ("VALID THRU", "GÜLTIG BIS"…). */
  expiryLabel?: string;
  name?: string;
  /** Extra lines: bank name, network word, IBAN… (top-left first, then the network logo bottom-right). */
  bank?: string;
  network?: string;
  iban?: string;
  /** Back side: magnetic stripe, signature panel with "last4 cvv", service text. */
  back?: { cvv: string; last4?: string };
  /** The number's groups printed one under another at the left ("quick read" designs) instead of on one row. */
  stacked?: boolean;
  /** Small print of the number's first digits under its first group (older embossed cards). */
  prefixLine?: string;
  /** Amex-style 4-digit code above the number on the front. */
  frontCode?: string;
  /**
   * The font of number, expiry and name: one that travels with the repository, or any family
   * fontconfig finds (the eval's held-out fonts, see `installedHeldOutFonts` in test/eval/eval-fonts.ts).
   */
  font?: 'DejaVu Sans Mono' | 'OCR B' | 'Liberation Mono' | 'DejaVu Sans' | 'Liberation Sans' | (string & {});
  /** Embossed look: raised digits drawn with a highlight and a shadow, silver face ('plain': face in the card's colour, relief only). */
  embossed?: boolean | 'plain';
  /** Card colours (background gradient from → to, text). */
  colours?: { from: string; to: string; text: string };
  /** Card width in px (height follows ID-1). */
  width?: number;
  /** Portrait card: the design is turned 90° (vertical card). */
  vertical?: boolean;
  /** Rotation of the card in the photo, degrees counter-clockwise. */
  rotate?: number;
  /** Gaussian blur sigma applied to the photo. */
  blur?: number;
  /** Canvas (photo) size and background colour; the card is centred. */
  canvas?: { width: number; height: number; background?: string };
  /** Card art under the text: a picture (PNG bytes) over the face at this opacity. */
  art?: { image: Buffer; opacity: number };
  /** Only the card, transparent outside its rounded corners (to be placed in a scene); ignores `canvas`. */
  bare?: boolean;
}

/**
 * A synthetic payment card photo: an ID-1 card (rounded corners, gradient with a diagonal pattern)
 * with number, expiry, name, network and bank words in a chosen font — printed flat or embossed —
 * or its back with stripe and signature panel; turned, blurred and placed on a background.
 */
export async function renderCard(options: RenderCardOptions): Promise<Frame> {
  const width = options.width ?? 860;
  const height = Math.round(width / (85.6 / 53.98));
  const font = options.font ?? 'DejaVu Sans Mono';
  const colours = options.colours ?? { from: '#1d3f7a', to: '#3f7bc4', text: '#f4f6fa' };
  const u = width / 100;
  const parts: string[] = [];
  const text = (x: number, y: number, size: number, value: string, extra = '') => {
    if (options.embossed) {
      parts.push(
        `<text x="${x - 1.2}" y="${y - 1.2}" font-family="${font}" font-size="${size}" fill="#ffffff" fill-opacity="0.85" ${extra}>${escapeXml(value)}</text>`,
      );
      parts.push(
        `<text x="${x + 1.8}" y="${y + 1.8}" font-family="${font}" font-size="${size}" fill="#1a1a1a" fill-opacity="0.8" ${extra}>${escapeXml(value)}</text>`,
      );
      parts.push(
        `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" fill="${options.embossed === 'plain' ? colours.from : '#c9ccd1'}" ${extra}>${escapeXml(value)}</text>`,
      );
    } else parts.push(`<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" fill="${colours.text}" ${extra}>${escapeXml(value)}</text>`);
  };
  if (options.back) {
    parts.push(`<rect x="0" y="${height * 0.1}" width="${width}" height="${height * 0.19}" fill="#111"/>`);
    parts.push(`<rect x="${u * 6}" y="${height * 0.4}" width="${u * 62}" height="${height * 0.14}" fill="#f2f0e6"/>`);
    parts.push(
      `<text x="${u * 70}" y="${height * 0.5}" font-family="DejaVu Sans" font-style="italic" font-size="${u * 4.4}" fill="#111">${escapeXml(`${options.back.last4 ?? ''} ${options.back.cvv}`.trim())}</text>`,
    );
    parts.push(
      `<text x="${u * 6}" y="${height * 0.37}" font-family="DejaVu Sans" font-size="${u * 2.4}" fill="${colours.text}">AUTHORIZED SIGNATURE - NOT VALID UNLESS SIGNED</text>`,
    );
    parts.push(
      `<text x="${u * 6}" y="${height * 0.7}" font-family="DejaVu Sans" font-size="${u * 2.4}" fill="${colours.text}">Customer service: call the number on your statement</text>`,
    );
  }
  if (options.bank)
    parts.push(
      `<text x="${u * 6}" y="${height * 0.16}" font-family="DejaVu Sans" font-weight="bold" font-size="${u * 5}" fill="${colours.text}">${escapeXml(options.bank)}</text>`,
    );
  if (options.frontCode)
    parts.push(
      `<text x="${u * 74}" y="${height * 0.46}" font-family="DejaVu Sans" font-size="${u * 3.2}" fill="${colours.text}">${escapeXml(options.frontCode)}</text>`,
    );
  if (options.number && options.stacked) {
    for (const [k, group] of options.number.split(' ').entries()) text(u * 8, height * 0.3 + k * u * 7.6, u * 6.4, group);
  } else if (options.number) text(u * 8, height * 0.6, u * 6.4, options.number, 'xml:space="preserve"');
  if (options.prefixLine)
    parts.push(
      `<text x="${u * 8}" y="${height * 0.67}" font-family="DejaVu Sans" font-size="${u * 2.6}" fill="${colours.text}">${escapeXml(options.prefixLine)}</text>`,
    );
  if (options.expiry) {
    if (options.expiryLabel)
      parts.push(
        `<text x="${u * 30}" y="${height * 0.72}" font-family="DejaVu Sans" font-size="${u * 2.2}" fill="${colours.text}">${escapeXml(options.expiryLabel)}</text>`,
      );
    text(u * (options.expiryLabel ? 30 + options.expiryLabel.length * 1.5 : 40), height * 0.74, u * 4.2, options.expiry);
  }
  if (options.name) text(u * 8, height * 0.88, u * 4.2, options.name);
  if (options.iban)
    parts.push(
      `<text x="${u * 6}" y="${height * (options.back ? 0.84 : 0.3)}" font-family="DejaVu Sans Mono" font-size="${u * 3}" fill="${colours.text}" xml:space="preserve">${escapeXml(options.iban)}</text>`,
    );
  if (options.network)
    parts.push(
      `<text x="${u * 72}" y="${height * 0.9}" font-family="DejaVu Sans" font-weight="bold" font-style="italic" font-size="${u * 7}" fill="${colours.text}">${escapeXml(options.network)}</text>`,
    );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/></linearGradient>
      <pattern id="p" width="${u * 6}" height="${u * 6}" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="${u * 3}" height="${u * 6}" fill="#ffffff" fill-opacity="0.05"/></pattern>
    </defs>
    <rect width="${width}" height="${height}" rx="${u * 3.5}" fill="url(#g)"/>
    <rect width="${width}" height="${height}" rx="${u * 3.5}" fill="url(#p)"/>
    ${options.art ? artSvg(options.art, width, height, u * 3.5) : ''}
    ${parts.join('\n    ')}
  </svg>`;
  let card = sharp(Buffer.from(svg)).png();
  if (options.vertical)
    card = sharp(await card.toBuffer())
      .rotate(90)
      .png();
  const background = options.canvas?.background ?? '#8a7f70';
  if (options.rotate)
    card = sharp(await card.toBuffer())
      .rotate(-options.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png();
  const cardPng = await card.toBuffer();
  const meta = await sharp(cardPng).metadata();
  const canvas = options.bare
    ? { width: meta.width!, height: meta.height! }
    : (options.canvas ?? { width: Math.round(meta.width! * 1.3), height: Math.round(meta.height! * 1.4) });
  const fill = options.bare ? { r: 0, g: 0, b: 0, alpha: 0 } : background;
  let photo = sharp({ create: { width: canvas.width, height: canvas.height, channels: 4, background: fill } })
    .composite([{ input: cardPng, left: Math.round((canvas.width - meta.width!) / 2), top: Math.round((canvas.height - meta.height!) / 2) }])
    .png();
  if (options.blur) photo = sharp(await photo.toBuffer()).blur(options.blur);
  const { data, info } = await photo.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}

/** The card art: a picture filling the face (cropped to it, rounded corners), under the text. */
function artSvg(art: NonNullable<RenderCardOptions['art']>, width: number, height: number, radius: number): string {
  return `<clipPath id="face"><rect width="${width}" height="${height}" rx="${radius}"/></clipPath>
    <image href="data:image/png;base64,${art.image.toString('base64')}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" opacity="${art.opacity.toFixed(2)}" clip-path="url(#face)"/>`;
}

/** A Luhn-valid number of `length` digits after a test-range `prefix` (synthetic, for rendering only). */
export function syntheticCardNumber(prefix: string, length: number, random: () => number): string {
  let body = prefix;
  while (body.length < length - 1) body += Math.floor(random() * 10);
  for (let d = 0; d <= 9; d++) {
    const candidate = body + d;
    let sum = 0;
    for (let i = candidate.length - 1, double = false; i >= 0; i--, double = !double) {
      let v = candidate.charCodeAt(i) - 48;
      if (double) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
      sum += v;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** Groups a number as printed (e.g. [4, 6, 5] for Amex). */
export function groupNumber(n: string, sizes: readonly number[]): string {
  let start = 0;
  return sizes
    .map((size) => {
      const group = n.slice(start, start + size);
      start += size;
      return group;
    })
    .join(' ');
}
