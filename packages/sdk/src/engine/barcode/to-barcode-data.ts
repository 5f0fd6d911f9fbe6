import type { BarcodeData } from '../../api/barcode.ts';
import { bytesToBase64 } from '../util/base64.ts';
import { barcodeTypeOf } from './symbologies.ts';
import type { ReadResult } from './zxing-reader.ts';

export const emptyBarcodeData: BarcodeData = {
  barcodeType: null,
  rawData: null,
  stringData: null,
  uncertain: null,
  detectionPoints: null,
  recognitionStatus: 'EMPTY',
};

/** A read in the coordinates of the original frame. */
export interface BarcodeCandidate {
  result: ReadResult;
  /** Corner points mapped back to the original frame. */
  points: Array<{ x: number; y: number }>;
  uncertain: boolean;
}

export function toBarcodeData(candidate: BarcodeCandidate | undefined): BarcodeData {
  if (!candidate) return emptyBarcodeData;
  const { result, points, uncertain } = candidate;
  return {
    barcodeType: barcodeTypeOf(result.format) ?? 'NONE',
    rawData: bytesToBase64(result.bytes),
    stringData: result.text,
    uncertain,
    detectionPoints: { points: points.map(({ x, y }) => ({ x: round2(x), y: round2(y) })) },
    recognitionStatus: uncertain ? 'UNCERTAIN' : 'VALID',
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
