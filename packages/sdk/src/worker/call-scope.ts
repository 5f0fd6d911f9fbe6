import type { ZxingReader } from '../engine/barcode/zxing-reader.ts';
import type { InferenceRuntime, RuntimeSession } from '../engine/ocr/inference-runtime.ts';

/** What a cancelled call rejects with (the name `fetch` and `AbortSignal` use). */
export function abortError(message = 'the recognition was cancelled'): Error {
  return Object.assign(new Error(message), { name: 'AbortError' });
}

/**
 * Recognition calls in the worker, one at a time, each cancellable by its id.
 *
 * The engine's work is synchronous between its awaits, so two calls that interleave gain nothing on
 * one thread; running them in turn makes "the call under way" well defined, which is what a
 * cancellation needs: the engine takes no signal, but every zxing read and model run goes through
 * `checkpoint()` (see `checkpointedZxing`, `checkpointedInference`), which lets the cancel message in (a
 * macrotask turn) and throws an AbortError when the call under way was cancelled. The engine thus
 * stops within one pass or model run, and the next call starts.
 */
export class CallScope {
  #tail: Promise<unknown> = Promise.resolve();
  #current: { id: number; cancelled: boolean } | null = null;
  /** Ids cancelled before they started: skipped when their turn comes. */
  readonly #cancelledEarly = new Set<number>();

  /** Runs `work` once the calls before it finished; `id` (from the client) makes it cancellable. */
  run<T>(id: number | undefined, work: () => Promise<T>): Promise<T> {
    const turn = this.#tail.then(async () => {
      if (id !== undefined && this.#cancelledEarly.delete(id)) throw abortError();
      const call = { id: id ?? -1, cancelled: false };
      this.#current = call;
      try {
        return await work();
      } finally {
        if (this.#current === call) this.#current = null;
      }
    });
    this.#tail = turn.catch(() => {});
    return turn;
  }

  /** Cancels call `id`: under way, it stops at its next checkpoint; queued, it never starts. */
  cancel(id: number): void {
    if (this.#current?.id === id) this.#current.cancelled = true;
    else this.#cancelledEarly.add(id);
  }

  /** A macrotask turn (so a pending cancel message is handled), then an AbortError if the call under way was cancelled. */
  async checkpoint(): Promise<void> {
    if (!this.#current) return;
    await macrotask();
    if (this.#current?.cancelled) throw abortError();
  }
}

/** One turn of the event loop: `MessageChannel` (no timer clamping, unlike nested `setTimeout`). */
function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** zxing with a checkpoint before every read (the barcode reader's passes). */
export function checkpointedZxing(zxing: ZxingReader, scope: CallScope): ZxingReader {
  return {
    async readBarcodes(image, options) {
      await scope.checkpoint();
      return zxing.readBarcodes(image, options);
    },
  };
}

/** The OCR runtime with a checkpoint before every model run (detection, each line read). */
export function checkpointedInference(runtime: InferenceRuntime, scope: CallScope): InferenceRuntime {
  const session = (inner: RuntimeSession): RuntimeSession => ({
    inputNames: inner.inputNames,
    outputNames: inner.outputNames,
    async run(feeds) {
      await scope.checkpoint();
      return inner.run(feeds);
    },
    runFilled: inner.runFilled
      ? async (input, dims, fill) => {
          await scope.checkpoint();
          return inner.runFilled!(input, dims, fill);
        }
      : undefined,
    release: inner.release ? () => inner.release!() : undefined,
  });
  return {
    Tensor: runtime.Tensor,
    InferenceSession: { create: async (model, options) => session(await runtime.InferenceSession.create(model, options)) },
  };
}
