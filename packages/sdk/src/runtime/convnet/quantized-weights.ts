import { onnxDataType, type OnnxNode, type OnnxTensor } from './onnx-model.ts';
import { elementCount, isFloat, type FloatTensor, type Value } from './tensor.ts';

/**
 * A convolution's int8 weights as the file gives them — a Constant, its Cast to float and its Mul by
 * a scale per output channel (or one scale) — kept int8 until they are packed into the kernels'
 * memory, which then writes each weight as `int8 × scale`. Folding the Cast and the Mul first made a
 * float copy of every weight (6 MB for the Latin recognizer: fresh memory, slow to touch, then
 * copied again by the packing) at every session creation. The values are those the fold gives: the
 * product of an int8 and a float32 is exact in double precision, rounded once to float32 either way.
 */
export interface QuantizedWeight {
  dims: number[];
  int8: Int8Array;
  /** One scale, or one per output channel (the first axis); null before the Mul (the Cast's output). */
  scale: Float32Array | null;
}

/** A Constant node's int8 tensor read by one node alone, as a quantized weight; else null. */
export function quantizedConstant(tensor: OnnxTensor, readers: number): QuantizedWeight | null {
  return tensor.dataType === onnxDataType.int8 && readers === 1 ? { dims: tensor.dims, int8: tensor.data as Int8Array, scale: null } : null;
}

/**
 * The quantized weight a Cast to float or a Mul by a constant scale makes of a quantized weight that
 * only it reads; null when the node is something else or the scale is not one per output channel.
 */
export function quantizedStep(
  node: OnnxNode,
  quantized: ReadonlyMap<string, QuantizedWeight>,
  constants: ReadonlyMap<string, Value>,
  readers: (name: string) => number,
): QuantizedWeight | null {
  const source = node.inputs.find((name) => quantized.get(name)?.scale === null && readers(name) === 1);
  if (!source) return null;
  const weight = quantized.get(source)!;
  if (node.opType === 'Cast') return node.attributes.to === onnxDataType.float ? weight : null;
  if (node.opType !== 'Mul' || node.inputs.length !== 2) return null;
  const other = constants.get(node.inputs.find((name) => name !== source) ?? '');
  if (!other || !isFloat(other)) return null;
  const count = elementCount(other.dims);
  // Broadcasting aligns the right-most axes: per output channel means [M, 1, 1, 1] against [M, C, kh, kw].
  const perChannel = other.dims.length === weight.dims.length && other.dims[0] === weight.dims[0] && count === weight.dims[0];
  return count === 1 || perChannel ? { ...weight, scale: Float32Array.from(other.data) } : null;
}

/** The scale of output channel `channel` (1 before the Mul). */
export function scaleOf(weight: QuantizedWeight, channel: number): number {
  return weight.scale ? weight.scale[weight.scale.length === 1 ? 0 : channel]! : 1;
}

/** The weights as floats, the same values the Cast and the Mul give (a reader other than a convolution's weights). */
export function dequantized(weight: QuantizedWeight): FloatTensor {
  const data = new Float32Array(weight.int8.length);
  const perChannel = data.length / (weight.dims[0] ?? 1);
  for (let i = 0; i < data.length; i++) data[i] = weight.int8[i]! * scaleOf(weight, Math.floor(i / perChannel));
  return { dims: weight.dims, data };
}
