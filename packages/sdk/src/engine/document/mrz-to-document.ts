import type { DateResult } from '../../api/common.ts';
import type { DocumentData, Location, MrzData } from '../../api/document.ts';
import type { Point } from '../image/affine.ts';
import { countryOf } from '../mrz/icao-countries.ts';
import { documentTypeOf } from '../mrz/document-classes.ts';
import type { MrzFieldName } from '../mrz/mrz-formats.ts';
import { parseMrzDate } from '../mrz/mrz-dates.ts';
import { mrzNames } from '../mrz/parse-mrz.ts';
import type { MrzReading } from '../mrz/mrz-reading.ts';
import { emptyDocumentData } from './empty-document-data.ts';
import { mrzFieldTargets } from './mrz-fields.ts';
import { documentDate, locationAround, stringResult } from './string-result.ts';

export interface MrzToDocumentOptions {
  now: Date;
  side: 'FIRST' | 'SECOND';
  /** Withhold fields whose check digit failed (or that were read unsure). */
  enableCharacterValidation: boolean;
}

/**
 * Fills the document `data` from a read MRZ: names (primary → lastName, secondary → firstName),
 * numbers, dates (two-digit years resolved), sex, nationality, issuer and type, `mrzData`, and the
 * statuses. Fields the MRZ could not vouch for are listed in
 * `additionalProcessingInfo.invalidCharacterFields` and, with character validation on, left null.
 */
export function mrzToDocumentData(reading: MrzReading, o: MrzToDocumentOptions): DocumentData {
  const { parsed, uncertain } = reading.corrected;
  const data = emptyDocumentData();
  const f = parsed.fields;
  const strip = (s: string | undefined) => (s ?? '').replace(/<+$/, '').replace(/^<+/, '');
  const withheld = new Set<string>();
  for (const name of uncertain) for (const target of mrzFieldTargets[name] ?? []) withheld.add(target);
  // Most check digits failing means a misread zone (or no zone at all): then no field is vouched
  // for, not even those whose own check happens to hold (a 1-in-10 chance each).
  const passing = parsed.checks.filter((c) => c.ok).length;
  if (passing * 2 < parsed.checks.length) for (const targets of Object.values(mrzFieldTargets)) for (const t of targets) withheld.add(t);
  const show = (target: string) => !(o.enableCharacterValidation && withheld.has(target));
  const location = (name: MrzFieldName) => fieldLocation(reading, name, o.side);
  const sr = (target: keyof DocumentData, value: string, at: MrzFieldName): void => {
    if (!value || !show(target)) return;
    (data as Record<string, unknown>)[target] = stringResult(value, location(at));
  };

  const { primary: lastName, secondary: firstName } = mrzNames(f);
  sr('lastName', lastName, 'names');
  sr('firstName', firstName, f.givenNames === undefined ? 'names' : 'givenNames');
  sr('fullName', [firstName, lastName].filter(Boolean).join(' '), 'names');
  sr('documentNumber', parsed.documentNumber, 'documentNumber');
  sr('nationality', strip(f.nationality), 'nationality');
  sr('sex', /^[MFX]$/.test(f.sex ?? '') ? f.sex! : '', 'sex');
  // A TD1 number longer than nine symbols continues in the optional data: not a personal number.
  const optional1 = parsed.format.type === 'TD1' && f.documentNumberCheck === '<' ? strip((f.optional1 ?? '').replace(/^[0-9A-Z]+/, '')) : strip(f.optional1);
  // The French card's optional data is its issuing office, not a personal number (it stays in mrzData.opt1).
  if (parsed.format.id !== 'FRA_CNI') sr('personalIdNumber', optional1, 'optional1');
  sr('documentAdditionalNumber', strip(f.optional2), 'optional2');

  const dateOfBirth = parseMrzDate(f.dateOfBirth ?? '', 'birth', o.now);
  // Not every layout has an expiry (the French national card has none).
  const dateOfExpiry = f.dateOfExpiry === undefined ? null : parseMrzDate(f.dateOfExpiry, 'expiry', o.now);
  if (show('dateOfBirth')) data.dateOfBirth = documentDate(dateOfBirth, location('dateOfBirth'));
  if (dateOfExpiry && show('dateOfExpiry')) data.dateOfExpiry = documentDate(dateOfExpiry, location('dateOfExpiry'));

  const country = countryOf(strip(f.issuer));
  data.documentClassInfo = { country: country ?? 'COUNTRY_NONE', region: 'REGION_NONE', type: documentTypeOf(f.documentCode ?? '') };
  data.mrzData = mrzData(reading, dateOfBirth, dateOfExpiry);
  const valid = parsed.valid && uncertain.length === 0;
  data.recognitionStatus = valid ? 'VALID' : 'UNCERTAIN';
  data.processingStatus = valid ? 'SUCCESS' : 'MRZ_PARSING_FAILED';
  data.additionalProcessingInfo = {
    missingMandatoryFields: [],
    invalidCharacterFields: [...withheld].sort(),
    extraPresentFields: null,
    imageExtractionFailures: [],
  };
  return data;
}

function mrzData(reading: MrzReading, dateOfBirth: DateResult, dateOfExpiry: DateResult | null): MrzData {
  const { parsed, uncertain } = reading.corrected;
  const f = parsed.fields;
  const strip = (s: string | undefined) => (s ?? '').replace(/<+$/, '');
  const { primary, secondary } = mrzNames(f);
  return {
    rawMrzString: parsed.lines.join('\n'),
    documentCode: strip(f.documentCode),
    issuer: strip(f.issuer),
    documentNumber: parsed.documentNumber,
    opt1: strip(f.optional1),
    opt2: strip(f.optional2),
    gender: f.sex === '<' ? '' : (f.sex ?? ''),
    nationality: strip(f.nationality),
    primaryId: primary,
    secondaryId: secondary,
    dateOfBirth,
    dateOfExpiry,
    verified: parsed.valid && uncertain.length === 0,
    mrzType: parsed.format.type,
  };
}

/** The axis-aligned box around a field's symbols, from its line's box and the symbol grid. */
function fieldLocation(reading: MrzReading, name: MrzFieldName, side: 'FIRST' | 'SECOND'): Location | null {
  const spec = reading.corrected.parsed.format.fields.find((s) => s.name === name);
  const line = spec ? reading.lines[spec.line] : undefined;
  if (!spec || !line) return null;
  const length = reading.corrected.parsed.format.length;
  const [tl, tr, br, bl] = line.points;
  // The line box has 0.6 text heights of margin either side of the ink (see fitLineQuad).
  const textHeight = line.height / (1 + 2 * (4 / 24));
  const margin = (0.6 * textHeight) / line.width;
  const along = (t: number) => margin + t * (1 - 2 * margin);
  const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  const t0 = along(spec.start / length);
  const t1 = along((spec.start + spec.length) / length);
  return locationAround([lerp(tl, tr, t0), lerp(tl, tr, t1), lerp(bl, br, t0), lerp(bl, br, t1)], side);
}
