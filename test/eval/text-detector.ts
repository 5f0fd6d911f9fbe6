import type { EvalSuite } from './eval-context.ts';
import { compareServers, partsFrom } from './server-comparison.ts';

/**
 * The project's distilled text detector (`text-det`, models/training/train_text_det.py) against
 * PP-OCRv4's detector, its teacher, on two servers that differ only in `RECOGNITION_TEXT_DETECTOR`
 * (both with the int8-stored weights browsers download). Every document and card read starts with the
 * detector. `EVAL_TEXT_DETECTOR_PARTS=mrz,cards` measures some parts.
 */
export const textDetectorEval: EvalSuite = (shared) =>
  compareServers(shared, {
    suite: 'text detector: text-det vs PP-OCRv4',
    intro:
      'Two servers, the same requests: `RECOGNITION_TEXT_DETECTOR=general` (PP-OCRv4’s detector, 1.3 MB int8) and `distilled` (the project’s `text-det`, distilled from it, 0.19 MB int8), both with the int8-stored weights browsers download.',
    servers: [
      { label: 'general', env: { RECOGNITION_TEXT_DETECTOR: 'general', RECOGNITION_MODEL_WEIGHTS: 'int8' } },
      { label: 'distilled', env: { RECOGNITION_TEXT_DETECTOR: 'distilled', RECOGNITION_MODEL_WEIGHTS: 'int8' } },
    ],
    parts: partsFrom(process.env.EVAL_TEXT_DETECTOR_PARTS),
  });
