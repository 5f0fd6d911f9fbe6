import './fonts.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { decodeFrame } from './document-scene.ts';
import { escapeXml } from './escape-xml.ts';
import { seededRandom } from './seeded-random.ts';

/** A holder printed on a template: the result field each printed value should come back as. */
export interface PrintedTruth {
  lastName: string;
  firstName: string;
  additionalNameInformation?: string;
  dateOfBirth: string;
  placeOfBirth?: string;
  nationality?: string;
  sex?: string;
  documentNumber?: string;
  personalIdNumber?: string;
  dateOfIssue?: string;
  dateOfExpiry?: string;
  issuingAuthority?: string;
}

/** A side of a corpus template filled with a generated holder, rendered at 300 dpi. */
export interface TemplateDocument {
  name: string;
  frame: Frame;
  truth: Partial<PrintedTruth>;
  /** The documentClassInfo.type its title should give. */
  type: string;
  /** Where the signature slot's text starts (its baseline's left end), px on `frame`; null without a slot. */
  signatureAt: { x: number; y: number } | null;
  /** Whether the layout prints a label for its signature (`signature_label`): only then is a signature looked for. */
  signatureLabelled: boolean;
}

/**
 * How each template prints dates, and which document type its title names. The formats are the
 * generator's choice (docxpand's templates leave them to the locale): a mix of the usual European ones.
 */
const templates: Record<string, { dateFormat: 'dots' | 'spaces' | 'month' | 'slashes'; type: string }> = {
  id_card_td1_a: { dateFormat: 'dots', type: 'TYPE_ID' },
  id_card_td1_b: { dateFormat: 'dots', type: 'TYPE_ID' },
  id_card_td2_a: { dateFormat: 'spaces', type: 'TYPE_ID' },
  pp_td3_a: { dateFormat: 'month', type: 'TYPE_PASSPORT' },
  pp_td3_b: { dateFormat: 'dots', type: 'TYPE_PASSPORT' },
  rp_card_td1: { dateFormat: 'slashes', type: 'TYPE_RESIDENCE_PERMIT' },
};

const lastNames = ['MÜLLER', 'GARCÍA LÓPEZ', 'NOWAK', 'DUBOIS', "D'ANGELO", 'JANSSEN', 'KOVAČ', 'OLSEN', 'ROSSI', 'SCHMIDT-BAUER'];
const givenNames = ['ANNA MARIA', 'JÖRG', 'LUCÍA', 'PIOTR', 'CHLOÉ', 'LUCA', 'SØREN', 'ELIF', 'JAN', 'MARTA'];
const cities = ['BERLIN', 'LYON', 'KRAKÓW', 'SEVILLA', 'TORINO', 'UTRECHT', 'BRNO', 'GRAZ'];
const nationalities = ['DEUTSCH', 'FRANÇAISE', 'ESPAÑOLA', 'ITALIANA', 'POLSKIE', 'NEDERLANDSE'];
const authorities = ['STADT KÖLN', 'PRÉFECTURE DU RHÔNE', 'MINISTERIO DEL INTERIOR', 'COMUNE DI TORINO'];
const stateCodes: Record<string, string> = { DEUTSCH: 'D', FRANÇAISE: 'FRA', ESPAÑOLA: 'ESP', ITALIANA: 'ITA', POLSKIE: 'POL', NEDERLANDSE: 'NLD' };
const remarks = ['EMPLOYMENT PERMITTED', 'FAMILY MEMBER', 'STUDENT', 'LONG-TERM RESIDENT'];
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Generated holders: seeded, so every run prints the same documents. */
export function printedHolders(count: number, seed = 20261123): PrintedTruth[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const date = (from: number, span: number) =>
    `${from + Math.floor(random() * span)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  return Array.from({ length: count }, () => {
    const expiry = date(2027, 9);
    return {
      lastName: pick(lastNames),
      firstName: pick(givenNames),
      additionalNameInformation: pick(lastNames),
      dateOfBirth: date(1950, 55),
      placeOfBirth: pick(cities),
      nationality: pick(nationalities),
      sex: random() < 0.5 ? 'F' : 'M',
      documentNumber: `${letters(2)}${digits(1)}${letters(1)}${digits(1)}${letters(2)}${digits(2)}`,
      personalIdNumber: digits(11),
      dateOfIssue: `${Number(expiry.slice(0, 4)) - 10}${expiry.slice(4)}`,
      dateOfExpiry: expiry,
      issuingAuthority: pick(authorities),
    };
  });
}

/**
 * What a real document prints in the slots of fields no result returns: a height, the document type
 * and state code, eye colour, card access number, initials, place of issue, remarks, the kind of permit. Left unfilled,
 * the templates' own placeholder words ("Height", "TYPE", "CODE", "Place of issue") would stay on the
 * page as values no document prints. The authority's signature slot is left blank (a signature is
 * ink, not type). Drawn from the holder, so a holder's documents agree.
 */
function unreturnedValues(holder: PrintedTruth): Record<string, string> {
  const random = holderRandom(`${holder.documentNumber}${holder.lastName}`, 7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const centimetres = 155 + Math.floor(random() * 45);
  const can = String(Math.floor(random() * 1e6)).padStart(6, '0');
  return {
    height: `${Math.floor(centimetres / 100)},${String(centimetres % 100).padStart(2, '0')} m`,
    type: 'P',
    country_code: stateCodes[holder.nationality ?? ''] ?? 'UTO',
    eyes_color: pick(['BLUE', 'BROWN', 'GREEN', 'GREY', 'HAZEL']),
    can,
    can_number: can,
    initials: `${holder.firstName[0]}${holder.lastName[0]}`,
    place_issued: pick(cities.filter((c) => c !== holder.placeOfBirth)),
    observations: pick(remarks),
    permit_type: pick(['AUFENTHALTSERLAUBNIS', 'BLAUE KARTE EU', 'DAUERAUFENTHALT-EU']),
    authority_signature: '',
  };
}

/**
 * The slots of values printed over several lines, by id: a name's, a permit type's and remarks'
 * further lines are empty (they fit on one), the address takes two of its three. No result field is compared with the
 * address.
 */
function followingLines(holder: PrintedTruth): Record<string, string> {
  const random = holderRandom(`${holder.lastName}${holder.dateOfBirth}`, 11);
  const street = ['HAUPTSTRASSE', 'RUE DE LA PAIX', 'CALLE MAYOR', 'VIA ROMA', 'ULICA DŁUGA', 'KERKSTRAAT'][Math.floor(random() * 6)];
  return {
    family_name_field_2: '',
    given_name_field_2: '',
    address_field_1: `${street} ${1 + Math.floor(random() * 120)}`,
    address_field_2: `${10000 + Math.floor(random() * 89999)} ${cities[Math.floor(random() * cities.length)]}`,
    address_field_3: '',
    permit_type_field_2: '',
    observations_field_2: '',
    observations_field_3: '',
  };
}

/** A text slot whose id matches `id` (a regular expression): its opening tags, text, closing tag. */
const slotPattern = (id: string) => new RegExp(`(<text id="${id}"[^>]*>\\s*<tspan[^>]*>)[^<]*(</tspan>)`, 'g');

/** The SVG with every text slot whose id matches `id` holding `value`. */
function filledSlot(svg: string, id: string, value: string): string {
  return svg.replace(slotPattern(id), `$1${escapeXml(value)}$2`);
}

/** Whether the SVG has a text slot whose id matches `id`. */
function hasSlot(svg: string, id: string): boolean {
  return slotPattern(id).test(svg);
}

/** A generator seeded by a text of the holder's, so the holder's documents agree. */
function holderRandom(text: string, salt: number): () => number {
  return seededRandom([...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, salt));
}

/** A date as the template prints it. */
function printedDate(iso: string, format: (typeof templates)[string]['dateFormat']): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  if (format === 'spaces') return `${d} ${m} ${y}`;
  if (format === 'month') return `${d} ${months[Number(m) - 1]} ${y}`;
  if (format === 'slashes') return `${d}/${m}/${y}`;
  return `${d}.${m}.${y}`;
}

/**
 * Renders one side of a corpus template (`../shared/corpus/doc-templates/<template>/<side>.svg`)
 * with the holder's values in its field slots; null when the side has no SVG. `truth` holds the
 * fields the side prints (a slot for the field exists).
 */
export async function renderTemplateDocument(
  corpusDir: string,
  template: string,
  side: 'front' | 'back',
  holder: PrintedTruth,
  options: { signature?: 'placeholder' | 'signed' | 'blank' } = {},
): Promise<TemplateDocument | null> {
  const config = templates[template];
  const svgPath = path.join(corpusDir, 'doc-templates', template, `${side}.svg`);
  const source = await readFile(svgPath, 'utf8').catch(() => null);
  if (!config || !source) return null;
  let svg: string = source;
  const date = (iso: string | undefined) => (iso ? printedDate(iso, config.dateFormat) : '');
  const slots: Record<string, [string, Partial<PrintedTruth>]> = {
    family_name: [holder.lastName, { lastName: holder.lastName }],
    given_name: [holder.firstName, { firstName: holder.firstName }],
    birth_name: [holder.additionalNameInformation ?? '', { additionalNameInformation: holder.additionalNameInformation }],
    birth_date: [date(holder.dateOfBirth), { dateOfBirth: holder.dateOfBirth }],
    birth_place: [holder.placeOfBirth ?? '', { placeOfBirth: holder.placeOfBirth }],
    birth_date_and_place: [`${date(holder.dateOfBirth)} / ${holder.placeOfBirth}`, { dateOfBirth: holder.dateOfBirth, placeOfBirth: holder.placeOfBirth }],
    nationality: [holder.nationality ?? '', { nationality: holder.nationality }],
    foreign_nationality: [holder.nationality ?? '', { nationality: holder.nationality }],
    gender: [holder.sex ?? '', { sex: holder.sex }],
    document_number: [holder.documentNumber ?? '', { documentNumber: holder.documentNumber }],
    personal_number: [holder.personalIdNumber ?? '', { personalIdNumber: holder.personalIdNumber }],
    expires: [date(holder.dateOfExpiry), { dateOfExpiry: holder.dateOfExpiry }],
    date_issued: [date(holder.dateOfIssue), { dateOfIssue: holder.dateOfIssue }],
    date_and_place_issued: [`${date(holder.dateOfIssue)}, ${holder.placeOfBirth}`, { dateOfIssue: holder.dateOfIssue }],
    authority: [holder.issuingAuthority ?? '', { issuingAuthority: holder.issuingAuthority }],
    ...Object.fromEntries(Object.entries(unreturnedValues(holder)).map(([slot, value]) => [slot, [value, {}]])),
    document_number_bis: [holder.documentNumber ?? '', { documentNumber: holder.documentNumber }],
  };
  const truth: Partial<PrintedTruth> = {};
  for (const [slot, [value, fields]] of Object.entries(slots)) {
    // Every slot of that name (its first line where the value may take two): a template may keep an
    // old one commented out beside the one it draws.
    // Whether the slot exists, not whether the text changed: a holder's value may be the
    // template's own sample (a man's `M`), and the side prints it all the same.
    const id = `${slot}_field(?:_1)?`;
    if (!hasSlot(svg, id)) continue;
    svg = filledSlot(svg, id, value);
    Object.assign(truth, fields);
  }
  for (const [id, value] of Object.entries(followingLines(holder))) {
    svg = filledSlot(svg, id, value);
  }
  svg = signed(svg, options.signature ?? 'placeholder', holder);
  const viewBoxWidth = Number(/viewBox="[\d.-]+\s+[\d.-]+\s+([\d.]+)/.exec(svg)?.[1] ?? 0);
  const pngWidth = (await sharp(path.join(corpusDir, 'doc-templates', template, `${side}.png`)).metadata()).width ?? 1011;
  const anchor = /<text id="signature_field"[^>]*transform="(?:translate\(|matrix\((?:[\d.-]+[\s,]+){4})([\d.]+)[\s,]+([\d.]+)/.exec(svg);
  const k = viewBoxWidth ? pngWidth / viewBoxWidth : 1;
  const signatureAt = anchor ? { x: Number(anchor[1]) * k, y: Number(anchor[2]) * k } : null;
  const png = await sharp(Buffer.from(svg), { density: viewBoxWidth ? (72 * pngWidth) / viewBoxWidth : 300 })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return {
    name: `${template}/${side}`,
    frame: await decodeFrame(png),
    truth,
    type: config.type,
    signatureAt,
    signatureLabelled: svg.includes('id="signature_label"'),
  };
}

/**
 * The signature slot as the template draws it ("Signature" in a book face), signed with the
 * holder's name in a slanted hand-like italic, or left blank.
 */
function signed(svg: string, signature: 'placeholder' | 'signed' | 'blank', holder: PrintedTruth): string {
  if (signature === 'placeholder') return svg;
  const text = signature === 'signed' ? `${holder.firstName[0]}. ${holder.lastName[0]}${holder.lastName.slice(1).toLowerCase()}` : '';
  return svg.replace(
    /(<text id="signature_field"[^>]*>\s*<tspan)([^>]*>)[^<]*(<\/tspan>)/g,
    `$1 style="font-family: 'DejaVu Serif'; font-style: italic; font-size: 9px; fill: #1a2a6c"$2${escapeXml(text)}$3`,
  );
}

/** The templates with printed fields, in a fixed order. */
export const printedTemplates = Object.keys(templates);
