import type { ZxingReadFormat } from './zxing-reader.ts';
import type { BarcodeOptions, BarcodeType } from '../../api/barcode.ts';

type ScanFlag = Extract<keyof BarcodeOptions, `scan${string}`>;

/** One of the spec's nine symbologies and how it maps onto zxing-cpp. */
export interface Symbology {
  /** The request flag that enables it. */
  flag: Exclude<ScanFlag, 'scanInverse' | 'scanUncertain'>;
  type: BarcodeType;
  /** zxing-cpp formats read for it. */
  readFormats: ZxingReadFormat[];
  /** Formats read instead when `readCode39AsExtendedData` is set (only Code 39 has any). */
  extendedReadFormats?: ZxingReadFormat[];
  /**
   * 1D symbologies: they profit from bar-region views, rotation and bar sharpening, and their reads
   * carry no error correction, so they need corroboration before they count as certain.
   */
  linear: boolean;
  /** Read in rescaled passes only when `autoScaleDetection` is on (the spec limits that flag to these). */
  autoScaled: boolean;
}

/**
 * The nine symbologies of the spec. Code 39 reads as `Code39Std` (the symbol's literal characters)
 * unless the client asks for extended data, then as zxing's `Code39`, which returns the full-ASCII
 * interpretation whenever the symbol is valid full ASCII (`Code39Ext` alone would miss symbols
 * without shift characters).
 */
export const symbologies: readonly Symbology[] = [
  { flag: 'scanQrCode', type: 'QR_CODE', readFormats: ['QRCode'], linear: false, autoScaled: false },
  { flag: 'scanUpce', type: 'UPC_E', readFormats: ['UPCE'], linear: true, autoScaled: false },
  { flag: 'scanUpca', type: 'UPC_A', readFormats: ['UPCA'], linear: true, autoScaled: false },
  { flag: 'scanEan8', type: 'EAN_8', readFormats: ['EAN8'], linear: true, autoScaled: false },
  { flag: 'scanEan13', type: 'EAN_13', readFormats: ['EAN13'], linear: true, autoScaled: false },
  { flag: 'scanCode128', type: 'CODE_128', readFormats: ['Code128'], linear: true, autoScaled: true },
  { flag: 'scanCode39', type: 'CODE_39', readFormats: ['Code39Std'], extendedReadFormats: ['Code39'], linear: true, autoScaled: true },
  { flag: 'scanItf', type: 'ITF', readFormats: ['ITF'], linear: true, autoScaled: false },
  { flag: 'scanPdf417', type: 'PDF417_BARCODE', readFormats: ['PDF417'], linear: false, autoScaled: false },
];

/** zxing-cpp output format name → the spec's BarcodeType (before the UPC rules of `normalizeRead`). */
const typeByZxingFormat: Record<string, BarcodeType> = {
  QRCode: 'QR_CODE',
  QRCodeModel1: 'QR_CODE',
  QRCodeModel2: 'QR_CODE',
  UPCE: 'UPC_E',
  UPCA: 'UPC_A',
  EAN8: 'EAN_8',
  EAN13: 'EAN_13',
  Code128: 'CODE_128',
  Code39: 'CODE_39',
  Code39Ext: 'CODE_39',
  Code39Std: 'CODE_39',
  ITF: 'ITF',
  ITF14: 'ITF',
  PDF417: 'PDF417_BARCODE',
  CompactPDF417: 'PDF417_BARCODE',
};

export function barcodeTypeOf(zxingFormat: string): BarcodeType | undefined {
  return typeByZxingFormat[zxingFormat];
}

export function enabledSymbologies(options: BarcodeOptions): Symbology[] {
  return symbologies.filter((s) => options[s.flag] === true);
}

/** The zxing formats to ask for, for these symbologies. */
export function readFormatsOf(enabled: readonly Symbology[], extendedCode39: boolean): ZxingReadFormat[] {
  return enabled.flatMap((s) => (extendedCode39 && s.extendedReadFormats) || s.readFormats);
}

export function isLinearType(type: BarcodeType): boolean {
  return symbologies.some((s) => s.type === type && s.linear);
}
