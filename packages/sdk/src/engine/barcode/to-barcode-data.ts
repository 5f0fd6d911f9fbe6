import type { BarcodeData } from '../../api/barcode.ts';
import { bytesToBase64 } from '../../core/base64.ts';
import type { BarcodeRead } from './normalize-read.ts';

export const emptyBarcodeData: BarcodeData = {
  barcodeType: null,
  rawData: null,
  stringData: null,
  uncertain: null,
  detectionPoints: null,
  recognitionStatus: 'EMPTY',
};

/** The chosen read and whether the evidence for it falls short of certain. */
export interface ChosenRead {
  read: BarcodeRead;
  uncertain: boolean;
}

/** The spec's barcode `data` for a chosen read (points already in original-frame pixels). */
export function toBarcodeData({ read, uncertain }: ChosenRead): BarcodeData {
  return {
    barcodeType: read.type,
    rawData: bytesToBase64(read.bytes),
    stringData: read.text,
    uncertain,
    detectionPoints: { points: read.points.map(({ x, y }) => ({ x: round2(x), y: round2(y) })) },
    recognitionStatus: uncertain ? 'UNCERTAIN' : 'VALID',
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
