import type { BarcodeResult } from '../../api/id-barcode.ts';
import type { Location } from '../../api/document.ts';
import { base64ToBytes } from '../../core/base64.ts';
import type { Frame } from '../../core/frame.ts';
import { aamvaDocumentClass, type AamvaDocumentClass } from '../aamva/aamva-document-class.ts';
import { missingMandatoryFields } from '../aamva/aamva-mandatory.ts';
import { parseAamva } from '../aamva/parse-aamva.ts';
import { readBarcode } from '../barcode/read-barcode.ts';
import { locationAround } from './string-result.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';

/** The ID barcode found on one side of a document. */
export interface DocumentBarcode {
  side: 'FIRST' | 'SECOND';
  result: BarcodeResult;
  /**
   * The reader's evidence was certain: so for a PDF417 decoded with error correction to spare
   * (docs/barcode-options.md, evidence).
   */
  certain: boolean;
  /** Issuer and DL/ID type from the payload; null when it is no AAMVA payload. */
  documentClass: AamvaDocumentClass | null;
  /** The symbol's axis-aligned box in the side's frame. */
  location: Location | null;
}

/**
 * Looks for the PDF417 of a North-American licence or ID card on one side and parses its AAMVA
 * payload. Only PDF417 is read (the pass plan's linear-only passes drop out); `thorough` runs the
 * plan's thorough tier and budget, as `/id-barcode` does, for when the barcode is the only source;
 * `effort` is `readBarcode`'s (a glance: its glance passes only).
 */
export async function readDocumentBarcode(
  zxing: ZxingReader,
  frame: Frame,
  side: 'FIRST' | 'SECOND',
  { thorough, effort = 'plan' }: { thorough: boolean; effort?: 'plan' | 'glance' },
): Promise<DocumentBarcode | null> {
  const read = await readBarcode(zxing, frame, { scanPdf417: true, slowerThoroughScan: thorough }, undefined, effort);
  if (read.rawData === null) return null;
  const result = parseAamva(base64ToBytes(read.rawData));
  return {
    side,
    result,
    certain: read.uncertain !== true,
    documentClass: result.parsed ? aamvaDocumentClass(result.stringData ?? '') : null,
    location: locationAround(read.detectionPoints?.points ?? [], side),
  };
}

/**
 * Whether the barcode answers for the document by itself: read with certain evidence, its payload
 * giving what a licence must carry (`aamva-mandatory.ts`) — what `/id-barcode` calls `VALID`.
 */
export function answersAlone(b: DocumentBarcode | null): boolean {
  return !!b?.certain && missingMandatoryFields(b.result).length === 0;
}

/** A parsed, conclusive read is an answer; anything less is kept only if nothing better turns up. */
export function barcodeRank(b: DocumentBarcode | null): number {
  if (!b) return 0;
  return (b.result.parsed ? 2 : 0) + (b.certain ? 1 : 0);
}
