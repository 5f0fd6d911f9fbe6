import { controlBytes, kernelThreadPool, stackBytes, type KernelCall, type KernelThreadPool, type SpawnKernelThread } from './kernel-threads.ts';
import { kernelsThreadsWasmBase64, kernelsWasmBase64 } from './kernels-wasm.ts';

/** A convolution's window as `im2col` and `depthwise` take it: kernel rows and columns, strides, leading pads, dilations. */
export type ConvWindow = [kh: number, kw: number, sh: number, sw: number, ph: number, pw: number, dh: number, dw: number];
/** The input planes, window and output size of a convolution, as `im2col` and `depthwise` take them. */
export type ConvShape = [channels: number, height: number, width: number, ...window: ConvWindow, outH: number, outW: number];

/**
 * The wasm kernels of kernels.c with the memory they work in, shared by a runtime's sessions. The
 * sessions' weights stay at the bottom of the memory (`keep`); a run's tensors live above them, in
 * blocks handed out and taken back as the run goes (`allocate`, `release`) and all taken back by
 * `reset`.
 * The same pages serve every run: fresh memory is slow to touch the first time (page faults), so
 * tensors are never allocated as new JS arrays.
 */
export interface Kernels {
  /** Copies `data` into the kept region; returns its byte offset. */
  keep(data: Float32Array): number;
  /** `floats` floats of the kept region, written by `fill` in place (no copy made first); returns the byte offset. */
  keepFilled(floats: number, fill: (view: Float32Array) => void): number;
  /** A block of `floats` floats for a run; returns its byte offset. */
  allocate(floats: number): number;
  release(offset: number): void;
  /** Takes back every block (the end of a run). */
  reset(): void;
  /** A view of `floats` floats at a byte offset (taken again after any `allocate`: the memory may grow). */
  view(offset: number, floats: number): Float32Array;
  /** The byte offset of a view of this memory (as `view` gives), or null for any other array. */
  offsetOf(array: Float32Array): number | null;
  sigmoid(input: number, out: number, n: number): void;
  /** `op`: 0 add, 1 multiply, 2 divide. */
  binary(op: number, a: number, b: number, out: number, n: number): void;
  binaryScalar(op: number, a: number, v: number, vFirst: number, out: number, n: number): void;
  clip(a: number, out: number, n: number, lo: number, hi: number): void;
  /** Nearest-neighbour upsampling (`add`: 1 adds `y`, of the output's shape); `columns`: the source column of each output column (int32). */
  upsample(
    x: number,
    columns: number,
    add: number,
    y: number,
    out: number,
    planes: number,
    height: number,
    width: number,
    outH: number,
    outW: number,
    scaleH: number,
  ): void;
  im2col(...args: [src: number, ...shape: ConvShape, firstPanel: number, panelCount: number, dst: number]): void;
  maxPool(
    src: number,
    out: number,
    planes: number,
    height: number,
    width: number,
    kh: number,
    kw: number,
    sh: number,
    sw: number,
    outH: number,
    outW: number,
  ): void;
  gemm(a: number, col: number, bias: number, out: number, mCount: number, n: number, kTotal: number, ldc: number, epilogue: number): void;
  gemmRows(
    a: number,
    b: number,
    bias: number,
    out: number,
    mCount: number,
    n: number,
    kTotal: number,
    ldb: number,
    ldc: number,
    epilogue: number,
    scratch: number,
  ): void;
  /** A slice of a convolution's output panels, inside ones read from the input at `koff` (int32), the others packed into `scratch` (kernels.c). */
  convPanels(
    ...args: [
      a: number,
      src: number,
      koff: number,
      bias: number,
      out: number,
      mCount: number,
      ...shape: ConvShape,
      insideTop: number,
      insideBottom: number,
      insideLeft: number,
      insideRight: number,
      firstPanel: number,
      panelCount: number,
      scratch: number,
      epilogue: number,
    ]
  ): void;
  scatterTap(tap: number, out: number, channels: number, height: number, width: number, kh: number, kw: number, dy: number, dx: number): void;
  /** Output rows firstRow .. firstRow + rowCount − 1 of every channel. */
  depthwise(
    ...args: [src: number, weights: number, bias: number, out: number, ...shape: ConvShape, firstRow: number, rowCount: number, epilogue: number]
  ): void;
  /** Threads ready to take a slice of a convolution, this one included (1 without threads: kernel-threads.ts). */
  threads(): number;
  /** Runs the first slice on this thread and the others on the helper threads; returns when all are done. */
  runSlices(slices: ReadonlyArray<readonly KernelCall[]>): void;
}

export interface KernelsOptions {
  /** Threads to compute convolutions on, this one included (default 1); more need `spawnThread` and SharedArrayBuffer. */
  threads?: number;
  spawnThread?: SpawnKernelThread;
}

const pageBytes = 65536;
/** Blocks start on 64-byte boundaries (cache lines; `gemm`'s vector loads). */
const align = 64;
const roundUp = (n: number) => Math.ceil(n / align) * align;

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const compiled: Partial<Record<'single' | 'threads', Promise<WebAssembly.Module>>> = {};
const compile = (build: 'single' | 'threads') =>
  (compiled[build] ??= WebAssembly.compile(decodeBase64(build === 'single' ? kernelsWasmBase64 : kernelsThreadsWasmBase64)));
/** The threads build's maximum (build-kernels.sh): a shared memory is created with its maximum. */
const sharedMaxPages = 32768;

/**
 * A fresh memory with the kernels instantiated in it (each build is compiled once); with `threads`
 * (and a way to start them, and SharedArrayBuffer) a shared memory and that many threads in all.
 */
export async function createKernels({ threads = 1, spawnThread }: KernelsOptions = {}): Promise<Kernels> {
  const helpers = threads > 1 && spawnThread && typeof SharedArrayBuffer !== 'undefined' ? Math.floor(threads) - 1 : 0;
  const module = await compile(helpers > 0 ? 'threads' : 'single');
  const memory = new WebAssembly.Memory(helpers > 0 ? { initial: 16, maximum: sharedMaxPages, shared: true } : { initial: 16 });
  const instance = await WebAssembly.instantiate(module, { env: { memory } });
  const {
    __heap_base: heapBase,
    scatter_tap: scatterTap,
    gemm_rows: gemmRows,
    conv_panels: convPanels,
    binary_scalar: binaryScalar,
    max_pool: maxPool,
    __stack_pointer: _stackPointer,
    ...exports
  } = instance.exports as unknown as Pick<Kernels, 'im2col' | 'gemm' | 'depthwise' | 'sigmoid' | 'binary' | 'clip' | 'upsample'> & {
    __heap_base: WebAssembly.Global;
    __stack_pointer?: WebAssembly.Global;
    scatter_tap: Kernels['scatterTap'];
    gemm_rows: Kernels['gemmRows'];
    conv_panels: Kernels['convPanels'];
    binary_scalar: Kernels['binaryScalar'];
    max_pool: Kernels['maxPool'];
  };
  // The module's stack (64 KiB, first) and data end at its heap base: the memory above is ours.
  let keptTop = roundUp(heapBase.value as number);
  const blocks = new BlockAllocator();
  const ensure = (end: number) => {
    const have = memory.buffer.byteLength;
    if (end > have) memory.grow(Math.ceil((end - have) / pageBytes));
  };
  const keepFilled = (floats: number, fill: (view: Float32Array) => void) => {
    if (blocks.inUse) throw new Error('weights are kept before a run, not during one');
    const offset = keptTop;
    keptTop = roundUp(offset + floats * 4);
    ensure(keptTop);
    fill(new Float32Array(memory.buffer, offset, floats));
    return offset;
  };
  const pool = helpers > 0 ? startHelpers(module, memory, helpers, keepFilled, spawnThread!) : null;
  const local = {
    ...exports,
    scatterTap,
    gemmRows,
    convPanels,
    binaryScalar,
    maxPool,
  };
  const runHere = (call: KernelCall) => (local[call.kernel] as (...args: readonly number[]) => void)(...call.args);
  return {
    keep: (data) => keepFilled(data.length, (view) => view.set(data)),
    keepFilled,
    allocate(floats) {
      const offset = keptTop + blocks.allocate(roundUp(Math.max(1, floats) * 4));
      ensure(keptTop + blocks.top);
      return offset;
    },
    release: (offset) => blocks.release(offset - keptTop),
    reset: () => blocks.reset(),
    view: (offset, floats) => new Float32Array(memory.buffer, offset, floats),
    offsetOf: (array) => (array.buffer === memory.buffer ? array.byteOffset : null),
    ...local,
    threads: () => pool?.threads() ?? 1,
    runSlices(slices) {
      if (pool) pool.runSlices(slices, runHere);
      else for (const call of slices.flat()) runHere(call);
    },
  };
}

/** The helpers' control block and stacks, kept at the bottom of the memory, and the helpers started on them. */
function startHelpers(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory,
  helpers: number,
  keepFilled: Kernels['keepFilled'],
  spawnThread: SpawnKernelThread,
): KernelThreadPool {
  const control = keepFilled(controlBytes(helpers) / 4, (view) => view.fill(0));
  for (let slot = 0; slot < helpers; slot++) {
    const stack = keepFilled(stackBytes / 4, () => {});
    spawnThread({ kind: 'idlens-kernel-thread', module, memory, control, helpers, slot, stackTop: stack + stackBytes });
  }
  return kernelThreadPool(memory, control, helpers);
}

/** First-fit blocks in a region that grows at its top; neighbouring free blocks merge. */
class BlockAllocator {
  #free: Array<{ start: number; size: number }> = [];
  #used = new Map<number, number>();
  top = 0;

  get inUse(): boolean {
    return this.#used.size > 0;
  }

  allocate(size: number): number {
    const i = this.#free.findIndex((b) => b.size >= size);
    let start: number;
    if (i >= 0) {
      const block = this.#free[i]!;
      start = block.start;
      if (block.size === size) this.#free.splice(i, 1);
      else this.#free[i] = { start: start + size, size: block.size - size };
    } else {
      // Grow from the last free block when it ends at the top.
      const last = this.#free.at(-1);
      start = last && last.start + last.size === this.top ? last.start : this.top;
      if (start !== this.top) this.#free.pop();
      this.top = start + size;
    }
    this.#used.set(start, size);
    return start;
  }

  release(start: number): void {
    const size = this.#used.get(start);
    if (size === undefined) throw new Error('released a block that is not in use');
    this.#used.delete(start);
    let i = this.#free.findIndex((b) => b.start > start);
    if (i < 0) i = this.#free.length;
    this.#free.splice(i, 0, { start, size });
    // Merge with the next, then with the previous.
    const next = this.#free[i + 1];
    if (next && start + size === next.start) {
      this.#free[i] = { start, size: size + next.size };
      this.#free.splice(i + 1, 1);
    }
    const prev = this.#free[i - 1];
    const cur = this.#free[i]!;
    if (prev && prev.start + prev.size === cur.start) {
      this.#free[i - 1] = { start: prev.start, size: prev.size + cur.size };
      this.#free.splice(i, 1);
    }
  }

  /** Every block back; the region keeps its size (its pages stay touched for the next run). */
  reset(): void {
    this.#used.clear();
    this.#free = this.top > 0 ? [{ start: 0, size: this.top }] : [];
  }
}
