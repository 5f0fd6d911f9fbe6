/**
 * The worker's OCR part, imported on the first card or document call: onnxruntime-web's glue. Its
 * own chunk in the prebuilt bundle (`idlens-worker-ocr.js`), so a barcode-only page never loads it.
 */
export { loadOrtWebBrowser } from '../runtime/ort-web-browser.ts';
