import { loadEngineRuntimes } from '@idlens/server';
import type { EngineRuntimes, TextDetectorChoice } from '@idlens/sdk/engine';
import { createOcrEngine, type OcrEngine } from '../../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import type { TextDetector } from '../../../packages/sdk/src/engine/ocr/create-text-detector.ts';

/** A detector that notes the size of every image it is given (`width×height`) in `into`. */
function counting(detector: TextDetector, into: string[]): TextDetector {
  return {
    detect(frame, options) {
      into.push(`${frame.width}×${frame.height}`);
      return detector.detect(frame, options);
    },
  };
}

/**
 * An OCR engine (onnxruntime-node, the shipped models, the default detector cascade unless another
 * choice is given) whose detectors note what they are given: `detected` the first one's images,
 * `fallbackDetected` those of the cascade's fallback.
 */
export async function ocrCountingDetections(textDetector: TextDetectorChoice = 'auto'): Promise<{
  runtimes: EngineRuntimes;
  ocr: OcrEngine;
  detected: string[];
  fallbackDetected: string[];
}> {
  const runtimes = await loadEngineRuntimes({ threads: 2 });
  const engine = createOcrEngine(runtimes.inference!, runtimes.models!, { ...runtimes.ocr, textDetector });
  const detected: string[] = [];
  const fallbackDetected: string[] = [];
  const fallback = engine.fallback && { ...engine.fallback, detector: counting(engine.fallback.detector, fallbackDetected) };
  const ocr = { ...engine, detector: counting(engine.detector, detected), fallback };
  return { runtimes, ocr, detected, fallbackDetected };
}
