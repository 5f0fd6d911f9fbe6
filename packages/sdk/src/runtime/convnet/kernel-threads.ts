/**
 * Threads for the convnet runtime's kernels: helper threads (Workers) each instantiate the threads
 * build of kernels.c on the same shared memory, and a convolution hands each of them a slice of its
 * output (panels of columns, or channels) while the calling thread computes its own slice.
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
export type ThreadedKernel = (typeof threadedKernels)[number];
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
  slot: number;
  /** The top of this thread's own stack (the stack grows down; the module's own is the calling thread's). */
  stackTop: number;
}

/** Starts a helper thread and sends it `init` (a Worker in the browser, a worker_threads Worker in Node). */
export type SpawnKernelThread = (init: KernelThreadInit) => void;

/** A slot's state (its first int). */
const SlotState = {
  /** Not started yet (or never will be): its slices run on the calling thread. */
  Absent: 0,
  Work: 1,
  /** Ready for work: started, or done with the last. */
  Idle: 2,
  Failed: 3,
} as const;

const maxCalls = 2;
const callInts = 28;
/** Per slot: state, call count, then the calls (kernel index, then its arguments). */
const slotInts = 2 + maxCalls * callInts;
export const stackBytes = 65536;
/** The longest a slice may take before the calling thread gives up on its helper (a stopped thread, not a slow one). */
const sliceTimeoutMs = 60_000;

/** Bytes of control block for `helpers` helper threads. */
export const controlBytes = (helpers: number) => helpers * slotInts * 4;

function kernelFunctions(instance: WebAssembly.Instance): Array<(...args: number[]) => void> {
  return threadedKernels.map((name) => instance.exports[exportNames[name]] as (...args: number[]) => void);
}

/** The helper thread's side: serves its slot until the thread ends. Blocks (Atomics.wait) between slices. */
export function runKernelThread(init: KernelThreadInit): never {
  const instance = new WebAssembly.Instance(init.module, { env: { memory: init.memory } });
  (instance.exports.__stack_pointer as WebAssembly.Global).value = init.stackTop;
  const functions = kernelFunctions(instance);
  // A view of a shared memory stays valid when the memory grows (and the control block never moves).
  const control = new Int32Array(init.memory.buffer, init.control + init.slot * slotInts * 4, slotInts);
  Atomics.store(control, 0, SlotState.Idle);
  Atomics.notify(control, 0);
  for (;;) {
    const state = Atomics.load(control, 0);
    if (state !== SlotState.Work) {
      Atomics.wait(control, 0, state);
      continue;
    }
    try {
      const calls = control[1]!;
      for (let c = 0; c < calls; c++) {
        const at = 2 + c * callInts;
        const fn = functions[control[at]!]!;
        fn(...control.subarray(at + 1, at + callInts));
      }
      Atomics.store(control, 0, SlotState.Idle);
    } catch {
      Atomics.store(control, 0, SlotState.Failed);
    }
    Atomics.notify(control, 0);
  }
}

/**
 * The calling thread's side: how many slices to cut (itself and the helpers ready now), and running
 * them. `run` runs a call on the calling thread.
 */
export interface KernelThreadPool {
  /** Threads ready to take a slice, the calling one included. */
  threads(): number;
  /** Runs `slices[0]` here and the others on ready helpers (or here, past the ready ones); returns when all are done. */
  runSlices(slices: ReadonlyArray<readonly KernelCall[]>, run: (call: KernelCall) => void): void;
}

export function kernelThreadPool(memory: WebAssembly.Memory, control: number, helpers: number): KernelThreadPool {
  const slots = Array.from({ length: helpers }, (_, slot) => new Int32Array(memory.buffer, control + slot * slotInts * 4, slotInts));
  const ready = () => slots.filter((s) => Atomics.load(s, 0) === SlotState.Idle);
  return {
    threads: () => 1 + ready().length,
    runSlices(slices, run) {
      const helpersNow = ready();
      const posted: Int32Array[] = [];
      const here = [slices[0] ?? []];
      for (const slice of slices.slice(1)) {
        const slot = helpersNow[posted.length];
        if (!slot || slice.length > maxCalls) {
          here.push(slice);
          continue;
        }
        slot[1] = slice.length;
        slice.forEach((call, c) => {
          const at = 2 + c * callInts;
          slot[at] = threadedKernels.indexOf(call.kernel);
          slot.set(call.args, at + 1);
        });
        Atomics.store(slot, 0, SlotState.Work);
        Atomics.notify(slot, 0);
        posted.push(slot);
      }
      for (const slice of here) for (const call of slice) run(call);
      let failed = false;
      for (const slot of posted) {
        while (Atomics.load(slot, 0) === SlotState.Work) {
          if (Atomics.wait(slot, 0, SlotState.Work, sliceTimeoutMs) === 'timed-out') throw new Error('a kernel thread stopped answering');
        }
        if (Atomics.load(slot, 0) === SlotState.Failed) {
          failed = true;
          Atomics.store(slot, 0, SlotState.Idle);
        }
      }
      if (failed) throw new Error('a kernel thread failed in a convolution');
    },
  };
}
