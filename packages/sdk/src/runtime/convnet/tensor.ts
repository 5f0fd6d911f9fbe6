/** A float32 tensor of the convnet runtime, row-major. */
export interface FloatTensor {
  dims: number[];
  data: Float32Array;
}

/** A value of a graph: float data, or integers (shapes, axes, scales given as int64). */
export type Value = FloatTensor | { dims: number[]; ints: number[] };

export const isFloat = (v: Value): v is FloatTensor => 'data' in v;

export const elementCount = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

/** A tensor in a session's kernels memory (`Kernels`), at a byte offset. */
export interface MemoryTensor {
  dims: number[];
  offset: number;
}
