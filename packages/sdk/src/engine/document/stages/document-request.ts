import type { DocumentOptions } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import type { FaceDetector } from '../../face/create-face-detector.ts';
import type { MrzModelChoice } from '../../mrz/read-mrz.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { FrameMemo } from '../../pipeline/frame-memo.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { PhotographedSide } from '../photographed-side.ts';
import type { PrintedFieldChoice } from '../visual/read-visual-zone.ts';

export type Side = PhotographedSide['side'];

/** Characters correction may change per field when the request does not say. */
const defaultMaxMismatches = 2;

/** What every stage of a document's reading is given: the photos, the request and the engine's settings, resolved once. */
export interface DocumentRequest {
  frameOf(side: Side): Frame;
  /** The sides photographed: FIRST, and SECOND when a second image came. */
  given: readonly Side[];
  options: DocumentOptions;
  /** Which endpoint was called (`/document-multi-side`), not whether a second image came. */
  multiSide: boolean;
  mrzModel: MrzModelChoice;
  printedFields?: PrintedFieldChoice;
  /** The clock for resolving two-digit years and ages. */
  now: () => Date;
  /** Characters correction may change per field (MRZ) and the mismatches `dataMatch` allows. */
  maxMismatches: number;
  barcodeOnly: boolean;
  /** Printed fields are read: an OCR engine, and the caller did not ask for the barcode only. */
  readPrint: boolean;
  /** A face image was asked for and a face detector is there to find it. */
  wantFace: boolean;
  trace?: StageTrace;
  /** Results kept from earlier readings of the same frames (`FrameMemo`). */
  memo: FrameMemo;
}

export function documentRequest(
  sides: { first: Frame; second?: Frame | null },
  options: DocumentOptions,
  settings: Pick<DocumentRequest, 'mrzModel' | 'printedFields' | 'now' | 'trace'> & { memo?: FrameMemo },
  readers: { ocr: OcrEngine | null; faces: FaceDetector | null },
  multiSide: boolean,
): DocumentRequest {
  const barcodeOnly = options.enableBarcodeScanOnly ?? false;
  return {
    frameOf: (side) => (side === 'FIRST' ? sides.first : sides.second!),
    given: sides.second ? ['FIRST', 'SECOND'] : ['FIRST'],
    options,
    multiSide,
    mrzModel: settings.mrzModel,
    printedFields: settings.printedFields,
    now: settings.now,
    maxMismatches: options.maxAllowedMismatchesPerField ?? defaultMaxMismatches,
    barcodeOnly,
    readPrint: !!readers.ocr && !barcodeOnly,
    wantFace: !!options.returnFaceImage && !!readers.faces,
    trace: settings.trace,
    memo: settings.memo ?? new FrameMemo(),
  };
}
