/** The browser SDK: what a page imports (`@idlens/sdk/client`, or `idlens.js` of the browser bundle). */
export { createRecognizer, RecognizerProgressEvent, type Recognizer, type RecognizerOptions } from './create-recognizer.ts';
export { createServerRecognizer, type ServerRecognizerOptions } from './server-recognizer.ts';
export type { CardInput, DocumentInput, RecognizerMethods } from './recognizer-types.ts';
export type { ImageInput } from './image-input.ts';
export type { FrameQuality, Preload } from '../worker/worker-api.ts';
export { IdlensError, isIdlensError, type IdlensErrorCode } from '../engine/errors.ts';
export * from '../transaction/index.ts';
export { createScanSession, ScanFeedbackEvent, ScanResultEvent, type ScanKind, type ScanSession, type ScanSessionOptions } from './scan/create-scan-session.ts';
export { scanFeedbacks, type ScanFeedback, type QualityThresholds } from './scan/scan-feedback.ts';
