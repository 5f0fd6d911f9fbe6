import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOcrEngine } from '../../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import { loadEngineRuntimes } from '@idlens/server';

/**
 * The OCR engine the dump scripts read generated documents with: the shipped models, one thread —
 * or, with `IDLENS_DUMP_LATIN_READER=<weights.onnx>`, another Latin line reader in place of the
 * shipped one (a training run's weights, judged before they are shipped), so that dumps for a new
 * reader need no change to `models/` and can run beside other work on the checkout.
 */
export async function dumpOcrEngine() {
  const runtimes = await loadEngineRuntimes({ threads: 1 });
  const models = { ...runtimes.models! };
  const reader = process.env.IDLENS_DUMP_LATIN_READER;
  if (reader) {
    const shipped = models['latin-rec'];
    if (!shipped) throw new Error('IDLENS_DUMP_LATIN_READER: no latin-rec model is loaded to stand in for');
    models['latin-rec'] = { entry: shipped.entry, bytes: new Uint8Array(readFileSync(path.resolve(reader))) };
    console.log(`Latin reader: ${reader}`);
  }
  const engine = createOcrEngine(runtimes.inference!, models, { sessionOptions: runtimes.ocr?.sessionOptions });
  return engine.fallback ?? engine;
}
