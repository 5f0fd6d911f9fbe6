import type { DocumentData, DocumentStringField } from '../../../api/document.ts';
import { regionOf } from '../../aamva/aamva-document-class.ts';
import { countryOf } from '../../mrz/icao-countries.ts';
import { canonicalNumber, yymmdd, type MatchSource } from '../data-match.ts';
import { anonymizedFields } from '../mrz-fields.ts';
import { documentDate, stringResult } from '../string-result.ts';
import type { VisualField } from './field-labels.ts';
import type { LocatedField, VisualZoneReading } from './read-visual-zone.ts';

/** Fields a document read from its printed text alone must show for the reading to count as VALID. */
const visualMandatoryFields = ['lastName', 'dateOfBirth', 'documentNumber'] as const;

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
export function mergeVisual(data: DocumentData, readings: readonly VisualZoneReading[], o: { anonymizeFields: boolean }): void {
  // The full name is composed only from names print gave: the MRZ's and barcode's come with theirs.
  let namesFilled = false;
  const record = data as unknown as Record<string, unknown>;
  const inDoubt = new Set<string>(data.additionalProcessingInfo?.invalidCharacterFields ?? []);
  for (const field of readings.flatMap((r) => r.fields)) {
    const name = field.field;
    if (o.anonymizeFields && (anonymizedFields as readonly string[]).includes(name)) continue;
    if (inDoubt.has(name)) continue;
    if (name in licenceTargets) {
      const key = licenceTargets[name as keyof typeof licenceTargets];
      data.driverLicenseDetailedInfo ??= { restrictions: null, endorsements: null, vehicleClass: null, conditions: null, vehicleClassesInfo: [] };
      if (data.driverLicenseDetailedInfo[key] !== null) continue;
      data.driverLicenseDetailedInfo[key] = stringResult(field.text, field.location);
    } else if (dateTargets.has(name)) {
      if (record[name] !== null || !field.date) continue;
      record[name] = documentDate({ ...field.date, originalString: field.text }, field.location);
    } else if (name !== 'dateAndPlaceOfBirth') {
      if (record[name as DocumentStringField] !== null) continue;
      record[name] = stringResult(field.text, field.location);
    }
    namesFilled ||= name === 'firstName' || name === 'lastName';
  }
  if (data.firstName?.latin && data.lastName?.latin && data.fullName === null && namesFilled) {
    data.fullName = stringResult(`${data.firstName.latin} ${data.lastName.latin}`, null);
  }
}

/** The mandatory fields (`visualMandatoryFields`) print did not give. */
export function missingPrintedFields(readings: readonly VisualZoneReading[]): string[] {
  const read = new Set(readings.flatMap((r) => r.fields.map((f) => f.field)));
  return visualMandatoryFields.filter((f) => !read.has(f));
}

/**
 * `documentClassInfo` from print, for documents that neither an MRZ nor a barcode classified: the
 * type its title names, the US or Canadian jurisdiction whose name it prints (country and region).
 */
export function visualClassInfo(readings: readonly VisualZoneReading[]): NonNullable<DocumentData['documentClassInfo']> {
  const type = readings.map((r) => r.titleType).find((t) => t) ?? 'TYPE_NONE';
  const jurisdiction = readings.map((r) => r.jurisdiction).find((j) => j) ?? null;
  const country = jurisdiction ? (countryOf(jurisdiction.country) ?? 'COUNTRY_NONE') : 'COUNTRY_NONE';
  return { country, region: regionOf(jurisdiction), type };
}

/** The printed fields as a `dataMatch` source: dates as `YYMMDD`, the document number canonical. */
export function visualMatchSource(readings: readonly VisualZoneReading[], name: string): MatchSource {
  const first = (field: VisualField): LocatedField | undefined => readings.flatMap((r) => r.fields).find((f) => f.field === field);
  return {
    name,
    dateOfBirth: yymmdd(first('dateOfBirth')?.date ?? null),
    dateOfExpiry: yymmdd(first('dateOfExpiry')?.date ?? null),
    documentNumber: canonicalNumber(first('documentNumber')?.text),
  };
}
