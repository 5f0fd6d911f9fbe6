import type { DocumentData, DocumentDate, DocumentStringField, DriverLicenseDetailedInfo, Location, StringResult } from '../../api/document.ts';
import type { BarcodeResult } from '../../api/id-barcode.ts';
import { regionOf } from '../aamva/aamva-document-class.ts';
import { countryOf } from '../mrz/icao-countries.ts';
import { processingInfo } from './empty-document-data.ts';
import { documentDate, stringResult } from './string-result.ts';
import type { DocumentBarcode } from './read-document-barcode.ts';

type BarcodeTarget = DocumentStringField | 'dateOfBirth' | 'dateOfIssue' | 'dateOfExpiry';

/**
 * Fields a certain barcode fills even where the MRZ gave a value: AAMVA names are complete (spaces,
 * hyphens, apostrophes, middle names, suffix), while MRZ names are transliterated, truncated to the
 * line and covered by no check digit.
 */
const barcodePreferred: ReadonlySet<BarcodeTarget> = new Set(['firstName', 'lastName', 'fullName']);

/**
 * Merges a parsed ID barcode into the document `data` (which may already hold the MRZ's fields):
 * - a field the MRZ filled and vouched for keeps the MRZ's value (its check digits verified our
 *   reading; a disagreement with the barcode is the document's, reported in `dataMatch`), except the
 *   names, which a certain barcode gives whole;
 * - a field the MRZ left empty or listed as in doubt (`invalidCharacterFields`) takes the barcode's
 *   value, and is no longer in doubt;
 * - licence details, address, issue date, issuing authority come from the barcode alone.
 * `barcodeData` is the BarcodeResult (anonymized afterwards with the rest: see `anonymizeDocument`).
 * Each field's `latinLocation` is the barcode's box on its side.
 */
export function mergeBarcode(data: DocumentData, barcode: DocumentBarcode): void {
  const b = barcode.result;
  data.barcodeData = b;
  if (!b.parsed) return;
  const info = processingInfo(data);
  const inDoubt = new Set(info.invalidCharacterFields ?? []);
  const at = barcode.location;
  const put = (target: BarcodeTarget, value: StringResult | DocumentDate | null) => {
    if (value === null) return;
    const record = data as unknown as Record<string, unknown>;
    const fromMrz = record[target] !== null && !inDoubt.has(target);
    if (fromMrz && !(barcode.certain && barcodePreferred.has(target))) return;
    record[target] = value;
    inDoubt.delete(target);
  };
  const text = (value: string | null | undefined) => (value ? stringResult(value, at) : null);
  const discriminator = b.extendedElements.find((e) => e.key === 'BARCODE_ELEMENT_KEY_DOCUMENT_DISCRIMINATOR')?.value ?? null;

  put('firstName', text([b.firstName, b.middleName].filter(Boolean).join(' ')));
  put('lastName', text(b.lastName));
  put('fullName', text(b.fullName));
  put('address', text(b.address));
  put('documentNumber', text(b.documentNumber));
  put('documentAdditionalNumber', text(discriminator));
  put('sex', text(b.sex));
  put('placeOfBirth', text(b.placeOfBirth));
  put('race', text(b.race));
  put('issuingAuthority', text(b.issuingAuthority));
  put('dateOfBirth', documentDate(b.dateOfBirth, at));
  put('dateOfIssue', documentDate(b.dateOfIssue, at));
  put('dateOfExpiry', documentDate(b.dateOfExpiry, at));
  data.driverLicenseDetailedInfo ??= licenceInfo(b, at);
  info.invalidCharacterFields = [...inDoubt].sort();
}

/**
 * `documentClassInfo` from the barcode: country of the issuing jurisdiction (`COUNTRY_USA`,
 * `COUNTRY_CANADA`, `COUNTRY_MEXICO`), region = the jurisdiction (`REGION_VIRGINIA`), type `TYPE_DL`
 * or `TYPE_ID` by the DL/ID subfile. Where an MRZ already classified the document, its country and
 * type stand; the barcode adds the region when it names the same country.
 */
export function barcodeClassInfo(barcode: DocumentBarcode, fromMrz: DocumentData['documentClassInfo']): DocumentData['documentClassInfo'] {
  const jurisdiction = barcode.documentClass?.jurisdiction ?? null;
  const country = jurisdiction ? (countryOf(jurisdiction.country) ?? 'COUNTRY_NONE') : 'COUNTRY_NONE';
  const subfile = barcode.documentClass?.subfileType;
  const type = subfile === 'DL' ? 'TYPE_DL' : subfile === 'ID' ? 'TYPE_ID' : 'TYPE_NONE';
  const region = regionOf(jurisdiction);
  if (!fromMrz || fromMrz.country === 'COUNTRY_NONE') return { country, region, type: fromMrz && fromMrz.type !== 'TYPE_NONE' ? fromMrz.type : type };
  return {
    country: fromMrz.country,
    region: fromMrz.country === country ? region : (fromMrz.region ?? 'REGION_NONE'),
    type: fromMrz.type !== 'TYPE_NONE' ? fromMrz.type : type,
  };
}

function licenceInfo(b: BarcodeResult, at: Location | null): DriverLicenseDetailedInfo | null {
  const l = b.driverLicenseDetailedInfo;
  if (!l) return null;
  const text = (value: string | null) => (value ? stringResult(value, at) : null);
  return {
    restrictions: text(l.restrictions),
    endorsements: text(l.endorsements),
    vehicleClass: text(l.vehicleClass),
    conditions: text(l.conditions),
    vehicleClassesInfo: l.vehicleClassesInfo.map((c) => ({
      vehicleClass: text(c.vehicleClass),
      licenceType: text(c.licenceType),
      effectiveDate: documentDate(c.effectiveDate, at),
      expiryDate: documentDate(c.expiryDate, at),
    })),
  };
}
