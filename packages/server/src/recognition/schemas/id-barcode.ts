import { z } from '@hono/zod-openapi';
import { barcodeElementKeys } from '@idlens/sdk/api';
import { barcodeTypeSchema } from './barcode.ts';
import { dateResultStringSchema, imageSourceSchema, resultStateSchema, traceIdSchema, orNull } from './common.ts';

export const idBarcodeRequestSchema = z.object({ image: imageSourceSchema, traceId: traceIdSchema }).openapi('IdBarcodeRequest');

const s = () => z.string().nullable();

export const barcodeElementKeySchema = z.enum(barcodeElementKeys as [string, ...string[]]).openapi('BarcodeElementKey');

const barcodeResultShape = {
  rawDataBase64: s(),
  stringData: s(),
  firstName: s(),
  lastName: s(),
  middleName: s(),
  fullName: s(),
  additionalNameInformation: s(),
  address: s(),
  placeOfBirth: s(),
  nationality: s(),
  race: s(),
  religion: s(),
  profession: s(),
  maritalStatus: s(),
  residentialStatus: s(),
  employer: s(),
  sex: s(),
  documentNumber: s(),
  personalIdNumber: s(),
  documentAdditionalNumber: s(),
  issuingAuthority: s(),
  dateOfBirth: orNull(dateResultStringSchema),
  dateOfIssue: orNull(dateResultStringSchema),
  dateOfExpiry: orNull(dateResultStringSchema),
  addressDetailedInfo: z.object({ street: s(), postalCode: s(), city: s(), jurisdiction: s() }).nullable(),
  driverLicenseDetailedInfo: z
    .object({
      restrictions: s(),
      endorsements: s(),
      vehicleClass: s(),
      conditions: s(),
      vehicleClassesInfo: z.array(
        z.object({
          vehicleClass: s(),
          licenceType: s(),
          effectiveDate: orNull(dateResultStringSchema),
          expiryDate: orNull(dateResultStringSchema),
        }),
      ),
    })
    .nullable(),
  extendedElements: z.array(z.object({ key: barcodeElementKeySchema, value: z.string() })),
  parsed: z.boolean().openapi({ description: 'True when the AAMVA structure was valid' }),
};

export const barcodeResultSchema = z.object(barcodeResultShape).openapi('BarcodeResult');

export const idBarcodeDataSchema = z
  .object({ ...barcodeResultShape, barcodeType: orNull(barcodeTypeSchema), recognitionStatus: resultStateSchema })
  .openapi('IdBarcodeData');
