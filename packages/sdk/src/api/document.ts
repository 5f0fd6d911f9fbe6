import type { AnonymizationMode, DateResult, ResultState } from './common.ts';
import type { ImageFormat } from './card.ts';
import type { BarcodeResult } from './id-barcode.ts';

export const alphabetTypes = ['LATIN', 'ARABIC', 'CYRILLIC', 'GREEK'] as const;
export type AlphabetType = (typeof alphabetTypes)[number];

/** What kind of document was read: `COUNTRY_…`, `REGION_…`, `TYPE_…` (`…_NONE` when not known). */
export interface DocumentClassInfo {
  country: string | null;
  region: string | null;
  type: string | null;
}

/** A class of documents: the parts it names (not null, not `…_NONE`) must equal the document's. */
export interface DocumentFilter {
  country?: string | null;
  region?: string | null;
  type?: string | null;
}

export interface CustomDocumentAnonymizationSettings {
  documentFilter?: DocumentFilter | null;
  fields?: string[] | null;
  documentNumberAnonymizationSettings?: { prefixDigitsVisible?: number | null; suffixDigitsVisible?: number | null } | null;
}

export interface CustomDocumentRule {
  documentFilter?: DocumentFilter | null;
  fields?: Array<{ fieldType?: string | null; alphabetType?: AlphabetType | null }> | null;
}

/** Recognition options of `POST /document-multi-side` (and, where meaningful for one side, single-side). */
export interface DocumentOptions {
  returnFullDocumentImage?: boolean | null;
  returnFaceImage?: boolean | null;
  returnSignatureImage?: boolean | null;
  skipImagesWithBlur?: boolean | null;
  scanUnsupportedSecondSide?: boolean | null;
  enableCharacterValidation?: boolean | null;
  enableBarcodeScanOnly?: boolean | null;
  anonymizationMode?: AnonymizationMode | null;
  customDocumentAnonymizationSettings?: CustomDocumentAnonymizationSettings[] | null;
  customDocumentRules?: CustomDocumentRule[] | null;
  documentFilter?: DocumentFilter | null;
  imageFormat?: ImageFormat | null;
  ageLimit?: number | null;
  scanCroppedDocumentImage?: boolean | null;
  allowUncertainFirstSideScan?: boolean | null;
  scanPassportDataPageOnly?: boolean | null;
  maxAllowedMismatchesPerField?: number | null;
  skipImagesWithInadequateLightingConditions?: boolean | null;
  skipImagesOccludedByHand?: boolean | null;
  /**
   * Not a request field: which endpoint the options came to. `true` for `/document-multi-side` (also
   * with one image: `allowUncertainFirstSideScan` then applies), `false` for `/document-single-side`.
   * Default: whether a second image was given.
   */
  multiSide?: boolean | null;
}

export interface Location {
  topLeftCorner: { x: number; y: number };
  dimensions: { width: number; height: number };
  side: 'FIRST' | 'SECOND';
}

export interface StringResult {
  latin: string | null;
  cyrillic: string | null;
  arabic: string | null;
  greek: string | null;
  latinLocation: Location | null;
  cyrillicLocation: Location | null;
  arabicLocation: Location | null;
  greekLocation: Location | null;
}

export type DocumentDate = DateResult<StringResult>;

/** The StringResult fields of the document output, in the spec's order. */
export const documentStringFields = [
  'firstName',
  'lastName',
  'fullName',
  'address',
  'documentNumber',
  'sex',
  'bloodType',
  'sponsor',
  'visaType',
  'documentSubtype',
  'remarks',
  'residencePermitType',
  'manufacturingYear',
  'vehicleType',
  'eligibilityCategory',
  'specificDocumentValidity',
  'vehicleOwner',
  'certificateNumber',
  'countryCode',
  'nationalInsuranceNumber',
  'additionalNameInformation',
  'additionalAddressInformation',
  'additionalOptionalAddressInformation',
  'placeOfBirth',
  'nationality',
  'race',
  'religion',
  'profession',
  'maritalStatus',
  'residentialStatus',
  'employer',
  'personalIdNumber',
  'documentAdditionalNumber',
  'documentOptionalAdditionalNumber',
  'issuingAuthority',
  'fathersName',
  'mothersName',
] as const;
export type DocumentStringField = (typeof documentStringFields)[number];

export const documentDateFields = ['dateOfBirth', 'dateOfIssue', 'dateOfExpiry', 'dateOfEntry', 'effectiveDate'] as const;
export type DocumentDateField = (typeof documentDateFields)[number];

/**
 * The FieldType values of `customDocumentRules` and `customDocumentAnonymizationSettings`, and of the
 * field lists in `additionalProcessingInfo`: the names of the result's StringResult and date fields.
 */
export const documentFieldTypes: readonly DocumentFieldType[] = [...documentStringFields, ...documentDateFields];
export type DocumentFieldType = DocumentStringField | DocumentDateField;

/**
 * The field a FieldType names, or null for none: the result's field name (`documentNumber`), or the
 * same in capitals with underscores (`DOCUMENT_NUMBER`), as other document APIs spell it.
 */
export function documentFieldTypeOf(name: string): DocumentFieldType | null {
  const camel = /^[A-Z0-9_]+$/.test(name) ? name.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : name;
  return (documentFieldTypes as readonly string[]).includes(camel) ? (camel as DocumentFieldType) : null;
}

export interface DocumentImageResult {
  image: string;
}

export interface LocatedImageResult {
  image: string;
  location: { topLeftCorner: { x: number; y: number }; dimensions: { width: number; height: number } };
  side: 'FIRST' | 'SECOND';
}

export interface DriverLicenseDetailedInfo {
  restrictions: StringResult | null;
  endorsements: StringResult | null;
  vehicleClass: StringResult | null;
  conditions: StringResult | null;
  vehicleClassesInfo: Array<{
    vehicleClass: StringResult | null;
    licenceType: StringResult | null;
    effectiveDate: DocumentDate | null;
    expiryDate: DocumentDate | null;
  }>;
}

export const mrzTypes = ['TD1', 'TD2', 'TD3', 'MRVA', 'MRVB'] as const;
export type MrzType = (typeof mrzTypes)[number];

export interface MrzData {
  rawMrzString: string;
  documentCode: string;
  issuer: string;
  documentNumber: string;
  opt1: string;
  opt2: string;
  gender: string;
  nationality: string;
  primaryId: string;
  secondaryId: string;
  dateOfBirth: DateResult | null;
  dateOfExpiry: DateResult | null;
  verified: boolean;
  mrzType: MrzType;
}

export const dataMatchStates = ['MATCH', 'MISMATCH', 'NOT_PERFORMED'] as const;
export type DataMatchState = (typeof dataMatchStates)[number];

export interface DataMatchResult {
  dateOfBirth: DataMatchState;
  dateOfExpiry: DataMatchState;
  documentNumber: DataMatchState;
  overall: DataMatchState;
}

export interface AdditionalProcessingInfo {
  missingMandatoryFields: string[] | null;
  invalidCharacterFields: string[] | null;
  extraPresentFields: string[] | null;
  imageExtractionFailures: string[] | null;
}

/** `data` of the document responses. */
export type DocumentData = { [K in DocumentStringField]: StringResult | null } & {
  [K in DocumentDateField]: DocumentDate | null;
} & {
  fullDocumentFirstSideImage: DocumentImageResult | null;
  fullDocumentSecondSideImage: DocumentImageResult | null;
  faceImage: LocatedImageResult | null;
  signatureImage: LocatedImageResult | null;
  driverLicenseDetailedInfo: DriverLicenseDetailedInfo | null;
  dependentsInfo: Array<{
    dateOfBirth: DocumentDate | null;
    sex: StringResult | null;
    documentNumber: StringResult | null;
    fullName: StringResult | null;
  }> | null;
  parentsInfo: Array<{ firstName: StringResult | null; lastName: StringResult | null }> | null;
  processingStatus: string;
  documentClassInfo: DocumentClassInfo | null;
  mrzData: MrzData | null;
  barcodeData: BarcodeResult | null;
  dataMatch: DataMatchResult | null;
  recognitionStatus: ResultState;
  additionalProcessingInfo: AdditionalProcessingInfo | null;
  /** Holder's age in whole years on the day of recognition (from the date of birth), when known. */
  age: number | null;
  /** Whether the holder is younger than the request's `ageLimit` (null without one, or without a birth date). */
  isBelowAgeLimit: boolean | null;
};
