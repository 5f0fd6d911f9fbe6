import type { BarcodeResult } from '../../api/id-barcode.ts';

/** A BarcodeResult with every field empty and `parsed: false`. Its key order is the spec's. */
export function emptyBarcodeResult(): BarcodeResult {
  return {
    rawDataBase64: null,
    stringData: null,
    firstName: null,
    lastName: null,
    middleName: null,
    fullName: null,
    additionalNameInformation: null,
    address: null,
    placeOfBirth: null,
    nationality: null,
    race: null,
    religion: null,
    profession: null,
    maritalStatus: null,
    residentialStatus: null,
    employer: null,
    sex: null,
    documentNumber: null,
    personalIdNumber: null,
    documentAdditionalNumber: null,
    issuingAuthority: null,
    dateOfBirth: null,
    dateOfIssue: null,
    dateOfExpiry: null,
    addressDetailedInfo: null,
    driverLicenseDetailedInfo: null,
    extendedElements: [],
    parsed: false,
  };
}
