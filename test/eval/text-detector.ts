import type { EvalSuite } from './eval-context.ts';
import { compareServers, partsFrom } from './server-comparison.ts';

/**
 * The detector cascade browsers and servers use by default — the project's distilled text detector
 * (`text-det`, models/training/train_text_det.py) first, PP-OCRv4's when the read does not check
 * out — against PP-OCRv4's detector alone. Every document and card read starts with the detector.
 * `EVAL_TEXT_DETECTOR=distilled` compares the distilled detector alone instead;
 * `EVAL_TEXT_DETECTOR_PARTS=mrz,cards` measures some parts.
 */
const challengers = {
  cascade: {
    value: 'cascade',
    about: 'the project’s `text-det` (0.19 MB int8, distilled from PP-OCRv4’s), and PP-OCRv4’s when no MRZ or card number checks out',
  },
  distilled: { value: 'distilled', about: 'the project’s `text-det` alone' },
} as const;
const compared = process.env.EVAL_TEXT_DETECTOR === 'distilled' ? 'distilled' : 'cascade';

export const textDetectorEval: EvalSuite = (shared) =>
  compareServers(shared, {
    suite: `text detector: ${compared === 'cascade' ? 'text-det, then PP-OCRv4' : 'text-det'} vs PP-OCRv4`,
    setting: 'RECOGNITION_TEXT_DETECTOR',
    values: [{ value: 'general', about: 'PP-OCRv4’s detector, 1.3 MB int8' }, challengers[compared]],
    parts: partsFrom(process.env.EVAL_TEXT_DETECTOR_PARTS),
  });
