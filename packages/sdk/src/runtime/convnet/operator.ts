import type { Kernels } from './kernels.ts';
import type { OnnxAttribute } from './onnx-model.ts';
import { elementCount, isFloat, type FloatTensor, type Value } from './tensor.ts';

export type Inputs = ReadonlyArray<Value | undefined>;
export type Attributes = Record<string, OnnxAttribute>;

/**
 * An operator other than the convolutions, in two parts: the output's dims from the inputs', and
 * the computation into an output the caller laid out (in the session's memory during a run, a new
 * array when a constant is computed at session creation).
 */
export interface Operator {
  dims(inputs: Inputs, attributes: Attributes): number[];
  /** `kernels`: the session's, whose wasm loops an operator may use on tensors in its memory (not given for constants). */
  compute(inputs: Inputs, out: Float32Array, attributes: Attributes, kernels?: Kernels): void;
  /**
   * Whether a run may give the output the block of an input of its size that no later step reads,
   * instead of a block of its own (at the detector's widest, that block is 11.5 MB less memory to
   * touch): 'elementwise' — output element i is computed from element i of its inputs alone, so
   * writing it spoils nothing still to be read; 'view' — the output is the first input's data as it
   * is (a reshape), so nothing is computed.
   */
  inPlace?: 'elementwise' | 'view';
}

/**
 * Runs an operator on constants (session creation), into a new array or into `into` (an input's own
 * data, for an element-wise operator whose output has that size).
 */
export function computeConstant(op: Operator, inputs: Inputs, attributes: Attributes, into?: Float32Array): FloatTensor {
  const dims = op.dims(inputs, attributes);
  const count = elementCount(dims);
  const data = into?.length === count ? into : new Float32Array(count);
  op.compute(inputs, data, attributes);
  return { dims, data };
}

export const float = (v: Value | undefined, op: string): FloatTensor => {
  if (!v || !isFloat(v)) throw new Error(`${op}: expected a float input`);
  return v;
};
export const ints = (v: Value | undefined): number[] | null => (v ? (isFloat(v) ? Array.from(v.data) : v.ints) : null);
export const intList = (a: OnnxAttribute | undefined): number[] | null => (Array.isArray(a) ? a : null);
export const sameDims = (inputs: Inputs) => [...float(inputs[0], 'operator').dims];

/**
 * The byte offsets of arrays that all lie in the kernels' memory (a run's tensors), for a wasm loop
 * to work on them; null when there are no kernels (constants at session creation) or one lies elsewhere.
 */
export function offsetsIn(kernels: Kernels | undefined, ...arrays: Float32Array[]): number[] | null {
  if (!kernels) return null;
  const offsets = arrays.map((array) => kernels.offsetOf(array));
  return offsets.every((offset) => offset !== null) ? (offsets as number[]) : null;
}

/**
 * Visits the elements of a tensor of `dims` in row-major order with, for each source, the offset its
 * `strides` give there (a stride of 0 repeats a broadcast axis): the general loop of Transpose and of
 * broadcasting arithmetic.
 */
export function forEachStrided(
  dims: readonly number[],
  strides: ReadonlyArray<readonly number[]>,
  visit: (i: number, offsets: readonly number[]) => void,
): void {
  const rank = dims.length;
  const index = new Array<number>(rank).fill(0);
  const offsets = strides.map(() => 0);
  const count = elementCount(dims);
  for (let i = 0; i < count; i++) {
    visit(i, offsets);
    for (let axis = rank - 1; axis >= 0; axis--) {
      index[axis]!++;
      for (let s = 0; s < strides.length; s++) offsets[s]! += strides[s]![axis]!;
      if (index[axis]! < dims[axis]!) break;
      for (let s = 0; s < strides.length; s++) offsets[s]! -= strides[s]![axis]! * dims[axis]!;
      index[axis] = 0;
    }
  }
}
