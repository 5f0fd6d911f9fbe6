/**
 * The worker's OCR part, imported on the first card or document call: the SDK's own runtime for the
 * OCR models, with its wasm kernels inline. Its own chunk in the prebuilt bundle
 * (`idlens-worker-ocr.js`), so a barcode-only page never loads it.
 */
export { createConvnetRuntime } from '../runtime/convnet/convnet-runtime.ts';
