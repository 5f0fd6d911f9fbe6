import { Worker } from 'node:worker_threads';
import type { KernelThreadInit } from '../../../packages/sdk/src/runtime/convnet/kernel-threads.ts';

/**
 * Starts convnet kernel helper threads as worker_threads (tests), and ends them all with `close`.
 * The helpers block in Atomics.wait between slices, so they are terminated, not asked to stop.
 */
export function nodeKernelThreads(): { spawnThread: (init: KernelThreadInit) => void; close: () => Promise<void> } {
  const workers: Worker[] = [];
  return {
    spawnThread(init) {
      workers.push(new Worker(new URL('./kernel-thread-worker.mjs', import.meta.url), { workerData: init }));
    },
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.terminate()));
    },
  };
}
