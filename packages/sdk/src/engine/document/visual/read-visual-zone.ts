import type { Location } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import type { Point } from '../../image/affine.ts';
import { aamvaJurisdictions, type AamvaJurisdiction } from '../../aamva/aamva-jurisdictions.ts';
import { applyHomography, homographyFromPoints, rectangleCorners, type Homography } from '../../image/homography.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import type { LineReading } from '../../ocr/create-line-reader.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import { cropTextLine } from '../../ocr/crop-text-line.ts';
import { defaultMinConfidence } from '../../ocr/create-ocr.ts';
import { spaceAtInkGaps } from '../../ocr/space-at-ink-gaps.ts';
import type { Corners, DocumentFormat } from '../document-format.ts';
import { detectPage, straightenedAlong, type DetectedPage } from './detected-page.ts';
import { locationAround } from '../string-result.ts';
import { approximateSubstring } from './approximate-substring.ts';
import { countryNames } from './country-names.ts';
import { inkContrast } from './ink-contrast.ts';
import type { VisualField } from './field-labels.ts';
import { titleTypeOf } from './document-title.ts';
import { enoughFields, keepTurned, printOrientation, type PrintOrientation } from './turned-reading.ts';
import { foldText } from './fold-text.ts';
import type { FieldNumbering } from './match-label.ts';
import { findPrintedFields, type Box, labelLines, type LabelledLine, type PrintedField, type PrintedLine, unreadValueBoxes } from './printed-fields.ts';
import { contradictsDateOrder, type DateOrder } from './printed-dates.ts';
import { assignFields, type FieldAssignerModel } from './field-assigner.ts';
import { assignableFields } from './field-candidates.ts';

/** A printed field with its box on the submitted image. */
export interface LocatedField extends PrintedField {
  location: Location;
  /** The value's box on the submitted image as it lies there (top-left, top-right, bottom-right, bottom-left of the text). */
  corners: Point[];
}

/** What the visual zone of one side says. */
export interface VisualZoneReading {
  side: 'FIRST' | 'SECOND';
  fields: LocatedField[];
  /** The document type its title names (`TYPE_DL`…), or null. */
  titleType: string | null;
  /** The US or Canadian jurisdiction whose name the document prints as a line of its own, or null. */
  jurisdiction: AamvaJurisdiction | null;
  /** The ICAO code of the state whose name the document prints in its header (`countryNames`), or null. */
  country: string | null;
  /** Fields whose printed value holds characters the field cannot have (see findPrintedFields): not in `fields`. */
  invalidCharacterFields: VisualField[];
  /** Fields in `fields` whose reading is in doubt (the field assigner's `uncertain`): returned, and marked. */
  doubtedFields: VisualField[];
}

/**
 * Least ink contrast (see inkContrast) of a signature: written signatures measured 126–188 (thin
 * 9 px italics on a patterned template to pen-like strokes), the security patterns of blank
 * signature areas that the text detector boxed 99–105.
 */
const minSignatureContrast = 115;
/** Line image height the general line reader reads (createOcr's). */
const lineHeight = 48;

const jurisdictionByName = new Map(aamvaJurisdictions.map((j) => [foldText(j.name), j]));

/**
 * Who decides which printed value is which field on documents without field numbers: the learned
 * assigner with the rules as a second opinion (`learned`, the default; trained on procedurally
 * generated layouts, models/training/README.md), or the label rules alone (`rules`; why not:
 * docs/decisions/0001-printed-fields-learned-by-default.md).
 */
export type PrintedFieldChoice = 'learned' | 'rules';

/** How a side is read: `mrzLines` are its MRZ's lines on the frame (none without an MRZ). */
export interface VisualZoneOptions {
  now: Date;
  /** Default `learned`. */
  printedFields?: PrintedFieldChoice;
  numberingHint: FieldNumbering;
  orientationKnown: boolean;
  mrzLines: ReadonlyArray<readonly Point[]>;
  /** The side's document as already straightened and detected for the MRZ search (see `straightenedAlong`), or null. */
  detected: DetectedPage | null;
}

/**
 * Reads the printed (visual) fields of one side: the document is cut out along `corners` (its
 * top-left first), straightened to its format, read line by line (text detection — or the page
 * already detected for the MRZ search, `detected`, when it was cut along the same corners — and the
 * line reader of printed text), and the lines matched against the label dictionary (see findPrintedFields). When
 * no MRZ said which way is up (`orientationKnown`), the print tells (`printOrientation`); where it
 * cannot and the upright reading finds next to nothing, the side is read turned 180° as well and the
 * reading with more fields is kept. `numberingHint` is the licence numbering another
 * source already told (an AAMVA barcode). `mrzLines` are the side's MRZ lines (frame coordinates)
 * when it has one: already read, so only the print above them is (see `mrzTop`).
 */
export async function readVisualZone(
  ocr: OcrEngine,
  frame: Frame,
  corners: Corners,
  format: DocumentFormat,
  side: 'FIRST' | 'SECOND',
  o: VisualZoneOptions,
): Promise<VisualZoneReading> {
  if (o.orientationKnown) return (await readTurned(ocr, frame, corners, format, side, o)).zone;
  const [a, b, c, d] = corners;
  const turnedCorners: Corners = [c, d, a, b];
  const upright = await readTurned(ocr, frame, corners, format, side, { ...o, tellOrientation: true });
  if (upright.orientation === 'turned') return (await readTurned(ocr, frame, turnedCorners, format, side, o)).zone;
  if (upright.orientation === 'upright' || upright.zone.fields.length >= enoughFields) return upright.zone;
  const turned = (await readTurned(ocr, frame, turnedCorners, format, side, o)).zone;
  return keepTurned(upright.zone.fields.length, turned.fields.length) ? turned : upright.zone;
}

/** The page cut along `corners` with its text lines detected: `detected` itself (or turned) when it was cut so. */
async function detectedAlong(ocr: OcrEngine, detected: DetectedPage | null, frame: Frame, corners: Corners, format: DocumentFormat): Promise<DetectedPage> {
  const straightened = straightenedAlong(detected, frame, corners, format);
  return straightened === detected ? detected : detectPage(ocr, straightened);
}

/** The printed lines of one side as the field finder takes them, and what the page says of its class. */
export interface PrintedPage {
  /** The straightened document the lines were read on. */
  page: Frame;
  /** Page coordinates → photo coordinates. */
  toSource: Homography;
  /** The lines read above the MRZ (if any), with the labels the dictionary finds in them. */
  lines: LabelledLine[];
  titleType: string | null;
  jurisdiction: AamvaJurisdiction | null;
  country: string | null;
  numbering: FieldNumbering;
  dateOrder: DateOrder;
  /** A date on the page reads only the other way round (`contradictsDateOrder`). */
  dateOrderContested: boolean;
  /** Which way up the print reads, when asked (`printOrientation`); else null. */
  orientation: PrintOrientation | null;
}

/** Least width-to-height ratio of a box read as a lone character or two (a lone capital's box is ~0.6–1). */
const minLineAspect = 0.5;

/**
 * Whether a detected line is print across the page, not up it: wider than tall, or nearly square and
 * read as one or two characters — a value of one letter ("F", "M") boxed alone, lost when only boxes
 * wider than tall counted. Longer text in such a box is print running up the page read sideways.
 */
function printedAcross(l: { quad: Quad; text: string }): boolean {
  return l.quad.width >= l.quad.height || (l.quad.width >= minLineAspect * l.quad.height && l.text.trim().length <= 2);
}

/**
 * The field assigner's trees (0.9 MB of script, 0.23 MB gzip), imported on the first page read
 * without field numbers: a page that only scans barcodes never downloads them (their own chunk of
 * the prebuilt worker, `idlens-worker-field-assigner-model.js`).
 */
let assignerModelModule: Promise<FieldAssignerModel> | null = null;
const assignerModel = () =>
  (assignerModelModule ??= import('./field-assigner-model.ts').then(
    (m) => m.fieldAssignerModel,
    (error: unknown) => {
      // A chunk that failed to load (the network, a deploy in between) is tried again on the next page.
      assignerModelModule = null;
      throw error;
    },
  ));

/**
 * Reads the print of one side as lines: the document cut out along `corners` and straightened, its
 * text detected (or taken from `o.detected`), each line above the MRZ read, the labels of the
 * dictionary matched in them, and the boxes under labels that stand alone read again.
 */
export async function readPrintedPage(
  ocr: OcrEngine,
  frame: Frame,
  corners: Corners,
  format: DocumentFormat,
  o: Pick<VisualZoneOptions, 'numberingHint' | 'mrzLines' | 'detected'> & { tellOrientation?: boolean },
): Promise<PrintedPage> {
  const { page, toSource, outline, lines: pageLines } = await detectedAlong(ocr, o.detected, frame, corners, format);
  const zoneTop = mrzTop(o.mrzLines, outline, page.width, page.height);
  const inZone = (quad: Quad) => quad.points.reduce((sum, p) => sum + p.y, 0) / 4 > zoneTop;
  // Every line read, however unsure: the orientation test weighs the unsure ones too (print upside down reads unsure).
  const everyLine = await ocr.ocr.readLines(
    page,
    pageLines.filter((q) => !inZone(q)),
    { minConfidence: 0 },
  );
  const orientation = o.tellOrientation ? await printOrientation(ocr.lineReader, everyLine) : null;
  const lines = everyLine.filter((l) => l.confidence >= defaultMinConfidence && printedAcross(l)).map((l) => printedLine(ocr, l, l.quad, l.crop));
  // Capitals without accents, once: with their signs for dates, in words for titles and names.
  const foldedLines = lines.map((l) => foldText(l.text));
  const folded = foldedLines.map((f) => f.replace(/[^A-Z0-9]+/g, ' ').trim());
  const titleType = titleTypeOf(folded);
  const jurisdiction = folded.map((f) => jurisdictionByName.get(f)).find((j) => j) ?? null;
  const numbering = o.numberingHint ?? numberingOf(folded, titleType, jurisdiction);
  const labelled = labelLines(lines, numbering);
  labelled.push(...labelLines(await readUnderLabels(ocr, page, labelled), numbering));
  const country = printedCountry(lines, folded, page.height);
  // The United States write numeric dates month first — on licences and on its other documents (a
  // permanent resident card's 01/04/2028 is 4 January) —, Canada's licences and the rest of the world day first.
  const monthFirst = numbering === 'aamva' ? jurisdiction?.country !== 'CAN' : country === 'USA';
  const dateOrder: DateOrder = monthFirst ? 'MDY' : 'DMY';
  const dateOrderContested = contradictsDateOrder(foldedLines, dateOrder);
  return { page, toSource, lines: labelled, titleType, jurisdiction, country, numbering, dateOrder, dateOrderContested, orientation };
}

async function readTurned(
  ocr: OcrEngine,
  frame: Frame,
  corners: Corners,
  format: DocumentFormat,
  side: 'FIRST' | 'SECOND',
  o: VisualZoneOptions & { tellOrientation?: boolean },
): Promise<{ zone: VisualZoneReading; orientation: PrintOrientation | null }> {
  const { page, toSource, lines, titleType, jurisdiction, country, numbering, dateOrder, dateOrderContested, orientation } = await readPrintedPage(
    ocr,
    frame,
    corners,
    format,
    o,
  );
  const found = findPrintedFields(lines, { dateOrder, now: o.now, unlabelledNumber: numbering !== 'aamva' });
  // Which value is which field: on documents without field numbers (identity cards, passports,
  // residence permits) the learned assigner decides the fields it knows, the label rules the rest
  // (licence details, the signature). Numbered licences keep the rules: their numbers name the fields.
  const doubted: VisualField[] = [];
  if (numbering === null && o.printedFields === 'learned') {
    // The rules' values stand in where the model is unsure of every candidate but not of theirs.
    const assigned = assignFields(await assignerModel(), lines, { width: page.width, height: page.height, dateOrder, dateOrderContested, now: o.now }, found);
    const learned: ReadonlySet<string> = new Set(assignableFields);
    found.fields = [...assigned, ...found.fields.filter((f) => !learned.has(f.field))];
    doubted.push(...assigned.filter((f) => f.uncertain).map((f) => f.field));
    // A value the rules withheld (a digit in a name) stays listed unless the assigner found the field.
    found.invalidCharacterFields = found.invalidCharacterFields.filter((f) => !assigned.some((a) => a.field === f));
  }
  // A signature is ink: a faint pattern the detector boxed in a blank signature area is not.
  found.fields = found.fields.filter((f) => f.field !== 'signature' || inkContrast(page, f.box) >= minSignatureContrast);
  const zone: VisualZoneReading = {
    side,
    fields: found.fields.map((f) => located(f, toSource, side)),
    titleType,
    jurisdiction,
    country,
    invalidCharacterFields: found.invalidCharacterFields,
    doubtedFields: doubted,
  };
  return { zone, orientation };
}

/**
 * Where the MRZ begins on the straightened page (y, a quarter of its line pitch above its top line), or
 * the page's height when there is none: the lines found below are not read as print. Reading the
 * zone again costs a page's two or three widest lines, for text the MRZ reader has read better.
 * The whole page is still searched: cutting the zone off before detection changed the
 * detector's scale, and with it a few small printed values either way. An MRZ stands at the foot
 * of its side; one that maps into the page's upper half (a wrong outline) is not trusted.
 */
function mrzTop(mrzLines: ReadonlyArray<readonly Point[]>, outline: Corners, width: number, height: number): number {
  if (mrzLines.length === 0) return height;
  // The inverse of the page's warp (frame → page), needed only for a side with an MRZ.
  const toPage = homographyFromPoints(outline, rectangleCorners(width, height));
  const ys = mrzLines.flatMap((line) => line.map((p) => applyHomography(toPage, p).y));
  const top = Math.min(...ys);
  const pitch = (Math.max(...ys) - top) / mrzLines.length;
  const zoneTop = top - pitch / 4;
  return zoneTop >= height / 2 ? zoneTop : height;
}

/** How far down the page a state's name may stand to be its issuer: the header, where titles are printed. */
const headerShare = 0.3;

/**
 * The issuing state whose name (`countryNames`) a line of the page's header holds as whole words
 * (the state's name in its title: "REPUBLIQUE FRANCAISE", "BUNDESREPUBLIK DEUTSCHLAND"); lower
 * down the same words are values (a place of birth, a nationality). The first in reading order.
 */
function printedCountry(lines: readonly PrintedLine[], folded: readonly string[], pageHeight: number): string | null {
  const header = lines.map((l, i) => ({ y: l.box.y, text: ` ${folded[i]} ` })).filter((l) => l.y < headerShare * pageHeight);
  header.sort((a, b) => a.y - b.y);
  for (const { text } of header) {
    // Long names also when the reader ran their words together or missed a letter
    // ("REPUBLIQUEFRANCAIS"): one edit per eight letters.
    const compact = text.replace(/ /g, '');
    const hit = countryNames.find(([name]) => {
      const letters = name.replace(/ /g, '');
      return text.includes(` ${name} `) || (letters.length >= 10 && approximateSubstring(compact, letters, Math.floor(letters.length / 8)) !== null);
    });
    if (hit) return hit[1];
  }
  return null;
}

/** Reads the boxes under labels whose value the text detector did not find (see unreadValueBoxes). */
async function readUnderLabels(ocr: OcrEngine, page: Frame, lines: readonly LabelledLine[]): Promise<PrintedLine[]> {
  const quads: Quad[] = unreadValueBoxes(lines)
    .map((b) => clip(b, page))
    .filter((b) => b.width >= 4 && b.height >= 4)
    .map((b) => ({ points: rectangleCorners(b.width, b.height, b.x, b.y), width: b.width, height: b.height }));
  if (quads.length === 0) return [];
  const crops = quads.map((q) => cropTextLine(page, q, lineHeight));
  const readings = await ocr.lineReader.read(crops);
  return readings.flatMap((reading, k) => (reading.text.trim() ? [printedLine(ocr, reading, quads[k]!, crops[k]!)] : []));
}

function clip(b: Box, page: Frame): Box {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, width: Math.min(page.width, b.x + b.width) - x, height: Math.min(page.height, b.y + b.height) - y };
}

/**
 * Which field numbers the document prints: AAMVA's on a licence or ID card of a US or Canadian
 * jurisdiction (its name, or AAMVA's abbreviations DLN and DOB, on the card), the EU's on other
 * driving licences, none on other documents.
 */
function numberingOf(folded: readonly string[], titleType: string | null, jurisdiction: AamvaJurisdiction | null): FieldNumbering {
  if (jurisdiction || folded.some((f) => /\b(DLN|DOB)\b/.test(f))) return 'aamva';
  return titleType === 'TYPE_DL' ? 'eu' : null;
}

/**
 * A line read as the field finder sees it: its box and character positions, and spaces put back
 * where the reader drops them — PP-OCR's drops them anywhere; the Latin reader reads the spaces
 * between words (`readsWordSpaces`) and drops only the one after a number (an AAMVA field number
 * set tight against its value), so between two letters its own reading stands.
 */
function printedLine(ocr: OcrEngine, reading: LineReading, quad: Quad, crop: Frame): PrintedLine {
  const spaced = spaceAtInkGaps(reading, crop, { betweenLetters: !ocr.lineReader.charset.readsWordSpaces });
  const xs = quad.points.map((p) => p.x);
  const ys = quad.points.map((p) => p.y);
  const box: Box = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  const toLine = spaced.stride / Math.max(1, spaced.inputWidth);
  return {
    text: spaced.text,
    confidences: spaced.chars.map((c) => c.confidence),
    positions: spaced.chars.map((c) => Math.min(1, (c.peak + 0.5) * toLine)),
    runnerUps: spaced.chars.map((c) => c.alternatives[0] ?? null),
    box,
  };
}

/** A field with its box on the straightened document mapped to the submitted image (and the axis-aligned box around it). */
function located(field: PrintedField, toSource: Homography, side: 'FIRST' | 'SECOND'): LocatedField {
  const { box } = field;
  const corners = rectangleCorners(box.width, box.height, box.x, box.y).map((p) => applyHomography(toSource, p));
  return { ...field, corners, location: locationAround(corners, side)! };
}
