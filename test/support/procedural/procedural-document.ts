import '../fonts.ts';
import { readerFontFamilies } from './reader-fonts.ts';
import sharp from 'sharp';
import type { Frame } from '@idlens/sdk/engine';
import { escapeXml } from '../escape-xml.ts';
import { portraitPng } from '../portraits.ts';
import { randomDraws, seededRandom } from '../seeded-random.ts';
import { richFurniture, securityPrint } from './security-print.ts';
import { squeezeIntoRoom } from './svg-text-room.ts';
import { documentsDay } from './documents-day.ts';
import type { PrintedTruth } from '../template-documents.ts';
import { type DistractorField, type GeneratedField, type Language, documentTitles, generatedFields, labelTexts, languages } from './label-texts.ts';
import {
  type DateFormat,
  authorities,
  dateFormats,
  usDateFormats,
  givenNames,
  nationalities,
  permitRemarks,
  permitTypes,
  places,
  placesAbroad,
  printDate,
  streets,
  surnames,
} from './value-pools.ts';

/**
 * Identity documents of layouts drawn at random — the procedural generator the printed-field reader
 * learns from. Every document is a new layout: its size, where the portrait stands, which fields it
 * prints in which order and columns, how it labels them (above the value, before it on the line,
 * numbered, not at all), in which of ~27 languages (one to three at once, as EU documents print
 * them), in which type and colours, on which guilloche background. Nothing is taken from the
 * corpus templates, which stay a test set of layouts never seen.
 *
 * Each document comes with the truth of every printed field: the value as the result should give
 * it, and the boxes of the value and its label (estimated from the text's length; good to a few
 * pixels for matching the reader's lines to it).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far two boxes overlap across (negative: the gap between them). */
export function overlapX(a: Box, b: Box): number {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
}

/** How far two boxes overlap down (negative: the gap between them). */
export function overlapY(a: Box, b: Box): number {
  return Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
}

/** One printed field: what it is, what is printed, what the result should say, where. */
export interface PrintedItem {
  field: GeneratedField | DistractorField;
  /** The value as printed. */
  printed: string;
  /** What a reader should return for it (names in capitals, dates ISO, numbers without spaces); null for distractors. */
  truth: string | null;
  valueBox: Box;
  /** The printed label (all its languages), or null when the value stands alone. */
  label: string | null;
  labelBox: Box | null;
  /** The label exactly as drawn when it is one line (numbered, joined, with its colon), else null. */
  labelDrawn?: string | null;
}

export interface ProceduralDocument {
  /** `gen-<seed>`: a layout of its own. */
  layout: string;
  frame: Frame;
  items: PrintedItem[];
  truth: Partial<PrintedTruth>;
  type: 'TYPE_ID' | 'TYPE_PASSPORT' | 'TYPE_RESIDENCE_PERMIT';
  /** ICAO code of the state its header names, or null when it names none. */
  country: string | null;
  languages: Language[];
}

/**
 * Type families the generator draws from (never the held-out evaluation fonts of test/eval/eval-fonts.ts);
 * the line reader's training families for calibration pages (`reader-fonts.ts`).
 */
const fontFamilies: readonly string[] = readerFontFamilies ?? [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Condensed',
  'Liberation Sans',
  'DejaVu Sans Mono',
  'Liberation Mono',
];

/** The share of its column a text may take: the rest parts it from the next column's text, as on print. */
const columnRoom = 0.9;

/** Relative advance of a character in the generator's fonts, in em: enough to lay text out without overlaps. */
function textWidth(text: string, size: number, family: string): number {
  const mono = family.includes('Mono');
  const condensed = family.includes('Condensed') ? 0.86 : 1;
  let em = 0;
  for (const ch of text)
    em += mono ? 0.6 : /[A-ZÀ-Þ0-9ĀĂĄĆČĎĐĒĖĘĚĞĢĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŘŚŞŠȘŢŤȚŪŮŰŲŹŻŽ]/.test(ch) ? 0.68 : ch === ' ' ? 0.32 : /[.,:;'|il!]/.test(ch) ? 0.3 : 0.55;
  return em * size * condensed;
}

const countryHeaders: Partial<Record<Language, readonly [string, string]>> = {
  de: ['BUNDESREPUBLIK DEUTSCHLAND', 'DEU'],
  fr: ['RÉPUBLIQUE FRANÇAISE', 'FRA'],
  es: ['REINO DE ESPAÑA', 'ESP'],
  it: ['REPUBBLICA ITALIANA', 'ITA'],
  pt: ['REPÚBLICA PORTUGUESA', 'PRT'],
  nl: ['KONINKRIJK DER NEDERLANDEN', 'NLD'],
  pl: ['RZECZPOSPOLITA POLSKA', 'POL'],
  cs: ['ČESKÁ REPUBLIKA', 'CZE'],
  sk: ['SLOVENSKÁ REPUBLIKA', 'SVK'],
  hu: ['MAGYARORSZÁG', 'HUN'],
  ro: ['ROMÂNIA', 'ROU'],
  hr: ['REPUBLIKA HRVATSKA', 'HRV'],
  sl: ['REPUBLIKA SLOVENIJA', 'SVN'],
  lt: ['LIETUVOS RESPUBLIKA', 'LTU'],
  lv: ['LATVIJAS REPUBLIKA', 'LVA'],
  et: ['EESTI VABARIIK', 'EST'],
  fi: ['SUOMI FINLAND', 'FIN'],
  sv: ['KONUNGARIKET SVERIGE', 'SWE'],
  da: ['KONGERIGET DANMARK', 'DNK'],
  ga: ['ÉIRE IRELAND', 'IRL'],
  mt: ["REPUBBLIKA TA' MALTA", 'MLT'],
  en: ['UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND', 'GBR'],
  us: ['UNITED STATES OF AMERICA', 'USA'],
  lb: ['GRAND-DUCHÉ DE LUXEMBOURG', 'LUX'],
};

type LabelStyle = 'stacked' | 'inline' | 'numbered' | 'unlabelled';

interface Style {
  labelStyle: LabelStyle;
  /** How labels in several languages are joined: on one line with a separator, or one language a line. */
  join: ' / ' | '/' | ' - ' | 'lines';
  labelCase: 'title' | 'upper' | 'lower';
  labelColon: boolean;
  labelFont: string;
  valueFont: string;
  labelSize: number;
  valueSize: number;
  labelColor: string;
  valueColor: string;
  labelItalic: boolean;
  valueBold: boolean;
  dateFormat: DateFormat;
}

/**
 * Opt-in fine-print labels (`IDLENS_GENERATOR_LABELS=fine`), as the security print is: without it
 * every seed's document is as it was, so the sets dumped before stay comparable.
 */
const fineLabels = process.env.IDLENS_GENERATOR_LABELS === 'fine';

/**
 * Opt-in births abroad (`IDLENS_GENERATOR_BIRTHPLACES=abroad`): a share of holders born in a city
 * outside the states whose documents are generated (`placesAbroad`) — most residence permits' holders,
 * some citizens' — so that a model which learns from a list of those states' places (a lexicon) also
 * sees places no such list holds. Off, every seed's document is as it was.
 */
const birthsAbroad = process.env.IDLENS_GENERATOR_BIRTHPLACES === 'abroad';
/** The share of holders born abroad, by document type, with `birthsAbroad`. */
const bornAbroadShare = { TYPE_ID: 0.15, TYPE_PASSPORT: 0.15, TYPE_RESIDENCE_PERMIT: 0.6 } as const;

const palettes = {
  labels: ['#4b5563', '#1e3a8a', '#374151', '#7f1d1d', '#14532d', '#6b21a8', '#0f4c5c', '#5b4636'],
  values: ['#0b0b0b', '#111827', '#1f2937', '#0c1a3a', '#2b1d0e'],
  tints: ['#eef1f4', '#f3eee6', '#e8f1ec', '#eceaf6', '#f6ecec', '#e9f2f7', '#f7f4e8', '#efe9f2'],
  lines: ['#b6c2d9', '#c8b6d9', '#b6d9c3', '#d9c8b6', '#d1b6c2', '#bcd0d8'],
};

/**
 * Generates the document of `seed` (the same seed, the same document); `securityPrint` puts
 * security-print.ts's print over the same layout (by default as `IDLENS_GENERATOR_FURNITURE` says);
 * `fineLabels` prints its labels in fine print (by default as `IDLENS_GENERATOR_LABELS=fine` says).
 * `birthsAbroad` has a share of holders born abroad (by default as `IDLENS_GENERATOR_BIRTHPLACES=abroad` says).
 */
export async function proceduralDocument(
  seed: number,
  options: { securityPrint?: boolean; fineLabels?: boolean; birthsAbroad?: boolean } = {},
): Promise<ProceduralDocument> {
  const random = seededRandom(seed * 7919 + 17);
  const { pick, chance, between } = randomDraws(random);

  const type = pick(['TYPE_ID', 'TYPE_ID', 'TYPE_PASSPORT', 'TYPE_RESIDENCE_PERMIT'] as const);
  const width = Math.round(between(920, 1240));
  const aspect = type === 'TYPE_PASSPORT' ? 1.42 : chance(0.8) ? 1.585 : 1.4;
  const height = Math.round(width / aspect);
  const u = width / 1000; // sizes below are per 1000 px of width

  // Languages: the state's own, often with English and a third.
  const own = pick(languages);
  const langs: Language[] = [own];
  if (own !== 'en' && own !== 'us' && chance(0.6)) langs.push('en');
  if (chance(0.25)) langs.push(pick(['fr', 'de', 'es', 'it'] as const));
  const docLangs = [...new Set(langs)];

  const style: Style = {
    labelStyle: pick(['stacked', 'stacked', 'stacked', 'inline', 'inline', 'numbered', 'unlabelled'] as const),
    join: pick([' / ', ' / ', '/', ' - ', 'lines'] as const),
    labelCase: pick(['title', 'title', 'upper', 'lower'] as const),
    labelColon: chance(0.5),
    labelFont: pick(fontFamilies),
    valueFont: pick(fontFamilies),
    labelSize: between(12, 19) * u,
    valueSize: 0,
    labelColor: pick(palettes.labels),
    valueColor: pick(palettes.values),
    labelItalic: chance(0.25),
    valueBold: chance(0.35),
    // As the United States print dates (licences and permanent resident cards month first in numbers,
    // passports with the month's name); the rest of the world never month first in numbers.
    dateFormat: pick(own === 'us' ? usDateFormats : dateFormats.filter((f) => f !== 'usSlashes')),
  };
  style.valueSize = style.labelSize * between(1.2, 1.75);
  if (options.fineLabels ?? fineLabels) {
    // Fine print: labels a third to half the values' size, as passports and cards print their
    // multilingual captions — small enough that the reader garbles many, so a page's fields must be
    // placed with few labels read. From its own random stream, so every other draw is the seed's (its
    // smaller rows may hold more of the holder's fields).
    const fine = randomDraws(seededRandom(seed * 104_729 + 5));
    style.labelSize = fine.between(7, 11) * u;
    style.valueSize = Math.min(32 * u, style.labelSize * fine.between(2, 3));
  }

  // --- the holder ---
  const iso = (from: number, span: number) => {
    const y = from + Math.floor(random() * span);
    return `${y}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  };
  const birth = iso(1940, 65);
  const { issue, expiry } = validity(iso(2027, 10), pick([5, 10, 10, 6]));
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const number = pick([
    () => `${letters(2)}${digits(7)}`,
    () => `${letters(1)}${digits(8)}`,
    () => `${letters(2)}${digits(1)}${letters(1)}${digits(1)}${letters(2)}${digits(2)}`,
    () => digits(9),
    () => `${letters(3)}${digits(6)}`,
    () => `${digits(2)}${letters(2)}${digits(5)}`,
  ])();
  const numberPrinted = chance(0.15) && number.length === 9 ? `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}` : number;
  const sex = chance(0.5) ? 'F' : 'M';
  const sexPrinted = pick([sex, sex, `${sex}/${sex}`, sex === 'F' && own === 'de' ? 'W' : sex]);
  const lastName = pick(surnames);
  const firstName = pick(givenNames);
  const mixedCaseNames = own === 'us' && chance(0.4);
  const nationality = pick(nationalities[own] ?? nationalities.en!);
  const address = `${pick(streets)}${chance(0.5) ? `, ${digits(5)} ${pick(places)}` : ''}`;
  const date = (isoDate: string) => printDate(isoDate, style.dateFormat, own, docLangs[1] ?? 'en');
  // Born abroad: from its own random stream, so that every other draw is the seed's.
  const abroad = randomDraws(seededRandom(seed * 15_485_863 + 11));
  const birthplace = (home: string) => ((options.birthsAbroad ?? birthsAbroad) && abroad.chance(bornAbroadShare[type]) ? abroad.pick(placesAbroad) : home);

  const values: Record<GeneratedField | DistractorField, { printed: string; truth: string | null }> = {
    lastName: { printed: mixedCaseNames ? titleCase(lastName) : lastName, truth: lastName },
    firstName: { printed: mixedCaseNames ? titleCase(firstName) : firstName, truth: firstName },
    additionalNameInformation: { printed: pick(surnames), truth: null },
    dateOfBirth: { printed: date(birth), truth: birth },
    placeOfBirth: { printed: birthplace(pick(places)), truth: null },
    nationality: { printed: nationality, truth: nationality },
    sex: { printed: sexPrinted, truth: sex },
    documentNumber: { printed: numberPrinted, truth: number },
    personalIdNumber: { printed: digits(pick([10, 11, 13])), truth: null },
    dateOfIssue: { printed: date(issue), truth: issue },
    dateOfExpiry: { printed: date(expiry), truth: expiry },
    issuingAuthority: { printed: pick(authorities), truth: null },
    address: { printed: address, truth: address },
    height: { printed: pick([`1,${digits(2)} m`, `1${digits(2)} cm`, `1.${digits(2)}`]), truth: null },
    eyes: { printed: pick(['BLUE', 'BLAU', 'BRUN', 'MARRONE', 'GRÜN', 'GREY', 'HAZEL', 'BRN']), truth: null },
    cardAccessNumber: { printed: digits(6), truth: null },
    documentType: { printed: pick(['P', 'ID', 'I', 'PP', 'IR']), truth: null },
    stateCode: { printed: pick(['D', 'FRA', 'ESP', 'ITA', 'POL', 'NLD', 'UTO', 'SWE']), truth: null },
    signature: { printed: '', truth: null },
    permitType: { printed: pick(permitTypes[own] ?? permitTypes.en!), truth: null },
    remarks: { printed: pick(permitRemarks[own] ?? permitRemarks.en!), truth: null },
  };
  for (const f of ['additionalNameInformation', 'placeOfBirth', 'personalIdNumber', 'issuingAuthority'] as const) values[f].truth = values[f].printed;

  // --- which fields, in which order ---
  const fields: Array<GeneratedField | DistractorField> = ['lastName', 'firstName', 'dateOfBirth'];
  const optional: Array<[GeneratedField | DistractorField, number]> = [
    ['documentNumber', 0.85],
    ['sex', 0.8],
    ['nationality', 0.75],
    ['dateOfExpiry', 0.8],
    ['placeOfBirth', 0.5],
    ['dateOfIssue', 0.5],
    ['issuingAuthority', type === 'TYPE_PASSPORT' ? 0.5 : 0.3],
    ['additionalNameInformation', 0.15],
    ['personalIdNumber', 0.25],
    ['address', type === 'TYPE_ID' ? 0.2 : 0.05],
    ['height', 0.12],
    ['eyes', 0.08],
    ['cardAccessNumber', type === 'TYPE_ID' ? 0.25 : 0],
    ['documentType', type === 'TYPE_PASSPORT' ? 0.5 : 0.1],
    ['stateCode', type === 'TYPE_PASSPORT' ? 0.5 : 0.1],
    ['signature', 0.35],
    ['permitType', type === 'TYPE_RESIDENCE_PERMIT' ? 0.6 : 0],
    ['remarks', type === 'TYPE_RESIDENCE_PERMIT' ? 0.5 : 0.05],
  ];
  for (const [f, p] of optional) if (chance(p)) fields.push(f);
  // Names first on most documents; the rest shuffled (a few documents shuffle everything).
  const rest = shuffle(fields.slice(chance(0.8) ? 2 : 0), random);
  let order = fields.length - rest.length === 2 ? [...fields.slice(0, 2), ...rest] : rest;

  // --- page furniture ---
  const tint = pick(palettes.tints);
  const lineColor = pick(palettes.lines);
  const headerH = between(0.13, 0.19) * height;
  const portraitLeft = chance(0.8);
  const portrait = {
    width: between(0.22, 0.3) * width,
    height: 0,
    x: 0,
    y: headerH + between(0.02, 0.06) * height,
  };
  portrait.height = Math.min(portrait.width * between(1.2, 1.35), height - portrait.y - 0.08 * height);
  portrait.x = portraitLeft ? between(0.03, 0.05) * width : width - portrait.width - between(0.03, 0.05) * width;

  const svg: string[] = [];
  svg.push(`<rect width="${width}" height="${height}" fill="${tint}"/>`);
  svg.push(guilloche(width, height, lineColor, random));
  // Header: the state's name and the document's title, in the document's languages.
  const country = chance(0.75) ? (countryHeaders[own] ?? null) : null;
  const titles = docLangs.map((l) => documentTitles[type][l]).filter((t): t is string => !!t);
  const titleText = [...new Set(titles)].slice(0, 2).join(' / ') || documentTitles[type].en!;
  const headerFont = pick(fontFamilies);
  let hy = headerH * 0.42;
  if (country) {
    svg.push(text(country[0], width / 2, hy, 0.024 * width, headerFont, pick(palettes.labels), { anchor: 'middle', bold: true, fit: width * 0.9 }));
    hy += headerH * 0.38;
  }
  svg.push(
    text(titleText, width / 2, country ? hy : headerH * 0.62, 0.028 * width, headerFont, pick(palettes.labels), {
      anchor: 'middle',
      bold: true,
      fit: width * 0.9,
    }),
  );

  // Security print and ornaments, opt-in and from their own random stream (security-print.ts).
  const furniture =
    (options.securityPrint ?? richFurniture)
      ? securityPrint(seededRandom(seed * 15_485_863 + 11), {
          width,
          height,
          fields: { x: 0.02 * width, y: headerH, width: 0.96 * width, height: height - headerH - 0.02 * height },
          portrait,
          labelSize: style.labelSize,
          valueSize: style.valueSize,
          font: headerFont,
          stateName: country?.[0] ?? null,
          stateCode: country?.[1] ?? null,
        })
      : null;
  if (furniture) {
    svg.push(...furniture.under);
    if (furniture.lightType) [style.labelColor, style.valueColor] = [furniture.lightType.label, furniture.lightType.value];
  }

  // --- fields ---
  const items: PrintedItem[] = [];
  const left = portraitLeft ? portrait.x + portrait.width + 0.04 * width : 0.05 * width;
  const right = portraitLeft ? width - 0.04 * width : portrait.x - 0.04 * width;
  const columns = right - left > 0.55 * width && chance(0.55) ? 2 : 1;
  const colWidth = (right - left) / columns;
  const top = headerH + 0.03 * height;
  const bottom = height - 0.05 * height;
  const stacked = style.labelStyle === 'stacked' || (style.labelStyle === 'numbered' && chance(0.5));
  const joinLines = style.join === 'lines' && stacked;
  const labelLines = joinLines ? Math.min(2, docLangs.length) : 1;
  // A stacked field: its label line(s), the value below, then a gap; an inline field: one line and a gap.
  const labelBlock = style.labelSize * (1 + 1.25 * (labelLines - 1));
  const gap = between(0.35, 0.9) * style.valueSize;
  // Label baseline to value baseline, in value sizes: documents set their values tight under the
  // label or well apart (a model that saw one spacing took a wider one for no label at all).
  const underLabel = between(1.1, 1.9);
  const rowHeight = stacked ? labelBlock + style.valueSize * underLabel + gap : Math.max(style.labelSize, style.valueSize) * 1.2 + gap;
  const perColumn = Math.max(1, Math.floor((bottom - top) / rowHeight));
  const capacity = perColumn * columns;
  // Two columns are filled down (one column, then the next) or across (row by row).
  const across = chance(0.5);
  /** Where the k-th slot's row starts (left edge and top) and how wide its column is. */
  const slotAt = (k: number) => {
    const column = across ? k % columns : Math.floor(k / perColumn);
    const row = across ? Math.floor(k / columns) : k % perColumn;
    return { x: left + column * colWidth, y: top + row * rowHeight, width: colWidth, height: rowHeight };
  };
  /** The slot under slot k in its column, or null at the column's foot. */
  const slotBelow = (k: number) => {
    const below = across ? k + columns : k + 1;
    return below < capacity && (across || below % perColumn !== 0) ? below : null;
  };
  // A second value line under a field's value, with no label of its own, takes the row below: the
  // given names under the surname beneath one label ("Name, Vornamen"), a permit's type on two lines.
  const continuationOf = new Map<GeneratedField | DistractorField, { field: GeneratedField | DistractorField; printed: string; truth: string | null }>();
  const combinedNames = stacked && perColumn >= 2 && order[0] === 'lastName' && order[1] === 'firstName' && chance(0.2);
  if (combinedNames) {
    continuationOf.set('lastName', { field: 'firstName', ...values.firstName });
    order = order.filter((f) => f !== 'firstName');
  }
  if (stacked && chance(0.4)) {
    const second = (permitTypes[own] ?? permitTypes.en!).filter((t) => t !== values.permitType.printed);
    continuationOf.set('permitType', { field: 'permitType', printed: pick(second), truth: null });
  }
  const { placed, taken } = placeInSlots(order, capacity, slotBelow, continuationOf);
  const placedFields = placed.map((p) => p.field);
  placed.forEach(({ field, slot }, k) => {
    const { x, y } = slotAt(slot);
    const value = values[field];
    const number = style.labelStyle === 'numbered' ? `${k + 1}. ` : '';
    const labelWords =
      field === 'lastName' && combinedNames ? labelFor(['lastName', 'firstName'], docLangs, style, random) : labelFor(field, docLangs, style, random);
    const unlabelled = style.labelStyle === 'unlabelled' && field !== 'signature' && chance(0.7);
    const label = unlabelled ? null : labelWords;
    const valueText = field === 'signature' ? titleCase(`${firstName.split(' ')[0]} ${lastName}`) : value.printed;
    if (stacked || label === null) {
      let labelBox: Box | null = null;
      let labelDrawn: string | null = null;
      let vy = y + style.valueSize * 0.95;
      if (label) {
        const parts = (joinLines ? label.split('\n') : [label.replace(/\n/g, style.join === 'lines' ? ' / ' : style.join)]).slice(0, labelLines);
        parts.forEach((part, n) => {
          const ly = y + style.labelSize * (1 + 1.25 * n);
          const t = `${n === 0 ? number : ''}${part}${style.labelColon ? ':' : ''}`;
          labelDrawn = parts.length === 1 ? t : null;
          svg.push(text(t, x, ly, style.labelSize, style.labelFont, style.labelColor, { italic: style.labelItalic, fit: colWidth * columnRoom }));
          labelBox = union(labelBox, {
            x,
            y: ly - style.labelSize * 0.8,
            width: Math.min(colWidth * columnRoom, textWidth(t, style.labelSize, style.labelFont)),
            height: style.labelSize,
          });
          vy = ly + style.valueSize * underLabel;
        });
      }
      const valueFont = field === 'signature' ? 'DejaVu Serif' : style.valueFont;
      const vsize = field === 'signature' ? style.valueSize * 1.3 : style.valueSize;
      const shown = label === null && number ? `${number}${valueText}` : valueText;
      svg.push(text(shown, x, vy, vsize, valueFont, style.valueColor, { bold: style.valueBold, italic: field === 'signature', fit: colWidth * columnRoom }));
      items.push({
        field,
        printed: value.printed,
        truth: value.truth,
        valueBox: { x, y: vy - vsize * 0.8, width: Math.min(colWidth * columnRoom, textWidth(shown, vsize, valueFont)), height: vsize },
        label: label ? `${number}${label}` : null,
        labelBox,
        labelDrawn,
      });
      const continuation = continuationOf.get(field);
      if (continuation) {
        const cy = vy + vsize * between(1.1, 1.35);
        svg.push(text(continuation.printed, x, cy, vsize, valueFont, style.valueColor, { bold: style.valueBold, fit: colWidth * columnRoom }));
        items.push({
          field: continuation.field,
          printed: continuation.printed,
          truth: continuation.truth,
          valueBox: { x, y: cy - vsize * 0.8, width: Math.min(colWidth * columnRoom, textWidth(continuation.printed, vsize, valueFont)), height: vsize },
          label: null,
          labelBox: null,
        });
      }
    } else {
      // Inline: "Label: VALUE" on one line, the value in its own type.
      const lt = `${number}${label.replace(/\n/g, style.join === 'lines' ? ' / ' : style.join)}${style.labelColon ? ':' : ''}`;
      const baseline = y + Math.max(style.labelSize, style.valueSize);
      const lw = Math.min(colWidth * 0.6, textWidth(lt, style.labelSize, style.labelFont));
      svg.push(text(lt, x, baseline, style.labelSize, style.labelFont, style.labelColor, { italic: style.labelItalic, fit: lw }));
      const vx = x + lw + style.labelSize * between(0.6, 1.6);
      const vw = Math.max(10, colWidth * columnRoom - (vx - x));
      const valueFont = field === 'signature' ? 'DejaVu Serif' : style.valueFont;
      svg.push(text(valueText, vx, baseline, style.valueSize, valueFont, style.valueColor, { bold: style.valueBold, italic: field === 'signature', fit: vw }));
      items.push({
        field,
        printed: value.printed,
        truth: value.truth,
        valueBox: {
          x: vx,
          y: baseline - style.valueSize * 0.8,
          width: Math.min(vw, textWidth(valueText, style.valueSize, valueFont)),
          height: style.valueSize,
        },
        label: lt,
        labelBox: { x, y: baseline - style.labelSize * 0.8, width: lw, height: style.labelSize },
        labelDrawn: lt,
      });
    }
  });
  // Many cards print the document number alone in a corner as well (or only there).
  if (!placedFields.includes('documentNumber') && chance(0.5)) {
    const size = style.valueSize * between(1, 1.3);
    const x = width - 0.05 * width - textWidth(numberPrinted, size, style.valueFont);
    const y = headerH + size;
    if (!portraitLeft || x > portrait.x + portrait.width) {
      svg.push(text(numberPrinted, x, y, size, style.valueFont, pick(['#b91c1c', style.valueColor]), { bold: true, fit: width - 0.04 * width - x }));
      items.push({
        field: 'documentNumber',
        printed: numberPrinted,
        truth: number,
        valueBox: { x, y: y - size * 0.8, width: textWidth(numberPrinted, size, style.valueFont), height: size },
        label: null,
        labelBox: null,
      });
    }
  }

  const sexShown = placedFields.includes('sex') ? sex : null;
  const lastSlot = Math.max(-1, ...placed.map((p) => p.slot), ...[...taken]);
  const freeSlot = lastSlot + 1 < capacity && style.labelStyle !== 'unlabelled' ? slotAt(lastSlot + 1) : null;
  svg.push(...loneLetters(seededRandom(seed * 104_729 + 3), { height, portrait, freeSlot, sexShown, style }));
  if (furniture) svg.push(...furniture.over);

  const fitted = await squeezeIntoRoom(svg, width);
  const base = sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fitted.join('')}</svg>`)).flatten({
    background: tint,
  });
  const photo = await portraitPng(seed, Math.round(portrait.width), Math.round(portrait.height));
  const { data, info } = await base
    .composite([{ input: photo, left: Math.round(portrait.x), top: Math.round(portrait.y) }])
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame: Frame = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };

  const truth: Partial<PrintedTruth> = {};
  for (const item of items) if (item.truth !== null && item.field in values && isTruthField(item.field)) truth[item.field] ??= item.truth;
  return { layout: `gen-${seed}`, frame, items, truth, type, country: country?.[1] ?? null, languages: docLangs };
}

// The address is generated but not yet in the evaluation's truth (PrintedTruth).
const truthFields: ReadonlySet<string> = new Set(generatedFields.filter((f) => f !== 'address'));
function isTruthField(field: string): field is keyof PrintedTruth {
  return truthFields.has(field);
}

/** The field's label in the document's languages (one a line, `\n`-joined), in the document's case. */
/**
 * A field's label in the document's languages, one language a line; given several fields, one label
 * for all of them, their words joined per language ("Name, Vornamen").
 */
function labelFor(
  fields: GeneratedField | DistractorField | ReadonlyArray<GeneratedField | DistractorField>,
  langs: readonly Language[],
  style: Style,
  random: () => number,
): string {
  const parts = typeof fields === 'string' ? [fields] : fields;
  const inLanguage = (l: Language) => {
    const lists = parts.map((f) => labelTexts[f][l]);
    if (lists.some((w) => !w)) return null;
    return lists.map((w) => w![Math.floor(random() * w!.length)]!).join(', ');
  };
  const words = langs.map(inLanguage).filter((w): w is string => !!w);
  const unique = [...new Set(words)];
  const chosen = unique.length ? unique : [parts.map((f) => labelTexts[f].en?.[0] ?? f).join(', ')];
  const cased = chosen.map((w) => (style.labelCase === 'upper' ? w.toUpperCase() : style.labelCase === 'lower' ? w.toLowerCase() : w));
  return cased.join('\n');
}

/**
 * Which slot each field of `order` takes, in order, as many as there are slots; a field with a
 * continuation line also takes the slot below its own (`taken`), or prints without one at a column's
 * foot (its entry is removed from `continuationOf`). The surname stands first in a column of two rows
 * or more, so the given names under it always fit.
 */
function placeInSlots<F>(order: readonly F[], capacity: number, slotBelow: (k: number) => number | null, continuationOf: Map<F, unknown>) {
  const taken = new Set<number>();
  const placed: Array<{ field: F; slot: number }> = [];
  for (let k = 0; k < capacity; k++) {
    if (taken.has(k)) continue;
    const field = order[placed.length];
    if (field === undefined) break;
    const below = slotBelow(k);
    if (continuationOf.has(field) && below === null) continuationOf.delete(field);
    if (continuationOf.has(field) && below !== null) taken.add(below);
    placed.push({ field, slot: k });
  }
  return { placed, taken };
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

function union(a: Box | null, b: Box): Box {
  if (!a) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function text(
  content: string,
  x: number,
  y: number,
  size: number,
  family: string,
  color: string,
  o: { anchor?: 'start' | 'middle'; bold?: boolean; italic?: boolean; fit?: number } = {},
): string {
  // The room a text may take is marked here and enforced by `squeezeIntoRoom` once its real width is known.
  const fit = o.fit ? ` data-fit="${o.fit.toFixed(1)}"` : '';
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${family}" font-size="${size.toFixed(1)}" fill="${color}"${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.bold ? ' font-weight="bold"' : ''}${o.italic ? ' font-style="italic"' : ''}${fit} xml:space="preserve">${escapeXml(content)}</text>`;
}

/** Security-print lines: waves across the page and a rosette or two, in one light colour. */
function guilloche(width: number, height: number, color: string, random: () => number): string {
  const paths: string[] = [];
  const waves = 6 + Math.floor(random() * 14);
  const amplitude = (0.01 + random() * 0.04) * height;
  const period = (0.05 + random() * 0.2) * width;
  for (let k = 0; k < waves; k++) {
    const y0 = (k + 0.5) * (height / waves);
    const phase = random() * Math.PI * 2;
    let d = `M0 ${y0.toFixed(1)}`;
    for (let x = 0; x <= width; x += 8) d += ` L${x} ${(y0 + amplitude * Math.sin((x / period) * Math.PI * 2 + phase)).toFixed(1)}`;
    paths.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${(0.6 + random()).toFixed(1)}" opacity="${(0.35 + random() * 0.4).toFixed(2)}"/>`);
  }
  for (let r = 0; r < 1 + Math.floor(random() * 2); r++) {
    const cx = random() * width;
    const cy = random() * height;
    const radius = (0.1 + random() * 0.2) * height;
    const petals = 5 + Math.floor(random() * 12);
    let d = '';
    for (let t = 0; t <= 720; t++) {
      const a = (t / 720) * Math.PI * 2;
      const rr = radius * (0.7 + 0.3 * Math.sin(petals * a));
      d += `${t ? 'L' : 'M'}${(cx + rr * Math.cos(a * 3)).toFixed(1)} ${(cy + rr * Math.sin(a * 3)).toFixed(1)} `;
    }
    paths.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="0.7" opacity="0.5"/>`);
  }
  return paths.join('');
}

/**
 * Lone capital letters that are no field — a class or category letter under the portrait, a
 * letter in an empty row of the fields — drawn from their own random stream (the rest of the
 * document is as it was without them). The sex letters come up most: a reader that learned "a lone
 * M or F is the sex" takes one off a page that prints no sex. When the document prints the sex,
 * the letter is never the holder's (a lone `M` beside a printed `M` would be judged the sex's value).
 */
function loneLetters(random: () => number, page: { height: number; portrait: Box; freeSlot: Box | null; sexShown: string | null; style: Style }): string[] {
  if (random() >= 0.45) return [];
  const { height, portrait, freeSlot, sexShown, style } = page;
  const pool = [...'MMMFFFAABCDEHKLNPRSTVX'].filter((c) => c !== sexShown);
  const letter = () => pool[Math.floor(random() * pool.length)]!;
  const out: string[] = [];
  const room = height - (portrait.y + portrait.height);
  const size = Math.min(style.valueSize * (1 + random() * 0.6), room * 0.7);
  if (size >= style.labelSize * 0.9 && random() < 0.7) {
    const x = portrait.x + random() * (portrait.width - size);
    out.push(text(letter(), x, portrait.y + portrait.height + size * 1.05, size, style.valueFont, style.valueColor, { bold: random() < 0.5 }));
  }
  if (freeSlot && (out.length === 0 || random() < 0.4)) {
    const x = freeSlot.x + random() * freeSlot.width * 0.6;
    const y = freeSlot.y + style.valueSize * (1 + random() * 0.5);
    out.push(text(letter(), x, y, style.valueSize, style.valueFont, style.valueColor, { bold: style.valueBold }));
  }
  return out;
}

/**
 * A document valid on `documentsDay`, issued `years` before it expires: the drawn expiry (2027–2036)
 * brought within `years` of that day, and a year earlier where its issue would still lie after it.
 * Drawn from the same numbers as before (the layouts of every seed stay as they were); the issue
 * dates the generator drew before ran up to five years after that day, so the trees learned that an
 * issue date may lie ahead (an expiry taken for the issue date, `validityDatesSwapped`).
 */
export function validity(drawnExpiry: string, years: number): { issue: string; expiry: string } {
  const firstYear = documentsDay.getUTCFullYear() + 1;
  let year = firstYear + ((Number(drawnExpiry.slice(0, 4)) - firstYear) % years);
  const monthDay = drawnExpiry.slice(4);
  if (`${year - years}${monthDay}` > documentsDay.toISOString().slice(0, 10)) year -= 1;
  return { issue: `${year - years}${monthDay}`, expiry: `${year}${monthDay}` };
}
