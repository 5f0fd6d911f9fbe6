/**
 * The worker's OCR part, imported on the first card or document call: the SDK's own runtime for the
 * OCR models, with its wasm kernels inline, and the loader of onnxruntime-web from the assets folder
 * when the app chose it. Its own chunk in the prebuilt bundle (`idlens-worker-ocr.js`), so a
 * barcode-only page never loads it.
 */
export { createConvnetRuntime } from '../runtime/convnet/convnet-runtime.ts';
export { runKernelThread } from '../runtime/convnet/kernel-threads.ts';
export { importOnnxruntimeWeb, onnxruntimeWebRuntime } from '../runtime/onnxruntime-web-browser.ts';
