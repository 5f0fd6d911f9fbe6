import type { EvalSuite } from './eval-context.ts';
import { compareServers, partsFrom } from './server-comparison.ts';

/**
 * The project's Latin recognizer (`latin-rec`, trained on synthetic lines: models/training) against
 * the general PP-OCRv4 recognizer it replaces. The general reader is also the MRZ model's second
 * opinion. `EVAL_LINE_READER_PARTS=mrz,cards` measures some parts.
 */
export const lineReaderEval: EvalSuite = (shared) =>
  compareServers(shared, {
    suite: 'line reader: latin-rec vs PP-OCR general',
    setting: 'RECOGNITION_LINE_READER',
    values: [
      { value: 'general', about: 'PP-OCRv4, trained on Chinese text, 2.8 MB int8' },
      { value: 'latin', about: 'the project’s `latin-rec`, 1.6 MB int8' },
    ],
    parts: partsFrom(process.env.EVAL_LINE_READER_PARTS),
  });
