/**
 * `@idlens/web-components`: Lit elements for capture, live scanning and verification flows on
 * top of `@idlens/sdk`. Importing this module registers every element.
 */
export { IdlensCamera, frameToBlob } from './camera/idlens-camera.ts';
export { IdlensBarcodeScanner } from './scanners/idlens-barcode-scanner.ts';
export { IdlensIdBarcodeScanner } from './scanners/idlens-id-barcode-scanner.ts';
export { IdlensCardScanner } from './scanners/idlens-card-scanner.ts';
export { barcodeTypeName, networkName } from './shared/display-names.ts';
export { IdlensDocumentScanner } from './scanners/idlens-document-scanner.ts';
export { ScannerElement, type ScannerPhase } from './scanners/scanner-element.ts';
export { IdlensTransaction } from './transaction/idlens-transaction.ts';
export type { FormField } from './transaction/form-fields.ts';
export { CameraController, type CameraState, type FacingMode } from './controllers/camera-controller.ts';
export { classifyCameraError, isInAppBrowser, type CameraProblem } from './controllers/camera-errors.ts';
export { ScanController } from './controllers/scan-controller.ts';
export { ReadingController, TroubleController } from './controllers/reading-controller.ts';
export * from './events.ts';
export {
  browserLanguage,
  translate,
  translations,
  resolveLanguage,
  type Language,
  type MessageKey,
  type Messages,
  type TranslationOverrides,
} from './i18n/translations.ts';
export { sharedRecognizer, type RecognitionMode } from './shared/recognizer-pool.ts';
export { IdlensElement, type Theme } from './shared/idlens-element.ts';
