import type { BarcodeElementKeyName } from '../../api/id-barcode.ts';

/**
 * What an element's value looks like. The kind decides how a value is read (dates, sex) and, for
 * payloads whose separators were lost, how long a value must at least be and what it must start
 * with before the next element ID is believed (see `split-elements.ts`).
 */
export type AamvaElementKind =
  | 'text'
  /** Free text that is never empty (names, street, city, ID number). */
  | 'required-text'
  | 'date'
  | 'sex'
  | 'flag'
  | 'jurisdiction'
  | 'country'
  | 'height'
  | 'weight'
  | 'postal-code'
  | 'colour';

/** Which AAMVA versions an element definition belongs to: v1 (DL/ID-2000) reused some IDs later. */
export type AamvaVersionRange = 'v1' | 'v2+';

/** One data element of the AAMVA DL/ID Card Design Standard. */
export interface AamvaElementSpec {
  /** Three-character element ID, e.g. `DAQ`. */
  id: string;
  /** The standard's element name. */
  description: string;
  /** The spec's BarcodeElementKey (without the `BARCODE_ELEMENT_KEY_` prefix); null where the spec has none. */
  key: BarcodeElementKeyName | null;
  kind: AamvaElementKind;
  /** Absent: the definition holds in every version. */
  versions?: AamvaVersionRange;
}

/**
 * The data elements of the AAMVA DL/ID Card Design Standard: version 1 (AAMVA DL/ID-2000, Annex D)
 * through version 10 (2020). IDs whose meaning changed between v1 and later versions appear once per
 * range; `findElementSpec` picks the one matching the payload's version and falls back to the other
 * (jurisdictions mix old IDs into new payloads, e.g. DAR/DAT in version 3 cards).
 */
export const aamvaElements: readonly AamvaElementSpec[] = [
  // Names
  { id: 'DAA', description: 'Full name', key: 'CUSTOMER_FULL_NAME', kind: 'required-text' },
  { id: 'DAB', description: 'Family name (v1)', key: 'CUSTOMER_FAMILY_NAME', kind: 'required-text' },
  { id: 'DCS', description: 'Customer family name', key: 'CUSTOMER_FAMILY_NAME', kind: 'required-text' },
  { id: 'DAC', description: 'Customer first name', key: 'CUSTOMER_FIRST_NAME', kind: 'required-text' },
  // No key exists for "given names" (first + middle, v2–v3); the first-name key is the nearest.
  { id: 'DCT', description: 'Customer given names (v2–v3)', key: 'CUSTOMER_FIRST_NAME', kind: 'required-text' },
  { id: 'DAD', description: 'Customer middle name(s)', key: 'CUSTOMER_MIDDLE_NAME', kind: 'text' },
  { id: 'DAE', description: 'Name suffix (v1)', key: 'NAME_SUFFIX', kind: 'text' },
  { id: 'DCU', description: 'Name suffix', key: 'NAME_SUFFIX', kind: 'text' },
  { id: 'DAF', description: 'Name prefix (v1)', key: 'NAME_PREFIX', kind: 'text' },
  { id: 'DDE', description: 'Family name truncation', key: 'FAMILY_NAME_TRUNCATION', kind: 'flag' },
  { id: 'DDF', description: 'First name truncation', key: 'FIRST_NAME_TRUNCATION', kind: 'flag' },
  { id: 'DDG', description: 'Middle name truncation', key: 'MIDDLE_NAME_TRUNCATION', kind: 'flag' },

  // Mailing and residence address
  { id: 'DAG', description: 'Address – street 1', key: 'ADDRESS_STREET', kind: 'required-text' },
  { id: 'DAH', description: 'Address – street 2', key: 'ADDRESS_STREET_2', kind: 'text' },
  { id: 'DAI', description: 'Address – city', key: 'ADDRESS_CITY', kind: 'required-text' },
  { id: 'DAJ', description: 'Address – jurisdiction code', key: 'ADDRESS_JURISDICTION_CODE', kind: 'jurisdiction' },
  { id: 'DAK', description: 'Address – postal code', key: 'ADDRESS_POSTAL_CODE', kind: 'postal-code' },
  { id: 'DAL', description: 'Residence – street 1 (v1)', key: 'RESIDENCE_STREET_ADDRESS', kind: 'text' },
  { id: 'DAM', description: 'Residence – street 2 (v1)', key: 'RESIDENCE_STREET_ADDRESS_2', kind: 'text' },
  { id: 'DAN', description: 'Residence – city (v1)', key: 'RESIDENCE_CITY', kind: 'text' },
  { id: 'DAO', description: 'Residence – jurisdiction code (v1)', key: 'RESIDENCE_JURISDICTION_CODE', kind: 'jurisdiction' },
  { id: 'DAP', description: 'Residence – postal code (v1)', key: 'RESIDENCE_POSTAL_CODE', kind: 'postal-code' },

  // Document
  { id: 'DAQ', description: 'Customer ID number', key: 'CUSTOMER_ID_NUMBER', kind: 'required-text' },
  { id: 'DBA', description: 'Document expiration date', key: 'DOCUMENT_EXPIRATION_DATE', kind: 'date' },
  { id: 'DBB', description: 'Date of birth', key: 'DATE_OF_BIRTH', kind: 'date' },
  { id: 'DBD', description: 'Document issue date', key: 'DOCUMENT_ISSUE_DATE', kind: 'date' },
  { id: 'DBE', description: 'Issue timestamp (v1)', key: 'ISSUE_TIMESTAMP', kind: 'text' },
  { id: 'DBF', description: 'Number of duplicates (v1)', key: 'NUMBER_OF_DUPLICATES', kind: 'text' },
  { id: 'DCF', description: 'Document discriminator', key: 'DOCUMENT_DISCRIMINATOR', kind: 'text' },
  { id: 'DCG', description: 'Country identification', key: 'COUNTRY_IDENTIFICATION', kind: 'country' },
  { id: 'DCJ', description: 'Audit information', key: 'AUDIT_INFORMATION', kind: 'text' },
  { id: 'DCK', description: 'Inventory control number', key: 'INVENTORY_CONTROL_NUMBER', kind: 'text' },
  { id: 'DDA', description: 'Compliance type', key: 'COMPLIANCE_TYPE', kind: 'flag' },
  { id: 'DDB', description: 'Card revision date', key: 'CARD_REVISION_DATE', kind: 'date' },
  { id: 'DDD', description: 'Limited duration document indicator', key: 'LIMITED_DURATION_DOCUMENT', kind: 'flag' },
  { id: 'DBJ', description: 'Unique customer identifier (v1)', key: 'UNIQUE_CUSTOMER_ID', kind: 'text' },

  // Physical description
  { id: 'DBC', description: 'Sex', key: 'SEX', kind: 'sex' },
  { id: 'DAY', description: 'Eye colour', key: 'EYE_COLOR', kind: 'colour' },
  { id: 'DAZ', description: 'Hair colour', key: 'HAIR_COLOR', kind: 'colour' },
  { id: 'DAU', description: 'Height', key: 'HEIGHT', kind: 'height' },
  { id: 'DAV', description: 'Height in centimetres (v1)', key: 'HEIGHT_CM', kind: 'height' },
  { id: 'DAW', description: 'Weight in pounds', key: 'WEIGHT_POUNDS', kind: 'weight' },
  { id: 'DAX', description: 'Weight in kilograms', key: 'WEIGHT_KILOGRAMS', kind: 'weight' },
  { id: 'DCE', description: 'Weight range', key: 'WEIGHT_RANGE', kind: 'flag' },
  { id: 'DCL', description: 'Race / ethnicity', key: 'RACE_ETHNICITY', kind: 'text' },
  { id: 'DCI', description: 'Place of birth', key: 'PLACE_OF_BIRTH', kind: 'text' },

  // Licence classes, restrictions, endorsements
  { id: 'DCA', description: 'Jurisdiction-specific vehicle class', key: 'JURISDICTION_VEHICLE_CLASS', kind: 'text' },
  { id: 'DCB', description: 'Jurisdiction-specific restriction codes', key: 'JURISDICTION_RESTRICTION_CODES', kind: 'text' },
  { id: 'DCD', description: 'Jurisdiction-specific endorsement codes', key: 'JURISDICTION_ENDORSEMENT_CODES', kind: 'text' },
  { id: 'DAR', description: 'Licence classification code (v1)', key: 'JURISDICTION_VEHICLE_CLASS', kind: 'text' },
  { id: 'DAS', description: 'Licence restriction code (v1)', key: 'JURISDICTION_RESTRICTION_CODES', kind: 'text' },
  { id: 'DAT', description: 'Licence endorsements code (v1)', key: 'JURISDICTION_ENDORSEMENT_CODES', kind: 'text' },
  { id: 'DCH', description: 'Federal commercial vehicle codes (v2–v3)', key: 'FEDERAL_COMMERCIAL_VEHICLE_CODES', kind: 'text' },
  { id: 'DCM', description: 'Standard vehicle classification', key: 'STANDARD_VEHICLE_CLASSIFICATION', kind: 'text' },
  { id: 'DCN', description: 'Standard endorsement code', key: 'STANDARD_ENDORSEMENT_CODE', kind: 'text' },
  { id: 'DCO', description: 'Standard restriction code', key: 'STANDARD_RESTRICTION_CODE', kind: 'text' },
  { id: 'DCP', description: 'Jurisdiction-specific vehicle classification description', key: 'JURISDICTION_VEHICLE_CLASSIFICATION_DESCRIPTION', kind: 'text' },
  { id: 'DCQ', description: 'Jurisdiction-specific endorsement code description', key: 'JURISDICTION_ENDORSMENT_CODE_DESCRIPTION', kind: 'text' },
  { id: 'DCR', description: 'Jurisdiction-specific restriction code description', key: 'JURISDICTION_RESTRICTION_CODE_DESCRIPTION', kind: 'text' },
  { id: 'DDC', description: 'HAZMAT endorsement expiration date', key: 'HAZMAT_EXPIRATION_DATE', kind: 'date' },

  // Age thresholds and indicators
  { id: 'DDH', description: 'Under 18 until', key: 'UNDER_18', kind: 'date' },
  { id: 'DDI', description: 'Under 19 until', key: 'UNDER_19', kind: 'date' },
  { id: 'DDJ', description: 'Under 21 until', key: 'UNDER_21', kind: 'date' },
  { id: 'DDK', description: 'Organ donor indicator', key: 'ORGAN_DONOR', kind: 'flag' },
  { id: 'DDL', description: 'Veteran indicator', key: 'VETERAN', kind: 'flag' },
  { id: 'DBH', description: 'Organ donor (v1)', key: 'ORGAN_DONOR', kind: 'text' },
  { id: 'DBG', description: 'Medical indicator / codes (v1)', key: 'MEDICAL_INDICATOR', kind: 'text', versions: 'v1' },
  { id: 'DBI', description: 'Non-resident indicator (v1)', key: 'NON_RESIDENT', kind: 'text' },
  { id: 'DBK', description: 'Social security number (v1)', key: 'SOCIAL_SECURITY_NUMBER', kind: 'text' },

  // Aliases (AKA): v1 had a full set, later versions keep family, given and suffix under other IDs
  { id: 'DBL', description: 'AKA date of birth (v1)', key: 'AKA_DATE_OF_BIRTH', kind: 'date' },
  { id: 'DBM', description: 'AKA social security number (v1)', key: 'AKA_SOCIAL_SECURITY_NUMBER', kind: 'text' },
  { id: 'DBN', description: 'AKA full name (v1)', key: 'AKA_FULL_NAME', kind: 'text', versions: 'v1' },
  { id: 'DBN', description: 'Alias / AKA family name', key: 'AKA_FAMILY_NAME', kind: 'text', versions: 'v2+' },
  { id: 'DBO', description: 'AKA family name (v1)', key: 'AKA_FAMILY_NAME', kind: 'text' },
  { id: 'DBP', description: 'AKA first name (v1)', key: 'AKA_GIVEN_NAME', kind: 'text' },
  { id: 'DBG', description: 'Alias / AKA given name', key: 'AKA_GIVEN_NAME', kind: 'text', versions: 'v2+' },
  { id: 'DBQ', description: 'AKA middle name (v1)', key: 'AKA_MIDDLE_NAME', kind: 'text' },
  { id: 'DBR', description: 'AKA suffix (v1)', key: 'AKA_SUFFIX_NAME', kind: 'text' },
  { id: 'DBS', description: 'AKA prefix (v1)', key: 'AKA_PREFIX_NAME', kind: 'text', versions: 'v1' },
  { id: 'DBS', description: 'Alias / AKA suffix name', key: 'AKA_SUFFIX_NAME', kind: 'text', versions: 'v2+' },

  // Permit subfile elements (v1)
  { id: 'PAA', description: 'Permit classification code (v1)', key: null, kind: 'text' },
  { id: 'PAB', description: 'Permit expiration date (v1)', key: 'PERMIT_EXPIRATION_DATE', kind: 'date' },
  { id: 'PAC', description: 'Permit identifier (v1)', key: 'PERMIT_IDENTIFIER', kind: 'text' },
  { id: 'PAD', description: 'Permit issue date (v1)', key: 'PERMIT_ISSUE_DATE', kind: 'date' },
  { id: 'PAE', description: 'Permit restriction code (v1)', key: null, kind: 'text' },
  { id: 'PAF', description: 'Permit endorsement code (v1)', key: null, kind: 'text' },
];

/** The version range a payload's AAMVA version falls in (unknown versions are treated as current). */
export function versionRangeOf(aamvaVersion: number | null): AamvaVersionRange {
  return aamvaVersion !== null && aamvaVersion <= 1 ? 'v1' : 'v2+';
}

/** The definition of an element ID for a payload version, or undefined for IDs the standard does not define. */
export function findElementSpec(id: string, aamvaVersion: number | null): AamvaElementSpec | undefined {
  const range = versionRangeOf(aamvaVersion);
  let fallback: AamvaElementSpec | undefined;
  for (const spec of aamvaElements) {
    if (spec.id !== id) continue;
    if (spec.versions === undefined || spec.versions === range) return spec;
    fallback ??= spec;
  }
  return fallback;
}
