import type { IdBarcodeData } from '../../api/id-barcode.ts';
import { readBarcode } from '../barcode/read-barcode.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';
import type { Frame } from '../../core/frame.ts';
import { base64ToBytes } from '../../core/base64.ts';
import { missingMandatoryFields } from './aamva-mandatory.ts';
import { emptyBarcodeResult, parseAamva } from './parse-aamva.ts';

/**
 * Finds the ID barcode (PDF417 on US/Canadian licences) and parses its AAMVA payload. `VALID` takes
 * both a certain read and a payload whose mandatory elements parse (`aamva-mandatory.ts`); either
 * alone is `UNCERTAIN`.
 */
export async function readIdBarcode(zxing: ZxingReader, frame: Frame): Promise<IdBarcodeData> {
  // ID barcodes are dense PDF417s, often small in a full-card photo: always scan thoroughly.
  const barcode = await readBarcode(zxing, frame, { scanPdf417: true, slowerThoroughScan: true });
  if (barcode.rawData === null) {
    return { ...emptyBarcodeResult(), barcodeType: null, recognitionStatus: 'EMPTY' };
  }
  const parsed = parseAamva(base64ToBytes(barcode.rawData));
  const confirmed = barcode.uncertain !== true && missingMandatoryFields(parsed).length === 0;
  return { ...parsed, barcodeType: barcode.barcodeType, recognitionStatus: confirmed ? 'VALID' : 'UNCERTAIN' };
}
