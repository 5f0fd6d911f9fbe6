import { kernelsWasmBase64 } from './kernels-wasm.ts';

/**
 * The wasm kernels of kernels.c with the memory they work in. Weights packed for `gemm` stay for the
 * runtime's life at the bottom of the memory (`keep`); everything else is scratch above them, laid
 * out afresh by each operation (`scratch`), which runs to its end without yielding.
 */
export interface Kernels {
  /** Copies `data` into the kept region; returns its byte offset. */
  keep(data: Float32Array): number;
  /** Byte offsets of scratch buffers of these float counts (valid until the next call). */
  scratch(...floats: number[]): number[];
  /** A float view of the memory (taken again after any `keep` or `scratch`: the memory may grow). */
  floats(): Float32Array;
  im2col(
    src: number,
    channels: number,
    height: number,
    width: number,
    kh: number,
    kw: number,
    sh: number,
    sw: number,
    ph: number,
    pw: number,
    dh: number,
    dw: number,
    outH: number,
    outW: number,
    dst: number,
  ): void;
  gemm(a: number, col: number, bias: number, out: number, mCount: number, n: number, kTotal: number, ldc: number, relu: number): void;
}

const pageBytes = 65536;
const align = 64;

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let compiled: Promise<WebAssembly.Module> | null = null;

/** A fresh memory with the kernels instantiated in it (the module is compiled once). */
export async function createKernels(): Promise<Kernels> {
  compiled ??= WebAssembly.compile(decodeBase64(kernelsWasmBase64));
  const memory = new WebAssembly.Memory({ initial: 16 });
  const instance = await WebAssembly.instantiate(await compiled, { env: { memory } });
  const exports = instance.exports as unknown as Pick<Kernels, 'im2col' | 'gemm'>;
  // The module's own stack and data sit below 64 KiB (wasm-ld's default layout).
  let keptTop = pageBytes;
  const ensure = (end: number) => {
    const have = memory.buffer.byteLength;
    if (end > have) memory.grow(Math.ceil((end - have) / pageBytes));
  };
  const roundUp = (n: number) => Math.ceil(n / align) * align;
  return {
    keep(data) {
      const offset = keptTop;
      keptTop = roundUp(offset + data.byteLength);
      ensure(keptTop);
      new Float32Array(memory.buffer, offset, data.length).set(data);
      return offset;
    },
    scratch(...floats) {
      let top = keptTop;
      const offsets = floats.map((count) => {
        const offset = top;
        top = roundUp(offset + count * 4);
        return offset;
      });
      ensure(top);
      return offsets;
    },
    floats: () => new Float32Array(memory.buffer),
    im2col: exports.im2col,
    gemm: exports.gemm,
  };
}
