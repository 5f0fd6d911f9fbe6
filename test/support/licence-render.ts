import './fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { checkDigit } from '../../packages/sdk/src/engine/mrz/check-digit.ts';
import { buildAamvaPayload, payloadBytes } from './engine/aamva-payload-builder.ts';
import { barcodePng } from './fixtures.ts';
import { escapeXml } from './escape-xml.ts';

/** The holder and document a synthetic North-American licence or ID card is made of. */
export interface LicenceHolder {
  /** AAMVA Issuer Identification Number (default 636000, Virginia). */
  iin?: string;
  /** Printed jurisdiction name and its postal code (`VIRGINIA`, `VA`). */
  jurisdiction?: { name: string; code: string };
  country?: 'USA' | 'CAN';
  /** `DL` driver licence or `ID` identification card. */
  type?: 'DL' | 'ID';
  documentNumber: string;
  lastName: string;
  firstName: string;
  middleName?: string;
  /** ISO dates (YYYY-MM-DD). */
  dateOfBirth: string;
  dateOfIssue: string;
  dateOfExpiry: string;
  sex: 'M' | 'F';
  street: string;
  city: string;
  postalCode: string;
  vehicleClass?: string;
  restrictions?: string;
  endorsements?: string;
  discriminator?: string;
}

const defaults = { iin: '636000', jurisdiction: { name: 'VIRGINIA', code: 'VA' }, country: 'USA', type: 'DL' } as const;

/** AAMVA dates: MMDDCCYY in the US, CCYYMMDD in Canada. */
function aamvaDate(iso: string, country: 'USA' | 'CAN'): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  return country === 'CAN' ? `${y}${m}${d}` : `${m}${d}${y}`;
}

/** A Virginia driver licence holder the tests read end to end (front print, AAMVA back). */
export const sampleLicenceHolder: LicenceHolder = {
  documentNumber: 'T64271935',
  lastName: 'SAMPLE',
  firstName: 'ANDREW',
  middleName: 'JASON',
  dateOfBirth: '1986-07-14',
  dateOfIssue: '2021-03-02',
  dateOfExpiry: '2029-07-14',
  sex: 'M',
  street: '123 MAIN STREET',
  city: 'RICHMOND',
  postalCode: '23219',
  vehicleClass: 'D',
  restrictions: 'NONE',
};

/** The AAMVA (version 10) payload of a holder, as a licence's PDF417 carries it. */
export function licencePayload(h: LicenceHolder): string {
  const country = h.country ?? defaults.country;
  const type = h.type ?? defaults.type;
  const code = (h.jurisdiction ?? defaults.jurisdiction).code;
  const elements: Array<[string, string]> = [
    ...(type === 'DL'
      ? ([
          ['DCA', h.vehicleClass ?? 'D'],
          ['DCB', h.restrictions ?? 'NONE'],
          ['DCD', h.endorsements ?? 'NONE'],
        ] as Array<[string, string]>)
      : []),
    ['DBA', aamvaDate(h.dateOfExpiry, country)],
    ['DCS', h.lastName],
    ['DAC', h.firstName],
    ['DAD', h.middleName ?? ''],
    ['DBD', aamvaDate(h.dateOfIssue, country)],
    ['DBB', aamvaDate(h.dateOfBirth, country)],
    ['DBC', h.sex === 'M' ? '1' : '2'],
    ['DAY', 'BRO'],
    ['DAU', '069 IN'],
    ['DAG', h.street],
    ['DAI', h.city],
    ['DAJ', code],
    ['DAK', h.postalCode],
    ['DAQ', h.documentNumber],
    ['DCF', h.discriminator ?? '0123456789ABC'],
    ['DCG', country],
    ['DDE', 'N'],
    ['DDF', 'N'],
    ['DDG', 'N'],
  ];
  return buildAamvaPayload({ iin: h.iin ?? defaults.iin, aamvaVersion: 10, jurisdictionVersion: 0, subfiles: [{ type, elements }] });
}

export interface RenderSideOptions {
  /** Card width in px (height follows ID-1). */
  width?: number;
  /** Rotation of the card in the photo, degrees counter-clockwise. */
  rotate?: number;
  /** Gaussian blur sigma. */
  blur?: number;
  /** The front's portrait (called with the box's size; e.g. `portraitPng`); else the box stays blank. */
  portrait?: (width: number, height: number) => Promise<Buffer>;
}

/** The text column of a front runs from 34 % of the card's width to 96 %, in hundredths of the width. */
const textColumnWidth = 62;
/** A line's width in DejaVu Sans, in ems: its advances by kind (capitals 0.6–0.8, digits 0.64, small letters ~0.6, spaces and punctuation ~0.33). */
const dejaVuWidth = (text: string) => [...text].reduce((sum, ch) => sum + (/[A-Z]/.test(ch) ? 0.72 : /[0-9a-z]/.test(ch) ? 0.64 : 0.34), 0);

const cardHeight = (width: number) => Math.round(width / (85.6 / 53.98));
/** Dates as the card prints them: month first in the US, year first (YYYY/MM/DD) in Canada. */
const printedDate = (iso: string, country: 'USA' | 'CAN') => {
  const [y, m, d] = iso.split('-');
  return country === 'CAN' ? `${y}/${m}/${d}` : `${m}/${d}/${y}`;
};

/**
 * The front of a licence: jurisdiction and document title, a portrait box, the printed fields
 * (numbered as on US cards) in DejaVu Sans. No barcode, no MRZ.
 */
export async function renderLicenceFront(h: LicenceHolder, options: RenderSideOptions = {}): Promise<Frame> {
  const width = options.width ?? 1000;
  const height = cardHeight(width);
  const u = width / 100;
  const jurisdiction = h.jurisdiction ?? defaults.jurisdiction;
  const title = (h.type ?? defaults.type) === 'DL' ? 'DRIVER LICENSE' : 'IDENTIFICATION CARD';
  const date = (iso: string) => printedDate(iso, h.country ?? defaults.country);
  const lines: Array<[string, number]> = [
    [`4d DLN ${h.documentNumber}`, 4.2],
    [`1 ${h.lastName}`, 4.6],
    [`2 ${[h.firstName, h.middleName].filter(Boolean).join(' ')}`, 4.6],
    [`8 ${h.street}`, 3.4],
    [`${h.city}, ${jurisdiction.code} ${h.postalCode}`, 3.4],
    [`3 DOB ${date(h.dateOfBirth)}    15 SEX ${h.sex}`, 3.4],
    [`4a ISS ${date(h.dateOfIssue)}   4b EXP ${date(h.dateOfExpiry)}`, 3.4],
    // Licence details only on licences, not on ID cards.
    ...((h.type ?? defaults.type) === 'DL' ? [[`9 CLASS ${h.vehicleClass ?? 'D'}   12 REST ${h.restrictions ?? 'NONE'}`, 3.4] as [string, number]] : []),
  ];
  let y = height * 0.3;
  const text = lines
    .map(([t, size]) => {
      y += size * u * 1.35;
      // A long line (both dates, a long street) is set smaller so that it ends on the card, as a printer would:
      // text that runs off the edge is cut in half and no reader can be asked to read it.
      const fitted = Math.min(size, textColumnWidth / dejaVuWidth(t));
      return `<text x="${u * 34}" y="${y}" font-family="DejaVu Sans" font-size="${fitted * u}" fill="#1b2333" xml:space="preserve">${escapeXml(t)}</text>`;
    })
    .join('');
  const box = { x: Math.round(u * 4), y: Math.round(height * 0.28), width: Math.round(u * 26), height: Math.round(height * 0.6) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${u * 3.5}" fill="#e6eef5"/>
    <rect width="${width}" height="${height * 0.2}" fill="#2f5d8a"/>
    <text x="${u * 4}" y="${height * 0.13}" font-family="DejaVu Sans" font-weight="bold" font-size="${u * Math.min(6, 52 / (0.72 * jurisdiction.name.length))}" fill="#ffffff">${escapeXml(jurisdiction.name)}</text>
    <text x="${u * 96}" y="${height * 0.13}" text-anchor="end" font-family="DejaVu Sans" font-size="${u * 3.4}" fill="#ffffff">${title}</text>
    <rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#9aa6b4"/>
    ${text}
  </svg>`;
  const card = sharp(Buffer.from(svg));
  if (options.portrait) card.composite([{ input: await options.portrait(box.width, box.height), left: box.x, top: box.y }]);
  return photo(await card.png().toBuffer(), options);
}

/**
 * The back of a licence: the AAMVA PDF417 (zxing-wasm's writer) across most of the card, a line of
 * fine print above it. `payload` defaults to the holder's; `ecLevel` is the PDF417's error-correction
 * level (0–8: 2^(level+1) correction codewords; the writer's choice for the payload's size when absent).
 */
export async function renderLicenceBack(h: LicenceHolder, options: RenderSideOptions & { payload?: string; ecLevel?: number } = {}): Promise<Frame> {
  const width = options.width ?? 1000;
  const height = cardHeight(width);
  const u = width / 100;
  const ecLevel = options.ecLevel === undefined ? '' : `ecLevel=${options.ecLevel}`;
  const symbol = await barcodePng(payloadBytes(options.payload ?? licencePayload(h)), { format: 'PDF417', scale: 3, margin: 0, options: ecLevel });
  const fitted = await sharp(symbol)
    .resize({ width: Math.round(width * 0.88), height: Math.round(height * 0.55), fit: 'inside' })
    .png()
    .toBuffer();
  const meta = await sharp(fitted).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="${u * 3.5}" fill="#f1f3f0"/>
    <text x="${u * 5}" y="${height * 0.12}" font-family="DejaVu Sans" font-size="${u * 2.6}" fill="#333">This card is the property of the issuing jurisdiction. If found, return it.</text>
    <text x="${u * 5}" y="${height * 0.9}" font-family="DejaVu Sans" font-size="${u * 2.6}" fill="#333">DD ${escapeXml(h.discriminator ?? '0123456789ABC')}</text>
  </svg>`;
  const card = await sharp(Buffer.from(svg))
    .composite([{ input: fitted, left: Math.round((width - meta.width!) / 2), top: Math.round(height * 0.2) }])
    .png()
    .toBuffer();
  return photo(card, options);
}

/** A card side with a TD1 machine-readable zone in OCR-B across its lower third (the back of an ID card). */
export async function renderTd1Back(lines: readonly string[], options: RenderSideOptions = {}): Promise<Frame> {
  const width = options.width ?? 1000;
  const height = cardHeight(width);
  const pitch = (0.9 * width) / 30;
  const fontSize = pitch / 0.72;
  const lineGap = fontSize * 1.45;
  const top = height - lineGap * 3 - fontSize * 0.6;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#eef1f4"/>
    <text x="${width * 0.05}" y="${height * 0.15}" font-family="DejaVu Sans" font-size="${fontSize * 0.7}" fill="#334">Issued by the Department of State</text>
    ${lines.map((l, i) => `<text x="${width * 0.05}" y="${top + (i + 1) * lineGap}" font-family="OCR B" font-size="${fontSize}" fill="#111" textLength="${pitch * 29.8}" lengthAdjust="spacing" xml:space="preserve">${escapeXml(l)}</text>`).join('')}
  </svg>`;
  return photo(await sharp(Buffer.from(svg)).png().toBuffer(), options);
}

/** The TD1 zone of a holder (ICAO 9303 check digits computed), issuer and nationality `USA`, code `I`. */
export function td1Lines(h: LicenceHolder): [string, string, string] {
  const pad = (s: string, n: number) => s.padEnd(n, '<').slice(0, n);
  const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, '');
  const number = pad(h.documentNumber, 9);
  const line1 = `I<USA${number}${checkDigit(number)}${pad('', 15)}`;
  const birth = yymmdd(h.dateOfBirth);
  const expiry = yymmdd(h.dateOfExpiry);
  const head = `${birth}${checkDigit(birth)}${h.sex}${expiry}${checkDigit(expiry)}USA${pad('', 11)}`;
  const composite = checkDigit(line1.slice(5, 30) + head.slice(0, 7) + head.slice(8, 15) + head.slice(18, 29));
  // ICAO transliteration: apostrophes dropped, hyphens and spaces become fillers.
  const mrzName = (s: string) => s.replace(/'/g, '').replace(/[ -]/g, '<');
  const names = pad(`${mrzName(h.lastName)}<<${mrzName([h.firstName, h.middleName].filter(Boolean).join(' '))}`, 30);
  return [line1, `${head}${composite}`, names];
}

/** A card image placed on a table as a photo: optionally turned and blurred. */
async function photo(card: Buffer, options: RenderSideOptions): Promise<Frame> {
  let image = sharp(card).flatten({ background: '#ffffff' }).png();
  if (options.rotate)
    image = sharp(await image.toBuffer())
      .rotate(-options.rotate, { background: '#5d5247' })
      .png();
  const png = await image.toBuffer();
  const meta = await sharp(png).metadata();
  const canvas = { width: Math.round(meta.width! * 1.25), height: Math.round(meta.height! * 1.35) };
  let composed = sharp({ create: { width: canvas.width, height: canvas.height, channels: 4, background: '#5d5247' } })
    .composite([{ input: png, left: Math.round((canvas.width - meta.width!) / 2), top: Math.round((canvas.height - meta.height!) / 2) }])
    .png();
  if (options.blur) composed = sharp(await composed.toBuffer()).blur(options.blur);
  const { data, info } = await composed.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
}
