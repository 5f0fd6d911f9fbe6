import type { OnnxAttribute } from './onnx-model.ts';
import { elementCount, isFloat, type FloatTensor, type Value } from './tensor.ts';

/** An operator other than the convolutions: values in, one value out. */
export type Operator = (inputs: ReadonlyArray<Value | undefined>, attributes: Record<string, OnnxAttribute>) => Value;

const float = (v: Value | undefined, op: string): FloatTensor => {
  if (!v || !isFloat(v)) throw new Error(`${op}: expected a float input`);
  return v;
};
const ints = (v: Value | undefined): number[] | null => (v ? (isFloat(v) ? Array.from(v.data) : v.ints) : null);
const intList = (a: OnnxAttribute | undefined): number[] | null => (Array.isArray(a) ? a : null);

const map = (op: string, f: (x: number) => number): Operator => {
  return ([x]) => {
    const t = float(x, op);
    const out = new Float32Array(t.data.length);
    for (let i = 0; i < out.length; i++) out[i] = f(t.data[i]!);
    return { dims: t.dims, data: out };
  };
};

/**
 * NumPy-style broadcasting of two tensors; `same` is the loop for two tensors of one shape (the
 * detectors' feature-pyramid sums, where a shared loop calling `f` per element costs ~30 ms).
 */
function broadcast(op: string, f: (a: number, b: number) => number, same?: (a: Float32Array, b: Float32Array, out: Float32Array) => void): Operator {
  return ([x, y]) => {
    const a = float(x, op);
    const b = float(y, op);
    const rank = Math.max(a.dims.length, b.dims.length);
    const pad = (d: number[]) => [...Array(rank - d.length).fill(1), ...d];
    const da = pad(a.dims);
    const db = pad(b.dims);
    const dims = da.map((n, i) => {
      const m = db[i]!;
      if (n !== m && n !== 1 && m !== 1) throw new Error(`${op}: shapes ${a.dims} and ${b.dims} do not broadcast`);
      return Math.max(n, m);
    });
    const out = new Float32Array(elementCount(dims));
    if (a.data.length === out.length && b.data.length === out.length && same) {
      same(a.data, b.data, out);
      return { dims, data: out };
    }
    const strides = (d: number[]) => {
      const s = new Array<number>(rank).fill(0);
      let step = 1;
      for (let i = rank - 1; i >= 0; i--) {
        s[i] = d[i] === 1 ? 0 : step;
        step *= d[i]!;
      }
      return s;
    };
    const sa = strides(da);
    const sb = strides(db);
    const index = new Array<number>(rank).fill(0);
    let ia = 0;
    let ib = 0;
    for (let i = 0; i < out.length; i++) {
      out[i] = f(a.data[ia]!, b.data[ib]!);
      for (let axis = rank - 1; axis >= 0; axis--) {
        index[axis]!++;
        ia += sa[axis]!;
        ib += sb[axis]!;
        if (index[axis]! < dims[axis]!) break;
        ia -= sa[axis]! * dims[axis]!;
        ib -= sb[axis]! * dims[axis]!;
        index[axis] = 0;
      }
    }
    return { dims, data: out };
  };
}

function transpose(t: FloatTensor, perm: number[]): FloatTensor {
  const dims = perm.map((p) => t.dims[p]!);
  const inStrides = t.dims.map((_, i) => elementCount(t.dims.slice(i + 1)));
  const stride = perm.map((p) => inStrides[p]!);
  const out = new Float32Array(t.data.length);
  const rank = dims.length;
  const index = new Array<number>(rank).fill(0);
  let from = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = t.data[from]!;
    for (let axis = rank - 1; axis >= 0; axis--) {
      index[axis]!++;
      from += stride[axis]!;
      if (index[axis]! < dims[axis]!) break;
      from -= stride[axis]! * dims[axis]!;
      index[axis] = 0;
    }
  }
  return { dims, data: out };
}

function maxPool(x: FloatTensor, attributes: Record<string, OnnxAttribute>): FloatTensor {
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const [kh, kw] = intList(attributes.kernel_shape) as [number, number];
  const [sh, sw] = (intList(attributes.strides) ?? [1, 1]) as [number, number];
  const pads = intList(attributes.pads) ?? [0, 0, 0, 0];
  if (pads.some((p) => p !== 0) || attributes.ceil_mode || intList(attributes.dilations)?.some((d) => d !== 1)) {
    throw new Error('MaxPool: only unpadded, undilated pooling with ceil_mode 0 is supported');
  }
  const outH = Math.floor((height - kh) / sh) + 1;
  const outW = Math.floor((width - kw) / sw) + 1;
  const out = new Float32Array(batch * channels * outH * outW);
  let o = 0;
  for (let plane = 0; plane < batch * channels; plane++) {
    const base = plane * height * width;
    for (let y = 0; y < outH; y++) {
      for (let xx = 0; xx < outW; xx++) {
        let best = Number.NEGATIVE_INFINITY;
        for (let dy = 0; dy < kh; dy++) {
          const row = base + (y * sh + dy) * width + xx * sw;
          for (let dx = 0; dx < kw; dx++) best = Math.max(best, x.data[row + dx]!);
        }
        out[o++] = best;
      }
    }
  }
  return { dims: [batch, channels, outH, outW], data: out };
}

/** Resize with `nearest`, `asymmetric` coordinates and `floor` rounding (what the models use). */
function resizeNearest(x: FloatTensor, scales: number[] | null, sizes: number[] | null, attributes: Record<string, OnnxAttribute>): FloatTensor {
  const mode = attributes.mode ?? 'nearest';
  const transform = attributes.coordinate_transformation_mode ?? 'half_pixel';
  const rounding = attributes.nearest_mode ?? 'round_prefer_floor';
  if (mode !== 'nearest' || transform !== 'asymmetric' || rounding !== 'floor') {
    throw new Error(`Resize: ${mode}/${transform}/${rounding} is not supported (nearest/asymmetric/floor is)`);
  }
  const [batch, channels, height, width] = x.dims as [number, number, number, number];
  const outH = sizes ? sizes[2]! : Math.floor(height * scales![2]!);
  const outW = sizes ? sizes[3]! : Math.floor(width * scales![3]!);
  if (sizes ? sizes[0] !== batch || sizes[1] !== channels : scales![0] !== 1 || scales![1] !== 1) throw new Error('Resize: only H and W may be resized');
  const scaleH = sizes ? outH / height : scales![2]!;
  const scaleW = sizes ? outW / width : scales![3]!;
  const columns = Int32Array.from({ length: outW }, (_, xx) => Math.min(width - 1, Math.floor(xx / scaleW)));
  const out = new Float32Array(batch * channels * outH * outW);
  let o = 0;
  for (let plane = 0; plane < batch * channels; plane++) {
    for (let y = 0; y < outH; y++) {
      const row = plane * height * width + Math.min(height - 1, Math.floor(y / scaleH)) * width;
      for (let xx = 0; xx < outW; xx++) out[o++] = x.data[row + columns[xx]!]!;
    }
  }
  return { dims: [batch, channels, outH, outW], data: out };
}

function concat(inputs: FloatTensor[], axis: number): FloatTensor {
  const rank = inputs[0]!.dims.length;
  const at = axis < 0 ? axis + rank : axis;
  const dims = [...inputs[0]!.dims];
  dims[at] = inputs.reduce((sum, t) => sum + t.dims[at]!, 0);
  const outer = elementCount(dims.slice(0, at));
  const out = new Float32Array(elementCount(dims));
  let o = 0;
  for (let i = 0; i < outer; i++) {
    for (const t of inputs) {
      const chunk = elementCount(t.dims.slice(at));
      out.set(t.data.subarray(i * chunk, (i + 1) * chunk), o);
      o += chunk;
    }
  }
  return { dims, data: out };
}

function reshape(t: FloatTensor, shape: number[]): FloatTensor {
  const dims = shape.map((d, i) => (d === 0 ? t.dims[i]! : d));
  const known = dims.reduce((a, d) => (d === -1 ? a : a * d), 1);
  return { dims: dims.map((d) => (d === -1 ? t.data.length / known : d)), data: t.data };
}

export const operators: Record<string, Operator> = {
  Identity: ([x]) => x!,
  Relu: map('Relu', (v) => Math.max(v, 0)),
  Sigmoid: map('Sigmoid', (v) => 1 / (1 + Math.exp(-v))),
  Add: broadcast(
    'Add',
    (a, b) => a + b,
    (a, b, out) => {
      for (let i = 0; i < out.length; i++) out[i] = a[i]! + b[i]!;
    },
  ),
  Mul: broadcast('Mul', (a, b) => a * b),
  Div: broadcast('Div', (a, b) => a / b),
  HardSigmoid: (inputs, attributes) => {
    const alpha = (attributes.alpha as number | undefined) ?? 0.2;
    const beta = (attributes.beta as number | undefined) ?? 0.5;
    return map('HardSigmoid', (v) => Math.max(0, Math.min(1, alpha * v + beta)))(inputs, attributes);
  },
  Clip: (inputs, attributes) => {
    const bound = (v: Value | undefined, fallback: number) => (v && isFloat(v) ? v.data[0]! : fallback);
    const lo = bound(inputs[1], (attributes.min as number | undefined) ?? Number.NEGATIVE_INFINITY);
    const hi = bound(inputs[2], (attributes.max as number | undefined) ?? Number.POSITIVE_INFINITY);
    return map('Clip', (v) => Math.min(hi, Math.max(lo, v)))(inputs, attributes);
  },
  Cast: ([x], attributes) => {
    if (attributes.to !== 1) throw new Error(`Cast: only to float (1) is supported, not ${attributes.to}`);
    return isFloat(x!) ? x! : { dims: x!.dims, data: Float32Array.from(x!.ints) };
  },
  MaxPool: ([x], attributes) => maxPool(float(x, 'MaxPool'), attributes),
  GlobalAveragePool: ([x]) => {
    const t = float(x, 'GlobalAveragePool');
    const [batch, channels] = t.dims as [number, number];
    const area = elementCount(t.dims.slice(2));
    const out = new Float32Array(batch * channels);
    for (let p = 0; p < out.length; p++) {
      let sum = 0;
      for (let i = 0; i < area; i++) sum += t.data[p * area + i]!;
      out[p] = sum / area;
    }
    return { dims: [batch, channels, ...t.dims.slice(2).map(() => 1)], data: out };
  },
  BatchNormalization: ([x, scale, bias, mean, variance], attributes) => {
    const t = float(x, 'BatchNormalization');
    const epsilon = (attributes.epsilon as number | undefined) ?? 1e-5;
    const [s, b, m, v] = [scale, bias, mean, variance].map((p) => float(p, 'BatchNormalization').data) as Float32Array[];
    const channels = t.dims[1]!;
    const area = elementCount(t.dims.slice(2));
    const out = new Float32Array(t.data.length);
    for (let i = 0; i < out.length; i++) {
      const c = Math.floor(i / area) % channels;
      out[i] = ((t.data[i]! - m![c]!) / Math.sqrt(v![c]! + epsilon)) * s![c]! + b![c]!;
    }
    return { dims: t.dims, data: out };
  },
  Resize: ([x, , scales, sizes], attributes) => {
    const s = ints(scales);
    return resizeNearest(float(x, 'Resize'), s && s.length > 0 ? s : null, ints(sizes), attributes);
  },
  Squeeze: ([x, axesInput], attributes) => {
    const t = float(x, 'Squeeze');
    const axes = (ints(axesInput ?? undefined) ?? intList(attributes.axes) ?? t.dims.flatMap((d, i) => (d === 1 ? [i] : []))).map((a) =>
      a < 0 ? a + t.dims.length : a,
    );
    return { dims: t.dims.filter((_, i) => !axes.includes(i)), data: t.data };
  },
  Unsqueeze: ([x, axesInput], attributes) => {
    const t = float(x, 'Unsqueeze');
    const axes = ints(axesInput ?? undefined) ?? intList(attributes.axes) ?? [];
    const dims = [...t.dims];
    const rank = dims.length + axes.length;
    for (const a of axes.map((a) => (a < 0 ? a + rank : a)).sort((p, q) => p - q)) dims.splice(a, 0, 1);
    return { dims, data: t.data };
  },
  Transpose: ([x], attributes) => {
    const t = float(x, 'Transpose');
    return transpose(t, intList(attributes.perm) ?? t.dims.map((_, i) => t.dims.length - 1 - i));
  },
  Reshape: ([x, shape]) => reshape(float(x, 'Reshape'), ints(shape) ?? []),
  Concat: (inputs, attributes) =>
    concat(
      inputs.map((t) => float(t, 'Concat')),
      (attributes.axis as number | undefined) ?? 0,
    ),
  Pad: ([x, padsInput, constant], attributes) => {
    const t = float(x, 'Pad');
    if ((attributes.mode ?? 'constant') !== 'constant') throw new Error('Pad: only constant padding is supported');
    const pads = ints(padsInput ?? undefined) ?? intList(attributes.pads) ?? [];
    const value = constant && isFloat(constant) ? constant.data[0]! : 0;
    const rank = t.dims.length;
    const dims = t.dims.map((d, i) => d + pads[i]! + pads[i + rank]!);
    if (pads.some((p) => p < 0)) throw new Error('Pad: negative pads are not supported');
    const out = new Float32Array(elementCount(dims)).fill(value);
    const inner = t.dims[rank - 1]!;
    const rows = t.data.length / inner;
    for (let r = 0; r < rows; r++) {
      let rest = r;
      let o = 0;
      for (let axis = rank - 2; axis >= 0; axis--) {
        const index = rest % t.dims[axis]!;
        rest = Math.floor(rest / t.dims[axis]!);
        o += (index + pads[axis]!) * elementCount(dims.slice(axis + 1));
      }
      out.set(t.data.subarray(r * inner, (r + 1) * inner), o + pads[rank - 1]!);
    }
    return { dims, data: out };
  },
};
