import { barcodeBench } from './barcodes.ts';
import { browserBench } from './browser.ts';
import type { BenchSuite } from './bench-context.ts';
import { cameraBench } from './camera.ts';
import { cardBench } from './cards.ts';
import { documentsBench } from './documents.ts';
import { downloadBench } from './download.ts';
import { negativeBench } from './negative.ts';
import { ocrBench } from './ocr.ts';
import { platformBench } from './platform.ts';
import { recognitionBench } from './recognition.ts';
import { soakBench } from './soak.ts';

/** Every benchmark `pnpm bench` runs, by name (`pnpm bench barcodes` runs one). */
export const benchSuites: Record<string, BenchSuite> = {
  barcodes: barcodeBench,
  platform: platformBench,
  // Recognitions/s through the server's endpoints against the engine's own, same cores.
  recognition: recognitionBench,
  ocr: ocrBench,
  cards: cardBench,
  documents: documentsBench,
  download: downloadBench,
  browser: browserBench,
  // A phone photo with nothing in it, per scanner, browser and server (p50/p95 against a budget).
  negative: negativeBench,
  // Camera start → first result per scanner (Chromium's fake camera).
  camera: cameraBench,
  // Long (10 minutes by default): run it by name, `pnpm bench soak`.
  soak: soakBench,
};
