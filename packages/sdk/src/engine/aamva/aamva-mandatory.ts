import type { BarcodeResult } from '../../api/id-barcode.ts';

/**
 * What a licence or ID card's payload must give before its read may be `VALID`: the holder's family
 * name, the document number, the birth and expiry dates as dates, and any other date it carries as a
 * date. A PDF417 that error correction let through as another codeword sequence spells garbage in
 * them (`aebcbjgb` for an expiry date, no family name, no number); so does a payload that is no AAMVA
 * one. The standard makes all of them mandatory (DCS, DAQ, DBB, DBA; DBD too, which real issuers
 * sometimes leave out — Alberta — so an issue date only has to parse where it is present).
 */
const mandatory: ReadonlyArray<readonly [field: string, holds: (result: BarcodeResult) => boolean]> = [
  ['parsed', (r) => r.parsed],
  ['lastName', (r) => r.lastName !== null],
  ['documentNumber', (r) => r.documentNumber !== null],
  ['dateOfBirth', (r) => r.dateOfBirth?.successfullyParsed === true],
  ['dateOfExpiry', (r) => r.dateOfExpiry?.successfullyParsed === true],
  ['dateOfIssue', (r) => r.dateOfIssue === null || r.dateOfIssue.successfullyParsed],
];

/** The mandatory fields (`mandatory` above) a parsed payload lacks or could not read; empty when it may be `VALID`. */
export function missingMandatoryFields(result: BarcodeResult): string[] {
  return mandatory.filter(([, holds]) => !holds(result)).map(([field]) => field);
}
