import type { DocumentData, DocumentFieldType, DocumentStringField } from '../../../api/document.ts';
import type { Point } from '../../image/affine.ts';
import { type AnonymizationPlan, hiddenFieldsOf } from '../document-class-rules.ts';
import { regionOf } from '../../aamva/aamva-document-class.ts';
import { countryOf } from '../../mrz/icao-countries.ts';
import { canonicalNumber, yymmdd, type MatchSource } from '../data-match.ts';
import { documentDate, stringResult } from '../string-result.ts';
import type { VisualField } from './field-labels.ts';
import type { LocatedField, VisualZoneReading } from './read-visual-zone.ts';

/**
 * Where the hidden fields (see `AnonymizationPlan`) are printed on one side, as quads on its
 * submitted image, for the returned image to paint over. A value's box is where the reader placed
 * its characters, which may fall short of the ink: each is painted half a line height wider at
 * either end and a little taller. A document number that keeps characters in clear is painted
 * between them, a quarter character into each (its digits are about equally wide; better to cover a
 * sliver of a kept digit than to leave part of a hidden one).
 */
export function hiddenPrintQuads(readings: readonly VisualZoneReading[], side: 'FIRST' | 'SECOND', plan: AnonymizationPlan): Point[][] {
  const hidden = hiddenFieldsOf(plan);
  const visible = plan.documentNumberVisible;
  return readings
    .filter((r) => r.side === side)
    .flatMap((r) => r.fields)
    .filter((f) => hidden.has(f.field as DocumentFieldType) || (f.field === 'dateAndPlaceOfBirth' && (hidden.has('dateOfBirth') || hidden.has('placeOfBirth'))))
    .map((f) => {
      const [tl, tr, , bl] = f.corners as [Point, Point, Point, Point];
      const pad = (0.5 * Math.hypot(bl.x - tl.x, bl.y - tl.y)) / Math.max(1, Math.hypot(tr.x - tl.x, tr.y - tl.y));
      const n = f.text.length;
      if (f.field !== 'documentNumber' || !visible || visible.prefix + visible.suffix >= n) return quadPart(f.corners, -pad, 1 + pad);
      return quadPart(f.corners, visible.prefix === 0 ? -pad : (visible.prefix - 0.25) / n, visible.suffix === 0 ? 1 + pad : (n - visible.suffix + 0.25) / n);
    });
}

/**
 * The part of a text quad (top-left, top-right, bottom-right, bottom-left) from `t0` to `t1` along
 * it (beyond its ends outside 0…1), a tenth of its height taller above and below.
 */
function quadPart([tl, tr, br, bl]: Point[], t0: number, t1: number): Point[] {
  const at = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  const top = [at(tl!, tr!, t0), at(tl!, tr!, t1)] as const;
  const bottom = [at(bl!, br!, t0), at(bl!, br!, t1)] as const;
  const grow = 0.1;
  return [at(bottom[0], top[0], 1 + grow), at(bottom[1], top[1], 1 + grow), at(top[1], bottom[1], 1 + grow), at(top[0], bottom[0], 1 + grow)];
}

/** Fields a document read from its printed text alone must show for the reading to count as VALID. */
export const visualMandatoryFields = ['lastName', 'dateOfBirth', 'documentNumber'] as const;

type DateTarget = 'dateOfBirth' | 'dateOfIssue' | 'dateOfExpiry';
const dateTargets: ReadonlySet<VisualField> = new Set<DateTarget>(['dateOfBirth', 'dateOfIssue', 'dateOfExpiry']);
const licenceTargets = { vehicleClass: 'vehicleClass', restrictions: 'restrictions', endorsements: 'endorsements' } as const;

/**
 * Adds the printed fields to `data`: a field the MRZ or the barcode already gave keeps their value
 * (check digits and a machine-written payload are surer than reading print; the printed value still
 * meets them in `dataMatch`), a field they left empty takes the printed one — on documents without
 * either, all of them. A field the MRZ read but withheld as in doubt (`invalidCharacterFields`) stays
 * withheld: print, unchecked, does not settle a disagreement with the check digits. Each field's `latinLocation` is its box on the side it was printed on.
 */
export function mergeVisual(data: DocumentData, readings: readonly VisualZoneReading[]): void {
  // The full name is composed only from names print gave: the MRZ's and barcode's come with theirs.
  let namesFilled = false;
  const record = data as unknown as Record<string, unknown>;
  const inDoubt = new Set<string>(data.additionalProcessingInfo?.invalidCharacterFields ?? []);
  for (const field of readings.flatMap((r) => r.fields)) {
    const name = field.field;
    if (inDoubt.has(name)) continue;
    if (name in licenceTargets) {
      const key = licenceTargets[name as keyof typeof licenceTargets];
      data.driverLicenseDetailedInfo ??= { restrictions: null, endorsements: null, vehicleClass: null, conditions: null, vehicleClassesInfo: [] };
      if (data.driverLicenseDetailedInfo[key] !== null) continue;
      data.driverLicenseDetailedInfo[key] = stringResult(field.text, field.location);
    } else if (dateTargets.has(name)) {
      if (record[name] !== null || !field.date) continue;
      record[name] = documentDate({ ...field.date, originalString: field.text }, field.location);
    } else if (name !== 'dateAndPlaceOfBirth' && name !== 'signature' && name !== 'unread') {
      if (record[name as DocumentStringField] !== null) continue;
      record[name] = stringResult(field.text, field.location);
    }
    namesFilled ||= name === 'firstName' || name === 'lastName';
  }
  if (data.firstName?.latin && data.lastName?.latin && data.fullName === null && namesFilled) {
    data.fullName = stringResult(`${data.firstName.latin} ${data.lastName.latin}`, null);
  }
}

/**
 * Fields listed in `additionalProcessingInfo.invalidCharacterFields` because of print: those it
 * showed beside their label with characters the field cannot have (a digit in a name) and that no
 * source filled, and those whose value in `data` is a printed one read in doubt (`doubtedFields`;
 * `doubted` when the caller has them already).
 */
export function misprintedFields(
  data: DocumentData,
  readings: readonly VisualZoneReading[],
  doubted: readonly string[] = doubtedPrintedFields(data, readings),
): string[] {
  const record = data as unknown as Record<string, unknown>;
  const withheld = readings.flatMap((r) => r.invalidCharacterFields).filter((f) => f in record && record[f] === null);
  return [...new Set([...withheld, ...doubted])];
}

/** The fields whose value in `data` came from print read in doubt (not from the MRZ or a barcode, which keep theirs). */
export function doubtedPrintedFields(data: DocumentData, readings: readonly VisualZoneReading[]): string[] {
  return readings.flatMap((r) => r.fields.filter((f) => r.doubtedFields.includes(f.field) && isPrintedValue(data, f)).map((f) => f.field));
}

/**
 * Whether the value of `field.field` in `data` is the one print gave as `field` (not the MRZ's or a
 * barcode's): a string field's text, or a date's original string (a StringResult of its own).
 */
export function isPrintedValue(data: DocumentData, field: Pick<LocatedField, 'field' | 'text'>): boolean {
  const value = (data as unknown as Record<string, { latin?: string | null; originalString?: { latin: string | null } | null } | null>)[field.field];
  return value != null && (value.latin === field.text || value.originalString?.latin === field.text);
}

/** The mandatory fields (`visualMandatoryFields`) print did not give. */
export function missingPrintedFields(readings: readonly VisualZoneReading[]): string[] {
  const read = new Set(readings.flatMap((r) => r.fields.map((f) => f.field)));
  return visualMandatoryFields.filter((f) => !read.has(f));
}

/**
 * `documentClassInfo` from print, for documents that neither an MRZ nor a barcode classified: the
 * type its title names; the country and region of a US or Canadian jurisdiction whose name it
 * prints, else the state whose name its header prints.
 */
export function visualClassInfo(readings: readonly VisualZoneReading[]): NonNullable<DocumentData['documentClassInfo']> {
  const type = readings.map((r) => r.titleType).find((t) => t) ?? 'TYPE_NONE';
  const jurisdiction = readings.map((r) => r.jurisdiction).find((j) => j) ?? null;
  const state = jurisdiction?.country ?? readings.map((r) => r.country).find((c) => c) ?? null;
  const country = state ? (countryOf(state) ?? 'COUNTRY_NONE') : 'COUNTRY_NONE';
  return { country, region: regionOf(jurisdiction), type };
}

/**
 * The printed fields as a `dataMatch` source: dates as `YYMMDD`, the document number canonical —
 * only values read without doubt. A MISMATCH says the document's own sources disagree, a sign of
 * tampering; a value the reader doubts (`doubtedFields`) is no evidence of that, so it is not
 * compared (on the real passports of the corpus, 6 of 7 mismatches were such readings: `0` read as
 * `O`, an expiry's day misread).
 */
export function visualMatchSource(readings: readonly VisualZoneReading[], name: string): MatchSource {
  const first = (field: VisualField): LocatedField | undefined =>
    readings.flatMap((r) => r.fields.filter((f) => !r.doubtedFields.includes(f.field))).find((f) => f.field === field);
  return {
    name,
    dateOfBirth: yymmdd(first('dateOfBirth')?.date ?? null),
    dateOfExpiry: yymmdd(first('dateOfExpiry')?.date ?? null),
    documentNumber: canonicalNumber(first('documentNumber')?.text),
  };
}
