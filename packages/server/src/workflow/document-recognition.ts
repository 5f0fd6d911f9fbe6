import type { Engine } from '@idlens/sdk/engine';

/**
 * The one recognition the workflow needs: re-reading a document on the server (DocumentVerification,
 * and submissions whose images may not be stored). Declared here, not taken from the recognition
 * routes' modules, so the platform depends on the engine's contract only; the server's recognition
 * backend (the worker pool) provides it.
 */
export type DocumentRecognition = Pick<Engine, 'document'>;
