import { z } from '@hono/zod-openapi';
import { barcodeTypes, defaultBarcodeOptions } from '@idlens/sdk/api';
import { imageSourceSchema, nullableBoolean, pointSchema, resultStateSchema, traceIdSchema, orNull } from './common.ts';

const describedFlags = {
  autoScaleDetection: 'Corrects image scale before reading (Code 39 and Code 128)',
  nullQuietZoneAllowed: 'Allows barcodes without a quiet zone; slower',
  readCode39AsExtendedData: 'Reads Code 39 content as extended (full ASCII) data',
  scanCode128: 'Scan Code 128',
  scanCode39: 'Scan Code 39',
  scanEan13: 'Scan EAN-13',
  scanEan8: 'Scan EAN-8',
  scanInverse: 'Scan inverted-intensity barcodes; about doubles processing time',
  scanItf: 'Scan ITF',
  scanPdf417: 'Scan PDF417',
  scanQrCode: 'Scan QR',
  scanUncertain: 'Also return reads that are not fully confirmed, marked uncertain',
  scanUpca: 'Scan UPC-A',
  scanUpce: 'Scan UPC-E',
  slowerThoroughScan: 'Slower, more thorough image processing',
} as const satisfies Record<keyof typeof defaultBarcodeOptions, string>;

const flagSchemas = Object.fromEntries(
  Object.entries(describedFlags).map(([flag, description]) => [
    flag,
    nullableBoolean.openapi({ description, default: defaultBarcodeOptions[flag as keyof typeof defaultBarcodeOptions] }),
  ]),
) as { [K in keyof typeof describedFlags]: typeof nullableBoolean };

export const barcodeRequestSchema = z.object({ image: imageSourceSchema, traceId: traceIdSchema, ...flagSchemas }).openapi('BarcodeRequest');

export const barcodeTypeSchema = z.enum(barcodeTypes).openapi('BarcodeType');

export const barcodeDataSchema = z
  .object({
    barcodeType: orNull(barcodeTypeSchema),
    rawData: z.string().nullable().openapi({ description: 'Base64 of the decoded bytes' }),
    stringData: z.string().nullable(),
    uncertain: z.boolean().nullable(),
    detectionPoints: z.object({ points: z.array(pointSchema) }).nullable(),
    recognitionStatus: resultStateSchema,
  })
  .openapi('BarcodeData');
