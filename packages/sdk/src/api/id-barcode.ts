import type { DateResult, ResultState } from './common.ts';
import type { BarcodeType } from './barcode.ts';

/**
 * Element keys as listed by the spec. The spec lists the first value with its full name
 * (`BARCODE_ELEMENT_KEY_DOCUMENT_TYPE`) and the rest with the shared prefix elided; every value
 * on the wire carries the prefix (see docs/decisions.md).
 */
export const barcodeElementKeyNames = [
  'DOCUMENT_TYPE',
  'STANDARD_VERSION_NUMBER',
  'CUSTOMER_FAMILY_NAME',
  'CUSTOMER_FIRST_NAME',
  'CUSTOMER_FULL_NAME',
  'DATE_OF_BIRTH',
  'SEX',
  'EYE_COLOR',
  'ADDRESS_STREET',
  'ADDRESS_CITY',
  'ADDRESS_JURISDICTION_CODE',
  'ADDRESS_POSTAL_CODE',
  'FULL_ADDRESS',
  'HEIGHT',
  'HEIGHT_IN',
  'HEIGHT_CM',
  'CUSTOMER_MIDDLE_NAME',
  'HAIR_COLOR',
  'NAME_SUFFIX',
  'AKA_FULL_NAME',
  'AKA_FAMILY_NAME',
  'AKA_GIVEN_NAME',
  'AKA_SUFFIX_NAME',
  'WEIGHT_RANGE',
  'WEIGHT_POUNDS',
  'WEIGHT_KILOGRAMS',
  'CUSTOMER_ID_NUMBER',
  'FAMILY_NAME_TRUNCATION',
  'FIRST_NAME_TRUNCATION',
  'MIDDLE_NAME_TRUNCATION',
  'PLACE_OF_BIRTH',
  'ADDRESS_STREET_2',
  'RACE_ETHNICITY',
  'NAME_PREFIX',
  'COUNTRY_IDENTIFICATION',
  'RESIDENCE_STREET_ADDRESS',
  'RESIDENCE_STREET_ADDRESS_2',
  'RESIDENCE_CITY',
  'RESIDENCE_JURISDICTION_CODE',
  'RESIDENCE_POSTAL_CODE',
  'RESIDENCE_FULL_ADDRESS',
  'UNDER_18',
  'UNDER_19',
  'UNDER_21',
  'SOCIAL_SECURITY_NUMBER',
  'AKA_SOCIAL_SECURITY_NUMBER',
  'AKA_MIDDLE_NAME',
  'AKA_PREFIX_NAME',
  'ORGAN_DONOR',
  'VETERAN',
  'AKA_DATE_OF_BIRTH',
  'ISSUER_IDENTIFICATION_NUMBER',
  'DOCUMENT_EXPIRATION_DATE',
  'JURISDICTION_VERSION_NUMBER',
  'JURISDICTION_VEHICLE_CLASS',
  'JURISDICTION_RESTRICTION_CODES',
  'JURISDICTION_ENDORSEMENT_CODES',
  'DOCUMENT_ISSUE_DATE',
  'FEDERAL_COMMERCIAL_VEHICLE_CODES',
  'ISSUING_JURISDICTION',
  'STANDARD_VEHICLE_CLASSIFICATION',
  'ISSUING_JURISDICTION_NAME',
  'STANDARD_ENDORSEMENT_CODE',
  'STANDARD_RESTRICTION_CODE',
  'JURISDICTION_VEHICLE_CLASSIFICATION_DESCRIPTION',
  'JURISDICTION_ENDORSMENT_CODE_DESCRIPTION',
  'JURISDICTION_RESTRICTION_CODE_DESCRIPTION',
  'INVENTORY_CONTROL_NUMBER',
  'CARD_REVISION_DATE',
  'DOCUMENT_DISCRIMINATOR',
  'LIMITED_DURATION_DOCUMENT',
  'AUDIT_INFORMATION',
  'COMPLIANCE_TYPE',
  'ISSUE_TIMESTAMP',
  'PERMIT_EXPIRATION_DATE',
  'PERMIT_IDENTIFIER',
  'PERMIT_ISSUE_DATE',
  'NUMBER_OF_DUPLICATES',
  'HAZMAT_EXPIRATION_DATE',
  'MEDICAL_INDICATOR',
  'NON_RESIDENT',
  'UNIQUE_CUSTOMER_ID',
  'DATA_DISCRIMINATOR',
  'DOCUMENT_EXPIRATION_MONTH',
  'DOCUMENT_NONEXPIRING',
  'SECURITY_VERSION',
  'SUB_FIELD_DESIGNATOR',
  'COUNT',
] as const;

export type BarcodeElementKeyName = (typeof barcodeElementKeyNames)[number];
export type BarcodeElementKey = `BARCODE_ELEMENT_KEY_${BarcodeElementKeyName}`;
export const barcodeElementKeys = barcodeElementKeyNames.map((name) => `BARCODE_ELEMENT_KEY_${name}` as BarcodeElementKey);

export interface AddressDetailedInfo {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  jurisdiction: string | null;
}

export interface BarcodeVehicleClassInfo {
  vehicleClass: string | null;
  licenceType: string | null;
  effectiveDate: DateResult | null;
  expiryDate: DateResult | null;
}

export interface BarcodeDriverLicenseDetailedInfo {
  restrictions: string | null;
  endorsements: string | null;
  vehicleClass: string | null;
  conditions: string | null;
  vehicleClassesInfo: BarcodeVehicleClassInfo[];
}

/** The spec's BarcodeResult: the decoded ID barcode and what its parser found. */
export interface BarcodeResult {
  rawDataBase64: string | null;
  stringData: string | null;
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  fullName: string | null;
  additionalNameInformation: string | null;
  address: string | null;
  placeOfBirth: string | null;
  nationality: string | null;
  race: string | null;
  religion: string | null;
  profession: string | null;
  maritalStatus: string | null;
  residentialStatus: string | null;
  employer: string | null;
  sex: string | null;
  documentNumber: string | null;
  personalIdNumber: string | null;
  documentAdditionalNumber: string | null;
  issuingAuthority: string | null;
  dateOfBirth: DateResult | null;
  dateOfIssue: DateResult | null;
  dateOfExpiry: DateResult | null;
  addressDetailedInfo: AddressDetailedInfo | null;
  driverLicenseDetailedInfo: BarcodeDriverLicenseDetailedInfo | null;
  extendedElements: Array<{ key: BarcodeElementKey; value: string }>;
  /** True when the AAMVA structure (header, subfile directory, subfiles) was valid. */
  parsed: boolean;
}

/** `data` of `POST /id-barcode`: BarcodeResult plus the recognition status and the symbology found. */
export interface IdBarcodeData extends BarcodeResult {
  barcodeType: BarcodeType | null;
  recognitionStatus: ResultState;
}
