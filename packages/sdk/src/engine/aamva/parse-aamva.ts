import type { BarcodeResult } from '../../api/id-barcode.ts';
import { bytesToBase64 } from '../util/base64.ts';

export function emptyBarcodeResult(): BarcodeResult {
  return {
    rawDataBase64: null, stringData: null, firstName: null, lastName: null, middleName: null, fullName: null,
    additionalNameInformation: null, address: null, placeOfBirth: null, nationality: null, race: null,
    religion: null, profession: null, maritalStatus: null, residentialStatus: null, employer: null, sex: null,
    documentNumber: null, personalIdNumber: null, documentAdditionalNumber: null, issuingAuthority: null,
    dateOfBirth: null, dateOfIssue: null, dateOfExpiry: null, addressDetailedInfo: null,
    driverLicenseDetailedInfo: null, extendedElements: [], parsed: false,
  };
}

/** Parses an AAMVA payload. (Work in progress: raw data only.) */
export function parseAamva(bytes: Uint8Array): BarcodeResult {
  return { ...emptyBarcodeResult(), rawDataBase64: bytesToBase64(bytes), stringData: new TextDecoder('latin1').decode(bytes) };
}
