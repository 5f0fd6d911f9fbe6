import type { Engine } from '@idlens/sdk/engine';

/**
 * Where the server's recognition runs: the engine's four operations plus the queue state and
 * shutdown of whatever hosts them (the worker pool in production, an in-process engine in tests).
 */
export type RecognitionBackend = Pick<Engine, 'barcode' | 'idBarcode' | 'card' | 'document'> & {
  /** Workers ready and queue length, for /health. */
  status(): { workers: number; busy: number; queued: number; maxQueue: number };
  close(): Promise<void>;
};
