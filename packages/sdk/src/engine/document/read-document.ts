import type { DocumentData, DocumentOptions } from '../../api/document.ts';
import type { Frame } from '../../core/frame.ts';
import type { ZxingReader } from '../barcode/zxing-reader.ts';
import type { FaceDetector } from '../face/create-face-detector.ts';
import type { MrzModelChoice } from '../mrz/read-mrz.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import type { FrameMemo } from '../pipeline/frame-memo.ts';
import type { StageTrace } from '../pipeline/stage-trace.ts';
import type { DocumentReadings } from './stages/document-readings.ts';
import { type DocumentRequest, documentRequest } from './stages/document-request.ts';
import { extractImages } from './stages/extract-images.ts';
import { everySideSkipped, judgeDocument, type JudgedDocument, nothingRead } from './stages/judge-document.ts';
import { locateDocuments } from './stages/locate-documents.ts';
import { mergeReadings } from './stages/merge-readings.ts';
import { readBarcodeAndPrint } from './stages/read-barcode-and-print.ts';
import { readMrzSides } from './stages/read-mrz-sides.ts';
import { straightenSides } from './stages/straighten-pages.ts';
import type { PrintedFieldChoice } from './visual/read-visual-zone.ts';

/** The readers a document needs; without OCR only barcodes are read, without the face detector no portrait. */
export interface DocumentReaders {
  ocr: OcrEngine | null;
  zxing: ZxingReader;
  faces: FaceDetector | null;
}

/** Engine-level settings of document reading (not request options). */
export interface ReadDocumentSettings {
  mrzModel: MrzModelChoice;
  /** Who decides which printed value is which field (see `PrintedFieldChoice`; default `learned`). */
  printedFields?: PrintedFieldChoice;
  /** The clock for resolving two-digit years and ages (injected for tests). */
  now: () => Date;
  /** Where the stages record what they decided (tests, evaluation reports); default none. */
  trace?: StageTrace;
  /**
   * Results kept from earlier readings of the same frame objects (a front read alone, then with its
   * back); default none kept beyond this reading.
   */
  memo?: FrameMemo;
}

/**
 * Reads an ID document from one or two sides, in stages (`stages/`, each recording what it decided
 * into `settings.trace`):
 * - `locate`: each side's document outline, and the skip* checks — a side failing one is not read;
 * - `straighten`: each side's document cut out and straightened, its text lines detected, when a
 *   reading first asks for it;
 * - `read`: each side's MRZ (TD1 cards carry it on the back), the PDF417 of a North-American licence
 *   or ID card (AAMVA) where the MRZ does not already answer, and the printed fields of every side
 *   but the one the barcode covers (without an MRZ, a glance for the barcode before print and the
 *   whole search after it only if neither answered: `readBarcodeAndPrint`);
 * - `merge`: the best MRZ reading fills the result, the barcode adds what it lacks, print what both lack;
 * - `judge`: class filter, status, anonymization, an unsure first side withheld, `dataMatch` over
 *   every two independent readings, age;
 * - `images`: face, signature and document images, once the answer is settled.
 *
 * `multiSide` is which endpoint was called (`/document-multi-side`), not whether a second image came.
 * Without an OCR engine, or with `enableBarcodeScanOnly`, only barcodes are read.
 */
export async function readDocument(
  readers: DocumentReaders,
  sides: { first: Frame; second?: Frame | null },
  options: DocumentOptions,
  settings: ReadDocumentSettings,
  multiSide: boolean,
): Promise<DocumentData> {
  const request = documentRequest(sides, options, settings, readers, multiSide);

  const located = locateDocuments(request);
  if (located.readSides.length === 0) return everySideSkipped(request, located);
  const pages = straightenSides(request, located);

  const mrz = await readMrzSides(request, readers.ocr, located, pages);
  const { barcode, firstSide, visual } = await readBarcodeAndPrint(request, readers.zxing, located, mrz);
  const readings: DocumentReadings = { mrz, barcode, visual, printed: visual.some((v) => v.fields.length > 0), firstSide };

  const judged = mrz.pick || barcode || readings.printed ? mergeAndJudge(request, readings) : nothingRead(request);
  if (judged.anonymization) await extractImages(request, readers.faces, located, readings, judged.data, judged.anonymization);
  return judged.data;
}

function mergeAndJudge(request: DocumentRequest, readings: DocumentReadings): JudgedDocument {
  // One clock reading for the two-digit years of the merged dates and the age.
  const now = request.now();
  return judgeDocument(request, readings, mergeReadings(request, readings, now), now);
}
