/**
 * The browser SDK: what a page imports (`@idlens/sdk/client`, or `idlens.js` of the browser bundle) —
 * the recognizer and live scanning (`client/`) and transactions (`transaction/`).
 */
export {
  createRecognizer,
  RecognizerProgressEvent,
  type RecognizeCall,
  type Recognizer,
  type RecognizerInfo,
  type RecognizerOptions,
} from './client/create-recognizer.ts';
export type { Inference, InferenceInfo } from './worker/plan-inference.ts';
export { createServerRecognizer, type ServerCall, type ServerRecognizer, type ServerRecognizerOptions } from './client/server-recognizer.ts';
export {
  createScanSession,
  ScanFeedbackEvent,
  ScanFrameEvent,
  ScanResultEvent,
  type ScanKind,
  type ScanSession,
  type ScanSessionOptions,
} from './client/scan/create-scan-session.ts';
export { scanFeedbacks, type ScanFeedback, type QualityThresholds } from './client/scan/scan-feedback.ts';
export type { RecognitionMethods } from './api/recognition-methods.ts';
export { allSymbologies } from './api/barcode.ts';
export type { CardInput, DocumentInput, ImageInput } from './core/image-input.ts';
export { IdlensError, isIdlensError, type IdlensErrorCode } from './core/errors.ts';
export type { RetryOptions } from './core/fetch-with-retry.ts';
export type { DocumentInFrame, FrameQuality, FrameQualityOptions, Preload } from './worker/worker-api.ts';
export {
  startTransaction,
  resumeTransaction,
  type CapturedImages,
  type StartTransactionOptions,
  type ResumeTransactionOptions,
  type TransactionCallbacks,
  type TransactionResult,
} from './transaction/run-transaction.ts';
export { createEdgeClient, joinHandoff, type EdgeClient, type EdgeClientOptions } from './transaction/edge-client.ts';
export { sdkVersion } from './transaction/sdk-version.ts';
