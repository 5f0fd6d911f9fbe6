import { broadcast } from './arithmetic-ops.ts';
import { concat, pad, reshaping, squeezeAxes, transpose } from './layout-ops.ts';
import { float, intList, ints, offsetsIn, sameDims, type Operator } from './operator.ts';
import type { Kernels } from './kernels.ts';
import { maxPool, resize } from './spatial-ops.ts';
import { elementCount, isFloat, type Value } from './tensor.ts';

/** out = min(hi, max(lo, a)), in the kernels' wasm loop when both are in their memory (a run). */
function clipInto(a: Float32Array, out: Float32Array, lo: number, hi: number, kernels?: Kernels): void {
  const offsets = offsetsIn(kernels, a, out);
  if (offsets) kernels!.clip(offsets[0]!, offsets[1]!, out.length, lo, hi);
  else for (let i = 0; i < out.length; i++) out[i] = Math.min(hi, Math.max(lo, a[i]!));
}

/** Every operator but the convolutions and Constant, by ONNX name. */
export const operators: Record<string, Operator> = {
  Identity: reshaping(sameDims),
  Relu: {
    dims: sameDims,
    inPlace: 'elementwise',
    compute([x], out, _attributes, kernels) {
      clipInto(float(x, 'Relu').data, out, 0, Number.POSITIVE_INFINITY, kernels);
    },
  },
  Sigmoid: {
    dims: sameDims,
    inPlace: 'elementwise',
    compute([x], out, _attributes, kernels) {
      const a = float(x, 'Sigmoid').data;
      const offsets = offsetsIn(kernels, a, out);
      if (offsets) kernels!.sigmoid(offsets[0]!, offsets[1]!, out.length);
      else for (let i = 0; i < out.length; i++) out[i] = 1 / (1 + Math.exp(-a[i]!));
    },
  },
  Add: broadcast('Add'),
  Mul: broadcast('Mul'),
  Div: broadcast('Div'),
  HardSigmoid: {
    dims: sameDims,
    inPlace: 'elementwise',
    compute([x], out, attributes) {
      const alpha = (attributes.alpha as number | undefined) ?? 0.2;
      const beta = (attributes.beta as number | undefined) ?? 0.5;
      const a = float(x, 'HardSigmoid').data;
      for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(1, alpha * a[i]! + beta));
    },
  },
  Clip: {
    dims: sameDims,
    inPlace: 'elementwise',
    compute(inputs, out, attributes, kernels) {
      const bound = (v: Value | undefined, fallback: number) => (v && isFloat(v) ? v.data[0]! : fallback);
      const lo = bound(inputs[1], (attributes.min as number | undefined) ?? Number.NEGATIVE_INFINITY);
      const hi = bound(inputs[2], (attributes.max as number | undefined) ?? Number.POSITIVE_INFINITY);
      clipInto(float(inputs[0], 'Clip').data, out, lo, hi, kernels);
    },
  },
  Cast: {
    dims: ([x]) => [...x!.dims],
    compute([x], out, attributes) {
      if (attributes.to !== 1) throw new Error(`Cast: only to float (1) is supported, not ${attributes.to}`);
      if (isFloat(x!)) out.set(x.data);
      else out.set(x!.ints);
    },
  },
  MaxPool: maxPool,
  GlobalAveragePool: {
    dims([x]) {
      const t = float(x, 'GlobalAveragePool');
      return [t.dims[0]!, t.dims[1]!, ...t.dims.slice(2).map(() => 1)];
    },
    compute([x], out) {
      const t = float(x, 'GlobalAveragePool');
      const area = elementCount(t.dims.slice(2));
      for (let p = 0; p < out.length; p++) {
        let sum = 0;
        for (let i = 0; i < area; i++) sum += t.data[p * area + i]!;
        out[p] = sum / area;
      }
    },
  },
  BatchNormalization: {
    dims: sameDims,
    inPlace: 'elementwise',
    compute([x, scale, bias, mean, variance], out, attributes) {
      const t = float(x, 'BatchNormalization');
      const epsilon = (attributes.epsilon as number | undefined) ?? 1e-5;
      const [s, b, m, v] = [scale, bias, mean, variance].map((p) => float(p, 'BatchNormalization').data) as [
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
      ];
      const channels = t.dims[1]!;
      const area = elementCount(t.dims.slice(2));
      for (let plane = 0; plane * area < out.length; plane++) {
        const c = plane % channels;
        const scaleHere = s[c]! / Math.sqrt(v[c]! + epsilon);
        const shift = b[c]! - m[c]! * scaleHere;
        for (let i = plane * area; i < (plane + 1) * area; i++) out[i] = t.data[i]! * scaleHere + shift;
      }
    },
  },
  Resize: resize,
  Squeeze: reshaping((inputs, attributes) => {
    const axes = squeezeAxes(inputs, attributes);
    return float(inputs[0], 'Squeeze').dims.filter((_, i) => !axes.includes(i));
  }),
  Unsqueeze: reshaping(([x, axesInput], attributes) => {
    const dims = [...float(x, 'Unsqueeze').dims];
    const axes = ints(axesInput) ?? intList(attributes.axes) ?? [];
    const rank = dims.length + axes.length;
    for (const a of axes.map((a) => (a < 0 ? a + rank : a)).sort((p, q) => p - q)) dims.splice(a, 0, 1);
    return dims;
  }),
  Transpose: transpose,
  Reshape: reshaping(([x, shape]) => {
    const t = float(x, 'Reshape');
    const dims = (ints(shape) ?? []).map((d, i) => (d === 0 ? t.dims[i]! : d));
    const known = dims.reduce((a, d) => (d === -1 ? a : a * d), 1);
    return dims.map((d) => (d === -1 ? t.data.length / known : d));
  }),
  Concat: concat,
  Pad: pad,
};
