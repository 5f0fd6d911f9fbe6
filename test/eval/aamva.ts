// AAMVA evaluation: every raw payload of the corpus is rendered as a PDF417 image and sent to
// `POST /id-barcode` the way a client would; the card photos are sent as they are. The answer's `data`
// is compared with the source projects' expectations (aamvajs and IdParser test fixtures). Then the
// same through the fake camera (`aamva-camera.ts`): is any misread called VALID?
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import type { BarcodeResult, DateResult } from '@idlens/sdk/api';
import { percent, table, type SuiteReport } from '../support/report.ts';
import { cameraPart } from './aamva-camera.ts';
import type { EvalContext, EvalSuite } from './eval-context.ts';

/** One entry of `corpus/aamva/manifest.json`. */
interface AamvaManifestEntry {
  file: string;
  expected: { raw: string; fields: Record<string, unknown> | null; format?: string };
}

/** A field expectation rewritten to the representation our result uses; `null` = not comparable. */
type Expectation = string | readonly string[] | null;

/** How one key of a source schema is found in our result. */
interface FieldMapping {
  /** Our value, in a canonical representation. */
  actual: (data: BarcodeResult) => string | null;
  /** The source's value in the same representation; several strings = any of them. */
  expected: (value: unknown, fields: Record<string, unknown>) => Expectation;
}

// ---- representation normalisers: they change form (case, date layout, unit words), never content ----

const text = (value: unknown): string | null => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase() || null : null);
const isoDate = (value: unknown): string | null => {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return digits.length === 8 ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}` : null;
};
const dateOf = (date: DateResult | null): string | null =>
  date?.successfullyParsed && date.year !== null && date.month !== null && date.day !== null
    ? `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
    : null;
/** A date kept raw in an extended element may be MMDDCCYY or CCYYMMDD: both spell the expected date. */
const rawDateSpellings = (value: unknown): Expectation => {
  const iso = isoDate(value);
  if (iso === null) return null;
  const [y, m, d] = iso.split('-');
  return [`${m}${d}${y}`, `${y}${m}${d}`];
};
const postal = (value: unknown): string | null => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() || null : null);
const sexWord = (value: unknown): string | null => ({ MALE: 'M', FEMALE: 'F', M: 'M', F: 'F', X: 'X' })[text(value) ?? ''] ?? null;
const countryWord = (value: unknown): string | null => ({ USA: 'USA', CANADA: 'CAN', CAN: 'CAN', MEXICO: 'MEX' })[text(value) ?? ''] ?? null;
const bool = (value: unknown): string | null => (typeof value === 'boolean' ? String(value) : null);

/** IdParser's colour names → AAMVA D20 codes (what the payload and our EYE_COLOR/HAIR_COLOR carry). */
const colourCodes: Record<string, string> = {
  BLACK: 'BLK',
  BLUE: 'BLU',
  BROWN: 'BRO',
  GRAY: 'GRY',
  GREEN: 'GRN',
  HAZEL: 'HAZ',
  MAROON: 'MAR',
  PINK: 'PNK',
  DICHROMATIC: 'DIC',
  UNKNOWN: 'UNK',
  BLOND: 'BLN',
  RED: 'RED',
  WHITE: 'WHI',
  SANDY: 'SDY',
  BALD: 'BAL',
};
/** IdParser's AamvaVersion names → the standard version number. */
const versionNumbers: Record<string, string> = {
  AAMVA2000: '1',
  AAMVA2003: '2',
  AAMVA2005: '3',
  AAMVA2009: '4',
  AAMVA2010: '5',
  AAMVA2011: '6',
  AAMVA2012: '7',
  AAMVA2013: '8',
  AAMVA2016: '9',
  AAMVA2020: '10',
};
const complianceCodes: Record<string, string> = { FULLYCOMPLIANT: 'F', MATERIALLYCOMPLIANT: 'M', NONCOMPLIANT: 'N' };
/** IdParser WeightRange names → the D20 weight range digit (DCE). */
const weightRanges: Record<string, string> = {
  LBS0TO70: '0',
  LBS71TO100: '1',
  LBS101TO130: '2',
  LBS131TO160: '3',
  LBS161TO190: '4',
  LBS191TO220: '5',
  LBS221TO250: '6',
  LBS251TO280: '7',
  LBS281TO320: '8',
  LBS321PLUS: '9',
};

const element = (data: BarcodeResult, name: string): string | null => data.extendedElements.find((e) => e.key === `BARCODE_ELEMENT_KEY_${name}`)?.value ?? null;
/** Indicator elements: 1/Y/YES/DONOR/T mean yes; anything else, or no element, means no. */
const indicator = (value: string | null): string => String(['1', 'Y', 'YES', 'DONOR', 'T'].includes(text(value) ?? ''));

function height(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const h = value as { inches?: number; feet?: number; centimetres?: number };
  if (h.centimetres !== undefined) return `${h.centimetres} cm`;
  return h.inches !== undefined || h.feet !== undefined ? `${(h.feet ?? 0) * 12 + (h.inches ?? 0)} in` : null;
}
function weight(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const w = value as { pounds?: number; kilograms?: number; expression?: string };
  if (w.pounds !== undefined) return `${w.pounds} lb`;
  if (w.kilograms !== undefined) return `${w.kilograms} kg`;
  const range = /WeightRange\.(\w+)/.exec(w.expression ?? '')?.[1];
  return range ? `range ${weightRanges[range.toUpperCase()] ?? '?'}` : null;
}
const number = (value: string | null) => (value === null ? null : (/\d+/.exec(value)?.[0] ?? null));
const ourHeight = (d: BarcodeResult) =>
  element(d, 'HEIGHT_CM') !== null
    ? `${number(element(d, 'HEIGHT_CM'))} cm`
    : element(d, 'HEIGHT_IN') !== null
      ? `${number(element(d, 'HEIGHT_IN'))} in`
      : null;
const ourWeight = (d: BarcodeResult) =>
  element(d, 'WEIGHT_POUNDS') !== null
    ? `${number(element(d, 'WEIGHT_POUNDS'))} lb`
    : element(d, 'WEIGHT_KILOGRAMS') !== null
      ? `${number(element(d, 'WEIGHT_KILOGRAMS'))} kg`
      : element(d, 'WEIGHT_RANGE') !== null
        ? `range ${element(d, 'WEIGHT_RANGE')}`
        : null;
/** Our `street` holds both street lines (`LINE 1, LINE 2`); IdParser splits them. */
const streetLines = (value: unknown, fields: Record<string, unknown>): Expectation =>
  text([value, fields.StreetLine2].filter((v) => typeof v === 'string' && v.trim() !== '').join(', '));
/** An IdParser colour name is the D20 code or the word itself (some issuers spell it out). */
const colour = (value: unknown): Expectation => {
  const word = text(value);
  const code = colourCodes[word ?? ''];
  return word === null || code === undefined ? null : [code, word];
};

const sameText = (actual: (d: BarcodeResult) => string | null | undefined): FieldMapping => ({ actual: (d) => text(actual(d)), expected: text });
const sameDate = (actual: (d: BarcodeResult) => DateResult | null): FieldMapping => ({ actual: (d) => dateOf(actual(d)), expected: isoDate });
const sameRawDate = (name: string): FieldMapping => ({ actual: (d) => element(d, name), expected: rawDateSpellings });
const sameIndicator = (name: string): FieldMapping => ({ actual: (d) => indicator(element(d, name)), expected: bool });
const samePostal: FieldMapping = { actual: (d) => postal(d.addressDetailedInfo?.postalCode), expected: postal };

/**
 * Each source schema key → our result. IdParser (C#) property names and its `assert:` checks, and
 * aamvajs result keys. Keys missing here (expressions about IdParser internals, its reading of
 * jurisdiction elements) are reported as not compared.
 */
const fieldMappings: Record<string, FieldMapping> = {
  // IdParser
  First: sameText((d) => d.firstName),
  Middle: sameText((d) => d.middleName),
  Last: sameText((d) => d.lastName),
  Suffix: sameText((d) => element(d, 'NAME_SUFFIX')),
  StreetLine1: { actual: (d) => text(d.addressDetailedInfo?.street), expected: streetLines },
  StreetLine2: sameText((d) => element(d, 'ADDRESS_STREET_2')),
  City: sameText((d) => d.addressDetailedInfo?.city),
  JurisdictionCode: sameText((d) => d.addressDetailedInfo?.jurisdiction),
  PostalCode: samePostal,
  'assert:Address.PostalCodeDisplay': samePostal,
  Country: { actual: (d) => d.nationality, expected: countryWord },
  DateOfBirth: sameDate((d) => d.dateOfBirth),
  IssueDate: sameDate((d) => d.dateOfIssue),
  ExpirationDate: sameDate((d) => d.dateOfExpiry),
  RevisionDate: sameRawDate('CARD_REVISION_DATE'),
  Under18Until: sameRawDate('UNDER_18'),
  Under19Until: sameRawDate('UNDER_19'),
  Under21Until: sameRawDate('UNDER_21'),
  Sex: { actual: (d) => d.sex, expected: sexWord },
  EyeColor: { actual: (d) => text(element(d, 'EYE_COLOR')), expected: colour },
  HairColor: { actual: (d) => text(element(d, 'HAIR_COLOR')), expected: colour },
  Height: { actual: ourHeight, expected: height },
  Weight: { actual: ourWeight, expected: weight },
  IdNumber: sameText((d) => d.documentNumber),
  AamvaVersionNumber: { actual: (d) => element(d, 'STANDARD_VERSION_NUMBER'), expected: (v) => versionNumbers[text(v) ?? ''] ?? null },
  'assert:IssuerIdentificationNumber.GetDescription()': sameText((d) => d.issuingAuthority),
  VehicleClass: sameText((d) => d.driverLicenseDetailedInfo?.vehicleClass),
  'assert:Jurisdiction.VehicleClass': sameText((d) => d.driverLicenseDetailedInfo?.vehicleClass),
  RestrictionCodes: sameText((d) => d.driverLicenseDetailedInfo?.restrictions),
  'assert:Jurisdiction.RestrictionCodes': sameText((d) => d.driverLicenseDetailedInfo?.restrictions),
  EndorsementCodes: sameText((d) => d.driverLicenseDetailedInfo?.endorsements),
  ComplianceType: { actual: (d) => text(element(d, 'COMPLIANCE_TYPE')), expected: (v) => complianceCodes[text(v) ?? ''] ?? null },
  IsOrganDonor: sameIndicator('ORGAN_DONOR'),
  HasTemporaryLawfulStatus: sameIndicator('LIMITED_DURATION_DOCUMENT'),
  WasFirstTruncated: sameIndicator('FIRST_NAME_TRUNCATION'),
  WasMiddleTruncated: sameIndicator('MIDDLE_NAME_TRUNCATION'),
  WasLastTruncated: sameIndicator('FAMILY_NAME_TRUNCATION'),
  DocumentDiscriminator: sameText((d) => element(d, 'DOCUMENT_DISCRIMINATOR')),
  'assert:DocumentDiscriminator': sameText((d) => element(d, 'DOCUMENT_DISCRIMINATOR')),
  InventoryControlNumber: sameText((d) => element(d, 'INVENTORY_CONTROL_NUMBER')),
  'assert:InventoryControlNumber': sameText((d) => element(d, 'INVENTORY_CONTROL_NUMBER')),
  AuditInformation: sameText((d) => element(d, 'AUDIT_INFORMATION')),

  // aamvajs
  'name.first': sameText((d) => d.firstName),
  'name.last': sameText((d) => d.lastName),
  birthday: sameDate((d) => d.dateOfBirth),
  expiration_date: sameDate((d) => d.dateOfExpiry),
  sex: { actual: (d) => d.sex, expected: sexWord },
  state: sameText((d) => d.addressDetailedInfo?.jurisdiction),
  address: sameText((d) => d.addressDetailedInfo?.street),
  // aamvajs reports the 5-digit ZIP only.
  postal_code: { actual: (d) => postal(d.addressDetailedInfo?.postalCode)?.slice(0, 5) ?? null, expected: postal },
};

/** How one expected field fared. */
export interface FieldOutcome {
  field: string;
  expected: Expectation;
  actual: string | null;
  correct: boolean;
}

/**
 * Compares a result with a manifest entry's `fields`. Returns the compared fields and the keys that
 * have no mapping or no comparable expectation.
 */
export function scoreAamvaFields(fields: Record<string, unknown>, data: BarcodeResult): { outcomes: FieldOutcome[]; notCompared: string[] } {
  const outcomes: FieldOutcome[] = [];
  const notCompared: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const mapping = fieldMappings[field];
    const expected = mapping?.expected(value, fields) ?? null;
    if (!mapping || expected === null) {
      notCompared.push(field);
      continue;
    }
    const actual = mapping.actual(data);
    const correct = actual !== null && (typeof expected === 'string' ? actual === expected : expected.includes(actual));
    outcomes.push({ field, expected, actual, correct });
  }
  return { outcomes, notCompared };
}

// ---- rendering ----

/** PDF417 module size in pixels: large enough that detection is not what is being measured. */
const moduleScale = 3;
const quietZone = 24;

async function prepareWriter(): Promise<void> {
  // Never let zxing-wasm fetch its wasm from a CDN: hand it the binary from the installed package.
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  const wasm = await readFile(wasmPath);
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
}

/** The payload as a PDF417 PNG. Bytes are the raw string in ISO 8859-1 (byte mode keeps LF/RS/CR). */
async function renderPdf417(raw: string): Promise<Buffer> {
  const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0) & 0xff);
  const { symbol, error } = await writeBarcode(bytes, { format: 'PDF417', addQuietZones: false });
  if (error) throw new Error(`PDF417 writer: ${error}`);
  return sharp(Buffer.from(symbol.data), { raw: { width: symbol.width, height: symbol.height, channels: 1 } })
    .resize(symbol.width * moduleScale, symbol.height * moduleScale, { kernel: 'nearest' })
    .extend({ top: quietZone, bottom: quietZone, left: quietZone, right: quietZone, background: 'white' })
    .png()
    .toBuffer();
}

// ---- the suite ----

interface EntryOutcome {
  file: string;
  kind: 'raw' | 'image';
  status: number;
  decoded: boolean;
  /** The decoded bytes are the corpus payload byte for byte. */
  bytesExact: boolean;
  parsed: boolean;
  outcomes: FieldOutcome[];
  notCompared: string[];
  error?: string;
}

async function evaluateEntry(ctx: EvalContext, entry: AamvaManifestEntry): Promise<EntryOutcome> {
  const kind = entry.file.startsWith('raw/') ? 'raw' : 'image';
  const base: EntryOutcome = { file: entry.file, kind, status: 0, decoded: false, bytesExact: false, parsed: false, outcomes: [], notCompared: [] };
  let image: Buffer;
  try {
    image = kind === 'raw' ? await renderPdf417(entry.expected.raw) : await readFile(path.join(ctx.corpusDir, 'aamva', entry.file));
  } catch (error) {
    return { ...base, error: String(error) };
  }
  const { status, json } = await ctx.post('/id-barcode', { image: { imageBase64: image.toString('base64') } });
  const data = (json as { data?: BarcodeResult } | null)?.data;
  if (status !== 200 || !data) return { ...base, status, error: `HTTP ${status} ${JSON.stringify(json).slice(0, 160)}` };

  const expectedBase64 = Buffer.from(entry.expected.raw, 'latin1').toString('base64');
  const scored = entry.expected.fields ? scoreAamvaFields(entry.expected.fields, data) : { outcomes: [], notCompared: [] };
  return {
    ...base,
    status,
    decoded: data.rawDataBase64 !== null,
    bytesExact: data.rawDataBase64 === expectedBase64,
    parsed: data.parsed,
    ...scored,
  };
}

/** `pnpm eval aamva`: AAMVA parsing accuracy through `POST /id-barcode`. */
export const aamvaEval: EvalSuite = async (ctx) => {
  await prepareWriter();
  const manifest = JSON.parse(await readFile(path.join(ctx.corpusDir, 'aamva', 'manifest.json'), 'utf8')) as AamvaManifestEntry[];
  const results: EntryOutcome[] = [];
  for (const entry of manifest) results.push(await evaluateEntry(ctx, entry));
  const report = summarize(results);
  const camera = await cameraPart(ctx, manifest);
  return { ...report, metrics: { ...report.metrics, ...camera.metrics }, markdown: [...report.markdown, ...camera.markdown] };
};

function summarize(results: EntryOutcome[]): SuiteReport {
  const raw = results.filter((r) => r.kind === 'raw');
  const images = results.filter((r) => r.kind === 'image');
  const withFields = results.filter((r) => r.outcomes.length > 0);
  const outcomes = results.flatMap((r) => r.outcomes);
  const correct = outcomes.filter((o) => o.correct).length;
  const fullyCorrect = withFields.filter((r) => r.outcomes.every((o) => o.correct)).length;

  const perField = new Map<string, { total: number; correct: number }>();
  for (const o of outcomes) {
    const f = perField.get(o.field) ?? { total: 0, correct: 0 };
    f.total++;
    if (o.correct) f.correct++;
    perField.set(o.field, f);
  }
  const notCompared = new Map<string, number>();
  for (const key of results.flatMap((r) => r.notCompared)) notCompared.set(key, (notCompared.get(key) ?? 0) + 1);

  const count = (list: EntryOutcome[], test: (r: EntryOutcome) => boolean) => list.filter(test).length;
  const metrics = {
    payloads: raw.length,
    rawDecoded: count(raw, (r) => r.decoded),
    rawBytesExact: count(raw, (r) => r.bytesExact),
    rawParsed: count(raw, (r) => r.parsed),
    images: images.length,
    imagesDecoded: count(images, (r) => r.decoded),
    imagesBytesExact: count(images, (r) => r.bytesExact),
    imagesParsed: count(images, (r) => r.parsed),
    fieldsCompared: outcomes.length,
    fieldsCorrect: correct,
    fieldAccuracy: outcomes.length ? correct / outcomes.length : null,
    documentsWithExpectations: withFields.length,
    documentsFullyCorrect: fullyCorrect,
    perField: Object.fromEntries([...perField].map(([k, v]) => [k, { ...v, accuracy: v.correct / v.total }])),
    errors: results.filter((r) => r.error).map((r) => ({ file: r.file, error: r.error })),
  };

  const mismatches = results.flatMap((r) =>
    r.outcomes.filter((o) => !o.correct).map((o) => [r.file, o.field, JSON.stringify(o.expected), JSON.stringify(o.actual)]),
  );
  const markdown = [
    `Raw payloads rendered as PDF417 and posted to \`/id-barcode\`: ${raw.length}; decoded ${metrics.rawDecoded}` +
      ` (byte-exact ${metrics.rawBytesExact}), parsed ${metrics.rawParsed}.`,
    `Card images posted as they are: ${images.length}; decoded ${metrics.imagesDecoded}, parsed ${metrics.imagesParsed}.`,
    '',
    `**Field accuracy: ${correct}/${outcomes.length} (${percent(correct, outcomes.length)})**; documents fully correct:` +
      ` ${fullyCorrect}/${withFields.length} (${percent(fullyCorrect, withFields.length)}).`,
    '',
    ...table(
      ['field', 'correct', 'compared', 'accuracy'],
      [...perField].sort(([a], [b]) => a.localeCompare(b)).map(([field, f]) => [field, f.correct, f.total, percent(f.correct, f.total)]),
    ),
    '',
    ...table(
      ['image', 'HTTP', 'decoded', 'bytes as expected', 'parsed', 'fields correct'],
      images.map((r) => [
        r.file,
        r.status,
        r.decoded ? 'yes' : 'no',
        r.bytesExact ? 'yes' : 'no',
        r.parsed ? 'yes' : 'no',
        r.outcomes.length ? `${r.outcomes.filter((o) => o.correct).length}/${r.outcomes.length}` : 'no expectations',
      ]),
    ),
    '',
    mismatches.length ? '### Mismatches' : 'No mismatches.',
    ...(mismatches.length ? table(['file', 'field', 'expected', 'actual'], mismatches) : []),
    '',
    `Not compared (no mapping or not comparable): ${[...notCompared].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}.`,
    ...(metrics.errors.length ? ['', '### Errors', ...metrics.errors.map((e) => `- ${e.file}: ${e.error}`)] : []),
  ];
  return { suite: 'aamva', metrics, markdown };
}
