import { z } from '@hono/zod-openapi';
import { alphabetTypes, dataMatchStates, documentDateFields, documentFieldTypeOf, documentStringFields, imageFormats, mrzTypes } from '@idlens/sdk/api';
import { barcodeResultSchema } from './id-barcode.ts';
import {
  anonymizationModeSchema,
  dateResultSchema,
  dateResultStringSchema,
  imageSourceSchema,
  nullableBoolean,
  resultStateSchema,
  traceIdSchema,
  orNull,
} from './common.ts';

/** A filter part: its prefix and capitals, digits and underscores (`COUNTRY_USA`, `REGION_VIRGINIA`, `TYPE_DL`). */
const classValue = (prefix: string) =>
  z
    .string()
    .max(64)
    .regex(new RegExp(`^${prefix}[A-Z0-9_]+$`), `a ${prefix}… value`)
    .nullish();

const documentFilterSchema = z
  .object({ country: classValue('COUNTRY_'), region: classValue('REGION_'), type: classValue('TYPE_') })
  .openapi('DocumentFilter', { description: 'A class of documents: the parts it names (not null, not …_NONE) must equal the document’s documentClassInfo' });

const fieldTypeSchema = z
  .string()
  .max(64)
  .refine((name) => documentFieldTypeOf(name) !== null, { message: 'names no document field (a result field name such as documentNumber, or DOCUMENT_NUMBER)' })
  .openapi('FieldType', { description: 'A result field: its name (documentNumber) or the same in capitals with underscores (DOCUMENT_NUMBER)' });
const digitsVisible = z.number().int().min(0).max(64).nullish();

/** Options shared by multi-side and single-side (single-side ignores the second-side ones). */
const documentOptionsShape = {
  returnFullDocumentImage: nullableBoolean,
  returnFaceImage: nullableBoolean,
  returnSignatureImage: nullableBoolean,
  skipImagesWithBlur: nullableBoolean,
  scanUnsupportedSecondSide: nullableBoolean,
  enableCharacterValidation: nullableBoolean,
  enableBarcodeScanOnly: nullableBoolean,
  anonymizationMode: orNull(anonymizationModeSchema).optional(),
  customDocumentAnonymizationSettings: z
    .array(
      z.object({
        documentFilter: orNull(documentFilterSchema).optional(),
        fields: z.array(fieldTypeSchema).max(100).nullish(),
        documentNumberAnonymizationSettings: z.object({ prefixDigitsVisible: digitsVisible, suffixDigitsVisible: digitsVisible }).nullish(),
      }),
    )
    .max(100)
    .nullish(),
  customDocumentRules: z
    .array(
      z.object({
        documentFilter: orNull(documentFilterSchema).optional(),
        // A rule's field names its field type: without one (null, absent) it asks for nothing the engine could check.
        fields: z
          .array(z.object({ fieldType: fieldTypeSchema, alphabetType: orNull(z.enum(alphabetTypes).openapi('AlphabetType')).optional() }))
          .max(100)
          .nullish(),
      }),
    )
    .max(100)
    .nullish(),
  documentFilter: orNull(documentFilterSchema).optional(),
  imageFormat: z.enum(imageFormats).nullish(),
  ageLimit: z.number().int().min(0).max(150).nullish(),
  scanCroppedDocumentImage: nullableBoolean,
  allowUncertainFirstSideScan: nullableBoolean,
  scanPassportDataPageOnly: nullableBoolean,
  maxAllowedMismatchesPerField: z.number().int().min(0).max(64).nullish(),
  skipImagesWithInadequateLightingConditions: nullableBoolean,
  skipImagesOccludedByHand: nullableBoolean,
  traceId: traceIdSchema,
};

export const multiSideRequestSchema = z
  .object({ imageFirstSide: imageSourceSchema, imageSecondSide: orNull(imageSourceSchema).optional(), ...documentOptionsShape })
  .openapi('MultiSideRequest');

export const singleSideRequestSchema = z.object({ image: imageSourceSchema, ...documentOptionsShape }).openapi('SingleSideRequest');

const xy = z.object({ x: z.number(), y: z.number() });
const wh = z.object({ width: z.number(), height: z.number() });
const side = z.enum(['FIRST', 'SECOND']);
const locationSchema = z.object({ topLeftCorner: xy, dimensions: wh, side }).openapi('Location');

export const stringResultSchema = z
  .object({
    latin: z.string().nullable(),
    cyrillic: z.string().nullable(),
    arabic: z.string().nullable(),
    greek: z.string().nullable(),
    latinLocation: orNull(locationSchema),
    cyrillicLocation: orNull(locationSchema),
    arabicLocation: orNull(locationSchema),
    greekLocation: orNull(locationSchema),
  })
  .openapi('StringResult');
const sr = () => orNull(stringResultSchema);
const documentDateSchema = dateResultSchema(stringResultSchema, 'DocumentDate');
const dd = () => orNull(documentDateSchema);

const locatedImage = z.object({ image: z.string(), location: z.object({ topLeftCorner: xy, dimensions: wh }), side }).nullable();

export const mrzDataSchema = z
  .object({
    rawMrzString: z.string(),
    documentCode: z.string(),
    issuer: z.string(),
    documentNumber: z.string(),
    opt1: z.string(),
    opt2: z.string(),
    gender: z.string(),
    nationality: z.string(),
    primaryId: z.string(),
    secondaryId: z.string(),
    dateOfBirth: orNull(dateResultStringSchema),
    dateOfExpiry: orNull(dateResultStringSchema),
    verified: z.boolean().openapi({ description: 'All check digits pass' }),
    mrzType: z.enum(mrzTypes),
  })
  .openapi('MrzData');

const dataMatch = z.enum(dataMatchStates);
const fieldList = () => z.array(z.string()).nullable();

export const documentDataSchema = z
  .object({
    ...Object.fromEntries(documentStringFields.map((f) => [f, sr()])),
    ...Object.fromEntries(documentDateFields.map((f) => [f, dd()])),
    fullDocumentFirstSideImage: z.object({ image: z.string() }).nullable(),
    fullDocumentSecondSideImage: z.object({ image: z.string() }).nullable(),
    faceImage: locatedImage,
    signatureImage: locatedImage,
    driverLicenseDetailedInfo: z
      .object({
        restrictions: sr(),
        endorsements: sr(),
        vehicleClass: sr(),
        conditions: sr(),
        vehicleClassesInfo: z.array(z.object({ vehicleClass: sr(), licenceType: sr(), effectiveDate: dd(), expiryDate: dd() })),
      })
      .nullable(),
    dependentsInfo: z.array(z.object({ dateOfBirth: dd(), sex: sr(), documentNumber: sr(), fullName: sr() })).nullable(),
    parentsInfo: z.array(z.object({ firstName: sr(), lastName: sr() })).nullable(),
    processingStatus: z.string(),
    documentClassInfo: z.object({ country: z.string().nullable(), region: z.string().nullable(), type: z.string().nullable() }).nullable(),
    mrzData: orNull(mrzDataSchema),
    barcodeData: orNull(barcodeResultSchema),
    dataMatch: z.object({ dateOfBirth: dataMatch, dateOfExpiry: dataMatch, documentNumber: dataMatch, overall: dataMatch }).nullable(),
    recognitionStatus: resultStateSchema,
    additionalProcessingInfo: z
      .object({
        missingMandatoryFields: fieldList(),
        invalidCharacterFields: fieldList(),
        extraPresentFields: fieldList(),
        imageExtractionFailures: fieldList(),
      })
      .nullable(),
    age: z.number().int().nullable().openapi({ description: "Holder's age in whole years on the day of recognition, from the date of birth" }),
    isBelowAgeLimit: z.boolean().nullable().openapi({ description: 'Holder younger than the request ageLimit (null without ageLimit or birth date)' }),
  })
  .openapi('DocumentData');
