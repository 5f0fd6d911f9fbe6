import type { EvalSuite } from './eval-context.ts';
import { compareServers, partsFrom } from './server-comparison.ts';

/**
 * The project's Latin recognizer (`latin-rec`, trained on synthetic lines: models/training) against
 * the general PP-OCRv4 recognizer it replaces, on two servers that differ only in
 * `RECOGNITION_LINE_READER` (both with the int8-stored weights browsers download). The general
 * reader is also the MRZ model's second opinion. `EVAL_LINE_READER_PARTS=mrz,cards` measures some parts.
 */
export const lineReaderEval: EvalSuite = (shared) =>
  compareServers(shared, {
    suite: 'line reader: latin-rec vs PP-OCR general',
    intro:
      'Two servers, the same requests: `RECOGNITION_LINE_READER=general` (PP-OCRv4, trained on Chinese text, 2.8 MB int8) and `latin` (the project’s `latin-rec`, 1.6 MB int8), both with the int8-stored weights browsers download.',
    servers: [
      { label: 'general', env: { RECOGNITION_LINE_READER: 'general', RECOGNITION_MODEL_WEIGHTS: 'int8' } },
      { label: 'latin', env: { RECOGNITION_LINE_READER: 'latin', RECOGNITION_MODEL_WEIGHTS: 'int8' } },
    ],
    parts: partsFrom(process.env.EVAL_LINE_READER_PARTS),
  });
