import { defaultBarcodeOptions, type BarcodeData, type BarcodeOptions } from '../../api/barcode.ts';
import type { Frame } from '../frame.ts';
import { enabledSymbologies } from './symbologies.ts';
import { emptyBarcodeData, toBarcodeData, type BarcodeCandidate } from './to-barcode-data.ts';
import type { ReaderOptions, ZxingReader } from './zxing-reader.ts';

/** Resolves nulls to the spec's defaults. */
export function resolveBarcodeOptions(options: BarcodeOptions): Required<{ [K in keyof BarcodeOptions]: boolean }> {
  const resolved = { ...defaultBarcodeOptions };
  for (const key of Object.keys(defaultBarcodeOptions) as Array<keyof BarcodeOptions>) {
    const value = options[key];
    if (typeof value === 'boolean') resolved[key] = value;
  }
  return resolved;
}

/** Reads the one barcode the caller asked for from a frame. */
export async function readBarcode(zxing: ZxingReader, frame: Frame, options: BarcodeOptions): Promise<BarcodeData> {
  const resolved = resolveBarcodeOptions(options);
  const symbologies = enabledSymbologies(resolved);
  if (symbologies.length === 0) return emptyBarcodeData;

  const readerOptions: ReaderOptions = {
    formats: symbologies.flatMap((s) => s.readFormats),
    tryHarder: true,
    tryRotate: true,
    tryInvert: resolved.scanInverse,
    tryDownscale: true,
    maxNumberOfSymbols: 8,
  };
  const results = await zxing.readBarcodes(frame, readerOptions);
  const first = results.find((r) => r.isValid);
  const candidate: BarcodeCandidate | undefined = first && {
    result: first,
    points: [first.position.topLeft, first.position.topRight, first.position.bottomRight, first.position.bottomLeft],
    uncertain: false,
  };
  return toBarcodeData(candidate);
}
