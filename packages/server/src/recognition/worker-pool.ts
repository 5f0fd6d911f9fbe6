import { Worker } from 'node:worker_threads';
import { transfer, wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { Engine, Frame } from '@idlens/sdk/engine';
import { registerIdlensErrorTransfer } from '@idlens/sdk/worker/comlink-errors';
import { ApiError } from '../errors.ts';
import type { EngineRuntimeOptions } from './engine-runtimes.ts';
import type { RecognitionBackend } from './recognition-backend.ts';

type WorkerApi = Pick<Engine, 'barcode' | 'idBarcode' | 'card' | 'document'> & { ready(): Promise<true> };

interface Slot {
  worker: Worker;
  remote: Remote<WorkerApi>;
  /** Rejects the running task when the worker dies under it. */
  failCurrent: ((error: Error) => void) | null;
}

interface Task {
  run(remote: Remote<WorkerApi>): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface WorkerPoolOptions {
  workers: number;
  maxQueue: number;
  timeoutMs: number;
  /** Passed to every worker's engine (from the configuration, read once in the main thread). */
  engine?: EngineRuntimeOptions;
  /** The worker script; tests substitute one wrapping the real worker (default: recognition-worker). */
  workerUrl?: URL;
}

// From the compiled package (dist/*.js) the worker runs as is; from the TypeScript sources (the
// workspace: tests, `pnpm start`) a bootstrap registers tsx in the thread first.
const defaultWorkerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./recognition-worker-bootstrap.mjs', import.meta.url)
  : new URL('./recognition-worker.js', import.meta.url);

/**
 * A fixed set of worker threads running the SDK engine, fed from a bounded FIFO queue. A full
 * queue is answered 503 at once (with Retry-After) instead of letting latency grow without bound;
 * a task over its time limit has its worker terminated and replaced. A worker that dies (crash,
 * out of memory) is replaced too: the request it was running is answered 500 INTERNAL_ERROR — not
 * retried, since the input that killed one worker would likely kill the next — and queued
 * requests run on the replacement.
 */
export async function createWorkerPool({
  workers,
  maxQueue,
  timeoutMs,
  engine = {},
  workerUrl = defaultWorkerUrl,
}: WorkerPoolOptions): Promise<RecognitionBackend> {
  registerIdlensErrorTransfer();
  const idle: Slot[] = [];
  const queue: Task[] = [];
  let busy = 0;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(workerUrl, { workerData: engine });
    const slot: Slot = { worker, remote: wrap<WorkerApi>(nodeEndpoint(worker)), failCurrent: null };
    worker.on('error', (error) => slot.failCurrent?.(error));
    worker.on('exit', () => {
      if (slot.failCurrent) return slot.failCurrent(new Error('recognition worker exited'));
      // Died with nothing to do (out of memory, a native crash): a new worker takes its place in
      // the idle list, or the next request would wait for a dead one until its time limit.
      const at = idle.indexOf(slot);
      if (at >= 0 && !closed) idle[at] = spawn();
    });
    return slot;
  };

  const replace = (dead: Slot): Slot => {
    void dead.worker.terminate();
    return spawn();
  };

  const runOn = (slot: Slot, task: Task): void => {
    busy++;
    let settled = false;
    const finish = (next: Slot) => {
      settled = true;
      busy--;
      next.failCurrent = null;
      if (closed) void next.worker.terminate();
      else idle.push(next);
      dispatch();
    };
    const timer = setTimeout(() => {
      if (settled) return;
      task.reject(new ApiError('INTERNAL_ERROR', `recognition took longer than ${timeoutMs} ms and was stopped`));
      finish(replace(slot));
    }, timeoutMs);
    slot.failCurrent = (error) => {
      if (settled) return;
      clearTimeout(timer);
      task.reject(new ApiError('INTERNAL_ERROR', 'recognition failed unexpectedly', { cause: error }));
      finish(replace(slot));
    };
    task.run(slot.remote).then(
      (value) => {
        if (settled) return;
        clearTimeout(timer);
        task.resolve(value);
        finish(slot);
      },
      (error) => {
        if (settled) return;
        clearTimeout(timer);
        task.reject(error);
        finish(slot);
      },
    );
  };

  const dispatch = (): void => {
    while (idle.length > 0 && queue.length > 0) runOn(idle.pop()!, queue.shift()!);
  };

  const submit = <T>(run: (remote: Remote<WorkerApi>) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new ApiError('INTERNAL_ERROR', 'the recognition pool is shut down'));
    if (idle.length === 0 && queue.length >= maxQueue) {
      return Promise.reject(new ApiError('QUEUE_FULL', 'the server is busy; try again shortly', { headers: { 'Retry-After': '1' } }));
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  };

  const slots = Array.from({ length: workers }, spawn);
  await Promise.all(slots.map((slot) => slot.remote.ready()));
  idle.push(...slots);

  // Frames are transferred, not copied: the caller must not use a frame after handing it over.
  const send = (frame: Frame): Frame => transfer(frame, [frame.data.buffer]);

  return {
    barcode: (frame, options) => submit((remote) => remote.barcode(send(frame), options)),
    idBarcode: (frame) => submit((remote) => remote.idBarcode(send(frame))),
    card: (sides, options) =>
      submit((remote) =>
        remote.card(transfer({ cardNumberSide: sides.cardNumberSide, otherSide: sides.otherSide }, buffersOf(sides.cardNumberSide, sides.otherSide)), options),
      ),
    document: (sides, options) =>
      submit((remote) => remote.document(transfer({ first: sides.first, second: sides.second }, buffersOf(sides.first, sides.second)), options)),
    status: () => ({ workers, busy, queued: queue.length, maxQueue }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new ApiError('INTERNAL_ERROR', 'the server is shutting down'));
      await Promise.all(idle.splice(0).map((slot) => slot.worker.terminate()));
    },
  };

  function buffersOf(...frames: Array<Frame | null | undefined>): ArrayBuffer[] {
    // A Set: the same frame given for both sides must be listed once, or postMessage throws.
    return [...new Set(frames.filter((f): f is Frame => !!f).map((f) => f.data.buffer as ArrayBuffer))];
  }
}
