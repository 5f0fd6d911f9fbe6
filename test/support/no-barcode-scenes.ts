/**
 * Test fixture: generated images with text and patterns but no barcode — the false-positive set of
 * the barcode reader (eval and unit tests). Pages are SVG rendered by sharp with the project's fonts;
 * each page also comes as a hurried photo of it (turned, blurred, noisy, JPEG).
 */
import './fonts.ts';
import sharp from 'sharp';
import { renderCard } from './card-render.ts';
import { escapeXml } from './escape-xml.ts';
import { seededRandom } from './seeded-random.ts';

export interface NoBarcodeImage {
  name: string;
  /** PNG or JPEG bytes. */
  bytes: Buffer;
}

type Random = () => number;

const words =
  'the of and to in is for on with as by at from this that be are was it an or not have has can will all new more one page total date price item code number name address phone'.split(
    ' ',
  );

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const digits = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const sentence = (random: Random, n: number) =>
  Array.from({ length: n }, () => (random() < 0.15 ? digits(random, 2 + Math.floor(random() * 11)) : pick(random, words))).join(' ');

function svg(width: number, height: number, body: string, background = '#fbfaf6'): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${background}"/>${body}</svg>`,
  );
}

function textLines(random: Random, x: number, y0: number, lineHeight: number, lines: number, size: number, font = 'DejaVu Sans'): string {
  let out = '';
  for (let i = 0; i < lines; i++)
    out += `<text x="${x}" y="${y0 + i * lineHeight}" font-family="${font}" font-size="${size}" fill="#1b1b1b">${escapeXml(sentence(random, 6 + Math.floor(random() * 6)))}</text>`;
  return out;
}

/** A page of paragraphs with numbers (13-digit runs included: what an EAN looks like as text). */
function textPage(random: Random): Buffer {
  return svg(
    1000,
    1300,
    `<text x="60" y="90" font-family="DejaVu Sans" font-weight="bold" font-size="40">${escapeXml(sentence(random, 4))}</text>${textLines(random, 60, 160, 34, 32, 22)}`,
  );
}

/** A ruled table of item numbers, prices and quantities, like an invoice or a price list. */
function tablePage(random: Random): Buffer {
  let body = '';
  const cols = [60, 220, 620, 760, 900];
  for (let r = 0; r <= 24; r++) body += `<line x1="60" y1="${120 + r * 40}" x2="940" y2="${120 + r * 40}" stroke="#222" stroke-width="${r % 5 ? 1 : 3}"/>`;
  for (const x of [...cols, 940]) body += `<line x1="${x}" y1="120" x2="${x}" y2="1080" stroke="#222" stroke-width="2"/>`;
  for (let r = 0; r < 24; r++) {
    const cells = [digits(random, 13), sentence(random, 3), digits(random, 3), `${digits(random, 2)}.${digits(random, 2)}`];
    cells.forEach((c, i) => {
      body += `<text x="${cols[i]! + 8}" y="${148 + r * 40}" font-family="DejaVu Sans Mono" font-size="20">${escapeXml(c)}</text>`;
    });
  }
  return svg(1000, 1150, body);
}

/** Stripes: regular, of random widths (bar-like), and hatched at an angle. */
function stripes(random: Random, kind: 'regular' | 'random' | 'hatched'): Buffer {
  let body = '';
  if (kind === 'regular') for (let x = 100; x < 900; x += 24) body += `<rect x="${x}" y="150" width="12" height="400" fill="#111"/>`;
  if (kind === 'random') {
    for (let x = 150; x < 850; ) {
      const bar = 3 + Math.floor(random() * 4) * 3;
      body += `<rect x="${x}" y="150" width="${bar}" height="400" fill="#111"/>`;
      x += bar + 3 + Math.floor(random() * 4) * 3;
    }
  }
  if (kind === 'hatched')
    body = `<g transform="rotate(30 500 350)">${Array.from({ length: 60 }, (_, i) => `<rect x="${-200 + i * 24}" y="-300" width="10" height="1300" fill="#333"/>`).join('')}</g>`;
  return svg(1000, 700, body, '#f4f1ea');
}

/** Grids: a chessboard, a dot grid, and random squares (QR-like texture without finder patterns). */
function grid(random: Random, kind: 'chess' | 'dots' | 'squares'): Buffer {
  let body = '';
  for (let r = 0; r < 25; r++) {
    for (let c = 0; c < 25; c++) {
      const x = 200 + c * 24;
      const y = 50 + r * 24;
      if (kind === 'chess' && (r + c) % 2 === 0) body += `<rect x="${x}" y="${y}" width="24" height="24" fill="#111"/>`;
      if (kind === 'dots') body += `<circle cx="${x + 12}" cy="${y + 12}" r="6" fill="#222"/>`;
      if (kind === 'squares' && random() < 0.5) body += `<rect x="${x}" y="${y}" width="24" height="24" fill="#111"/>`;
    }
  }
  return svg(1000, 700, body, '#f7f7f2');
}

/** An ID-document-like page: photo box, labelled fields, and a machine-readable-zone-like block. */
function documentPage(random: Random): Buffer {
  let body = '<rect x="40" y="40" width="920" height="580" rx="24" fill="#e7eef2" stroke="#7a8a99" stroke-width="3"/>';
  body += '<rect x="70" y="120" width="220" height="280" fill="#9aa6b1"/>';
  body += `<text x="70" y="95" font-family="DejaVu Sans" font-weight="bold" font-size="30">${escapeXml(sentence(random, 3).toUpperCase())}</text>`;
  for (let i = 0; i < 7; i++) {
    body += `<text x="320" y="${140 + i * 40}" font-family="DejaVu Sans" font-size="14" fill="#556">${escapeXml(pick(random, words).toUpperCase())}</text>`;
    body += `<text x="320" y="${160 + i * 40}" font-family="DejaVu Sans" font-size="20">${escapeXml(sentence(random, 2).toUpperCase())}</text>`;
  }
  const mrz = (n: number) =>
    Array.from({ length: n }, () => (random() < 0.3 ? '<' : random() < 0.5 ? digits(random, 1) : String.fromCharCode(65 + Math.floor(random() * 26)))).join('');
  for (let i = 0; i < 3; i++) body += `<text x="70" y="${500 + i * 38}" font-family="OCR B" font-size="30" xml:space="preserve">${escapeXml(mrz(30))}</text>`;
  return svg(1000, 660, body, '#c9c2b5');
}

/** Each page as scanned, and as a hurried photo: turned, blurred, noisy, JPEG. */
async function withPhoto(name: string, page: Buffer, random: Random): Promise<NoBarcodeImage[]> {
  const png = await sharp(page).png().toBuffer();
  const angle = Math.round((random() - 0.5) * 20);
  const photo = await sharp(png)
    .rotate(angle, { background: '#4a423a' })
    .blur(0.8 + random())
    .linear(0.8, 10 + random() * 20)
    .jpeg({ quality: 55 + Math.floor(random() * 30) })
    .toBuffer();
  return [
    { name, bytes: png },
    { name: `${name} (photo, ${angle}°)`, bytes: photo },
  ];
}

/** The generated no-barcode set: pages of text, tables, stripes, grids, ID-like documents and payment cards. */
export async function noBarcodeImages(seed = 1): Promise<NoBarcodeImage[]> {
  const random = seededRandom(seed);
  const pages: Array<[string, Buffer]> = [
    ['text page', textPage(random)],
    ['table of numbers', tablePage(random)],
    ['regular stripes', stripes(random, 'regular')],
    ['random-width stripes', stripes(random, 'random')],
    ['hatching', stripes(random, 'hatched')],
    ['chessboard', grid(random, 'chess')],
    ['dot grid', grid(random, 'dots')],
    ['random squares', grid(random, 'squares')],
    ['ID-like document', documentPage(random)],
  ];
  const images: NoBarcodeImage[] = [];
  for (const [name, page] of pages) images.push(...(await withPhoto(name, page, random)));
  for (const [name, options] of [
    ['card front', { number: '4000 1234 5678 9010', expiry: '08/29', name: 'JANE Q SAMPLE', bank: 'SAMPLE BANK', network: 'VISA', rotate: 6, blur: 0.7 }],
    ['card back', { back: { cvv: '123', last4: '9010' }, iban: 'DE89 3704 0044 0532 0130 00', rotate: -4 }],
  ] as const) {
    const frame = await renderCard(options);
    const png = await sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.length), {
      raw: { width: frame.width, height: frame.height, channels: 4 },
    })
      .png()
      .toBuffer();
    images.push({ name, bytes: png });
  }
  return images;
}
