import type { EvalSuite } from './eval-context.ts';
import { compareServers, partsFrom } from './server-comparison.ts';

/**
 * The project's distilled text detector (`text-det`, models/training/train_text_det.py) against
 * PP-OCRv4's detector, its teacher. Every document and card read starts with the detector.
 * `EVAL_TEXT_DETECTOR_PARTS=mrz,cards` measures some parts.
 */
export const textDetectorEval: EvalSuite = (shared) =>
  compareServers(shared, {
    suite: 'text detector: text-det vs PP-OCRv4',
    setting: 'RECOGNITION_TEXT_DETECTOR',
    values: [
      { value: 'general', about: 'PP-OCRv4’s detector, 1.3 MB int8' },
      { value: 'distilled', about: 'the project’s `text-det`, distilled from it, 0.19 MB int8' },
    ],
    parts: partsFrom(process.env.EVAL_TEXT_DETECTOR_PARTS),
  });
