/**
 * Threads for the convnet runtime's kernels: helper threads (Workers) each instantiate the threads
 * build of kernels.c on the same shared memory, and a convolution's output (panels of columns, or a
 * depthwise layer's rows) is cut into more slices than there are threads, which every thread — the calling one
 * too — takes from a shared queue one at a time until none is left. A thread the system did not run
 * for a while (two cores, and a page decoding video beside them) then costs the others at most the
 * slice it holds, not a fixed share of the convolution.
 *
 * The calling thread posts and collects work synchronously, through a small control block in the
 * shared memory and `Atomics.wait`/`notify` (allowed in workers and in Node, not on a page's main
 * thread: the runtime runs in the engine worker), so a run stays the synchronous loop it is on one
 * thread: no message round trip per convolution, no yielding. Each slice computes its outputs with
 * the same sums in the same order as one thread, so the results are the same to the bit.
 *
 * A helper counts only once it has said it is ready; until then (or if one never starts — a CSP
 * that forbids the worker, say) its slices run on the calling thread.
 */

/** The kernels a slice may run: those of convolutions (pointers and sizes, all integers). */
const threadedKernels = ['convPanels', 'gemmRows', 'depthwise'] as const;
type ThreadedKernel = (typeof threadedKernels)[number];
/** The wasm export of each. */
const exportNames: Record<ThreadedKernel, string> = {
  convPanels: 'conv_panels',
  gemmRows: 'gemm_rows',
  depthwise: 'depthwise',
};

export interface KernelCall {
  kernel: ThreadedKernel;
  args: readonly number[];
}

/** What a helper thread is sent once: it instantiates `module` on `memory` and serves `slot`. */
export interface KernelThreadInit {
  kind: 'idlens-kernel-thread';
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  /** Byte offset of the control block in the memory. */
  control: number;
  /** How many helpers share the control block, and this one's place among them. */
  helpers: number;
  slot: number;
  /** The top of this thread's own stack (the stack grows down; the module's own is the calling thread's). */
  stackTop: number;
}

/** Starts a helper thread and sends it `init` (a Worker in the browser, a worker_threads Worker in Node). */
export type SpawnKernelThread = (init: KernelThreadInit) => void;

/** A helper's state (its int in the control block). */
const HelperState = {
  /** Not started yet (or never will be): the others take every slice. */
  Absent: 0,
  /** Slices are queued: take them until none is left. */
  Work: 1,
  /** Ready for work: started, or done with the last queue. */
  Idle: 2,
  Failed: 3,
} as const;

/** The most slices a queue holds (a few per thread, four threads at most by default). */
export const maxSlices = 16;
const maxCalls = 2;
const callInts = 28;
const sliceInts = 1 + maxCalls * callInts;
/**
 * The control block, ints: the next slice to take, the number of slices, how many are done, each
 * helper's state, then the slices (call count, then each call: kernel index and arguments).
 */
const next = 0;
const count = 1;
const done = 2;
const stateOf = (slot: number) => 3 + slot;
const sliceAt = (helpers: number, index: number) => 3 + helpers + index * sliceInts;
export const stackBytes = 65536;
/** The longest the calling thread waits for a helper's last slice (a stopped thread, not a slow one). */
const sliceTimeoutMs = 60_000;

/**
 * Loads of a state before sleeping on it: a model's convolutions come one after another, and a
 * helper that sleeps between two of them wakes late (a futex; in Chromium often a tenth of a
 * millisecond), as long as a small convolution. Polling a few hundred microseconds first covers the
 * calling thread's work between two convolutions (a pooling, a padding, the next allocation): with
 * 20,000 loads the face detector (40 small convolutions) ran slower on two threads than on one in
 * Chromium; with 200,000, faster (`pnpm bench browser`, docs/sdk.md). A helper polls that long once
 * after a model's last convolution, then sleeps.
 */
const spins = 200_000;

/** Polls `block[index]` while it is `value`, up to `spins` times; whether it changed. */
function spinWhile(block: Int32Array, index: number, value: number): boolean {
  for (let i = 0; i < spins; i++) if (Atomics.load(block, index) !== value) return true;
  return false;
}

/** Bytes of control block for `helpers` helper threads. */
export const controlBytes = (helpers: number) => (3 + helpers + maxSlices * sliceInts) * 4;

/** Takes queued slices until none is left; `run` runs one call. */
function drain(control: Int32Array, helpers: number, run: (kernel: number, args: Int32Array) => void): void {
  const total = Atomics.load(control, count);
  for (let index = Atomics.add(control, next, 1); index < total; index = Atomics.add(control, next, 1)) {
    const at = sliceAt(helpers, index);
    for (let c = 0; c < control[at]!; c++) {
      const call = at + 1 + c * callInts;
      run(control[call]!, control.subarray(call + 1, call + callInts));
    }
    Atomics.add(control, done, 1);
  }
}

/** The helper thread's side: serves the queue until the thread ends. Blocks (Atomics.wait) between queues. */
export function runKernelThread(init: KernelThreadInit): never {
  const instance = new WebAssembly.Instance(init.module, { env: { memory: init.memory } });
  (instance.exports.__stack_pointer as WebAssembly.Global).value = init.stackTop;
  const functions = threadedKernels.map((name) => instance.exports[exportNames[name]] as (...args: number[]) => void);
  // A view of a shared memory stays valid when the memory grows (and the control block never moves).
  const control = new Int32Array(init.memory.buffer, init.control, controlBytes(init.helpers) / 4);
  const state = stateOf(init.slot);
  Atomics.store(control, state, HelperState.Idle);
  Atomics.notify(control, state);
  for (;;) {
    const now = Atomics.load(control, state);
    if (now !== HelperState.Work) {
      if (!spinWhile(control, state, now)) Atomics.wait(control, state, now);
      continue;
    }
    try {
      drain(control, init.helpers, (kernel, args) => functions[kernel]!(...args));
      Atomics.store(control, state, HelperState.Idle);
    } catch {
      Atomics.store(control, state, HelperState.Failed);
    }
    Atomics.notify(control, state);
  }
}

/** The calling thread's side: how many threads take slices, and running a queue of them. */
export interface KernelThreadPool {
  /** Threads ready to take slices, the calling one included. */
  threads(): number;
  /** Queues the slices (at most `maxSlices`), takes them with the ready helpers; returns when all are done. `run` runs a call here. */
  runSlices(slices: ReadonlyArray<readonly KernelCall[]>, run: (call: KernelCall) => void): void;
}

export function kernelThreadPool(memory: WebAssembly.Memory, control: number, helpers: number): KernelThreadPool {
  const block = new Int32Array(memory.buffer, control, controlBytes(helpers) / 4);
  const slots = Array.from({ length: helpers }, (_, slot) => stateOf(slot));
  const ready = () => slots.filter((state) => Atomics.load(block, state) === HelperState.Idle);
  return {
    threads: () => 1 + ready().length,
    runSlices(slices, run) {
      const helping = ready();
      if (helping.length === 0 || slices.length < 2) {
        for (const call of slices.flat()) run(call);
        return;
      }
      if (slices.length > maxSlices || slices.some((slice) => slice.length > maxCalls)) throw new Error('too many slices for the kernel threads');
      slices.forEach((slice, index) => {
        const at = sliceAt(helpers, index);
        block[at] = slice.length;
        slice.forEach((call, c) => {
          block[at + 1 + c * callInts] = threadedKernels.indexOf(call.kernel);
          block.set(call.args, at + 2 + c * callInts);
        });
      });
      block[count] = slices.length;
      block[done] = 0;
      Atomics.store(block, next, 0);
      for (const state of helping) {
        Atomics.store(block, state, HelperState.Work);
        Atomics.notify(block, state);
      }
      drain(block, helpers, (kernel, args) => run({ kernel: threadedKernels[kernel]!, args: Array.from(args) }));
      let failed = false;
      for (const state of helping) {
        while (Atomics.load(block, state) === HelperState.Work && !spinWhile(block, state, HelperState.Work)) {
          if (Atomics.wait(block, state, HelperState.Work, sliceTimeoutMs) === 'timed-out') throw new Error('a kernel thread stopped answering');
        }
        if (Atomics.load(block, state) === HelperState.Failed) {
          failed = true;
          Atomics.store(block, state, HelperState.Idle);
        }
      }
      if (failed || Atomics.load(block, done) !== slices.length) throw new Error('a kernel thread failed in a convolution');
    },
  };
}
