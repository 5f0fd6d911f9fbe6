import type { Engine } from '@idlens/sdk/engine';

/** What the recognition routes need: the engine's four operations, wherever they run. */
export type Recognizer = Pick<Engine, 'barcode' | 'idBarcode' | 'card' | 'document'> & {
  /** Workers ready and queue length, for /health. */
  status(): { workers: number; busy: number; queued: number; maxQueue: number };
  close(): Promise<void>;
};
