import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { BarcodeOptions, BarcodeType } from '../../api/barcode.ts';

type ScanFlag = Extract<keyof BarcodeOptions, `scan${string}`>;

interface Symbology {
  /** The request flag that enables it. */
  flag: Exclude<ScanFlag, 'scanInverse' | 'scanUncertain'>;
  type: BarcodeType;
  /** zxing-cpp formats read for it. */
  readFormats: ReadInputBarcodeFormat[];
  /** 1D symbologies are the ones that profit from rotation and scale search. */
  linear: boolean;
}

/** The nine symbologies of the spec and how each maps onto zxing-cpp. */
export const symbologies: readonly Symbology[] = [
  { flag: 'scanQrCode', type: 'QR_CODE', readFormats: ['QRCode'], linear: false },
  { flag: 'scanUpce', type: 'UPC_E', readFormats: ['UPCE'], linear: true },
  { flag: 'scanUpca', type: 'UPC_A', readFormats: ['UPCA'], linear: true },
  { flag: 'scanEan8', type: 'EAN_8', readFormats: ['EAN8'], linear: true },
  { flag: 'scanEan13', type: 'EAN_13', readFormats: ['EAN13'], linear: true },
  { flag: 'scanCode128', type: 'CODE_128', readFormats: ['Code128'], linear: true },
  { flag: 'scanCode39', type: 'CODE_39', readFormats: ['Code39'], linear: true },
  { flag: 'scanItf', type: 'ITF', readFormats: ['ITF'], linear: true },
  { flag: 'scanPdf417', type: 'PDF417_BARCODE', readFormats: ['PDF417'], linear: false },
];

/** zxing-cpp output format name → the spec's BarcodeType. */
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
