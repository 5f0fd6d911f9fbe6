import { aamvaEval } from './aamva.ts';
import { barcodeEval } from './barcodes.ts';
import { cardEval } from './cards.ts';
import { documentsBarcodeEval } from './documents-barcode.ts';
import { documentsEval } from './documents.ts';
import { falsePositivesEval } from './false-positives.ts';
import { idSpecimensEval } from './id-specimens.ts';
import { lineReaderEval } from './line-reader.ts';
import type { EvalSuite } from './eval-context.ts';
import { modelWeightsEval } from './model-weights.ts';
import { mrzEval } from './mrz.ts';
import { ocrRuntimeEval } from './ocr-runtime.ts';
import { portraitsEval } from './portraits.ts';
import { printedFieldsEval } from './printed-fields.ts';
import { textDetectorEval } from './text-detector.ts';
import { textRecognizerEval } from './text-recognizer.ts';

/** Every evaluation `pnpm eval` runs, by name (`pnpm eval barcodes` runs one). */
export const evalSuites: Record<string, EvalSuite> = {
  barcodes: barcodeEval,
  aamva: aamvaEval,
  mrz: mrzEval,
  cards: cardEval,
  'documents-barcode': documentsBarcodeEval,
  'model-weights': modelWeightsEval,
  'ocr-runtime': ocrRuntimeEval,
  documents: documentsEval,
  'false-positives': falsePositivesEval,
  'id-specimens': idSpecimensEval,
  'line-reader': lineReaderEval,
  portraits: portraitsEval,
  printed: printedFieldsEval,
  'text-detector': textDetectorEval,
  'text-recognizer': textRecognizerEval,
};
