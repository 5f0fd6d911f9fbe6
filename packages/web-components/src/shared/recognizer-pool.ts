import { createRecognizer, type Inference, type Recognizer } from '@idlens/sdk/client';

/** `worker` (in the browser), `server` (the idlens server's endpoints) or `auto` (worker, server when WASM cannot run). */
export type RecognitionMode = 'worker' | 'server' | 'auto';

/**
 * One recognizer per mode, server and inference runtime for the whole page: every scanner on a
 * page shares the same worker (one copy of the wasm and models in memory) unless it is given its own.
 */
const pool = new Map<string, Recognizer>();

export function sharedRecognizer(mode: RecognitionMode, serverUrl: string | null, inference: Inference = 'convnet'): Recognizer {
  // `auto` needs a server to fall back to; without one it is the worker alone.
  const effective: RecognitionMode = mode === 'auto' && !serverUrl ? 'worker' : mode;
  const server = effective === 'worker' ? undefined : { serverUrl: serverUrl ?? '/' };
  const key = `${effective} ${server?.serverUrl ?? ''} ${inference}`;
  let recognizer = pool.get(key);
  if (!recognizer) {
    recognizer = createRecognizer({ mode: effective, server, inference });
    // A worker that failed to start is not kept: the next scanner tries again.
    recognizer.ready.catch(() => pool.get(key) === recognizer && pool.delete(key));
    pool.set(key, recognizer);
  }
  return recognizer;
}
