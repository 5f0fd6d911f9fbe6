import type { ResultState } from './common.ts';

export const barcodeTypes = ['NONE', 'QR_CODE', 'UPC_E', 'UPC_A', 'EAN_8', 'EAN_13', 'CODE_128', 'CODE_39', 'ITF', 'PDF417_BARCODE'] as const;
export type BarcodeType = (typeof barcodeTypes)[number];

/** Recognition options of `POST /barcode` (the request without `image` and `traceId`). All nullable: null = default. */
export interface BarcodeOptions {
  autoScaleDetection?: boolean | null;
  nullQuietZoneAllowed?: boolean | null;
  readCode39AsExtendedData?: boolean | null;
  scanCode128?: boolean | null;
  scanCode39?: boolean | null;
  scanEan13?: boolean | null;
  scanEan8?: boolean | null;
  scanInverse?: boolean | null;
  scanItf?: boolean | null;
  scanPdf417?: boolean | null;
  scanQrCode?: boolean | null;
  scanUncertain?: boolean | null;
  scanUpca?: boolean | null;
  scanUpce?: boolean | null;
  slowerThoroughScan?: boolean | null;
}

/** Defaults of the spec's BarcodeRequest. */
export const defaultBarcodeOptions: Required<{ [K in keyof BarcodeOptions]: boolean }> = {
  autoScaleDetection: true,
  nullQuietZoneAllowed: false,
  readCode39AsExtendedData: false,
  scanCode128: false,
  scanCode39: false,
  scanEan13: false,
  scanEan8: false,
  scanInverse: false,
  scanItf: false,
  scanPdf417: false,
  scanQrCode: false,
  scanUncertain: true,
  scanUpca: false,
  scanUpce: false,
  slowerThoroughScan: false,
};

/** Every symbology on, every other flag at its default: what a general-purpose scanner asks for. */
export const allSymbologies = {
  scanQrCode: true,
  scanPdf417: true,
  scanCode128: true,
  scanCode39: true,
  scanEan13: true,
  scanEan8: true,
  scanUpca: true,
  scanUpce: true,
  scanItf: true,
} as const satisfies BarcodeOptions;

/** `data` of the barcode response. */
export interface BarcodeData {
  barcodeType: BarcodeType | null;
  /** Base64 of the decoded bytes. */
  rawData: string | null;
  stringData: string | null;
  uncertain: boolean | null;
  detectionPoints: { points: Array<{ x: number; y: number }> } | null;
  recognitionStatus: ResultState;
}
