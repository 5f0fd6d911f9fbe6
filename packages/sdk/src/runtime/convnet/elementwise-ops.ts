import type { OnnxAttribute } from './onnx-model.ts';
import type { Kernels } from './kernels.ts';
import { elementCount, isFloat, type FloatTensor, type Value } from './tensor.ts';

type Inputs = ReadonlyArray<Value | undefined>;
type Attributes = Record<string, OnnxAttribute>;

/**
 * An operator other than the convolutions, in two parts: the output's dims from the inputs', and
 * the computation into an output the caller laid out (in the session's memory during a run, a new
 * array when a constant is computed at session creation).
 */
export interface Operator {
  dims(inputs: Inputs, attributes: Attributes): number[];
  /** `kernels`: the session's, whose wasm loops an operator may use on tensors in its memory (not given for constants). */
  compute(inputs: Inputs, out: Float32Array, attributes: Attributes, kernels?: Kernels): void;
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

const float = (v: Value | undefined, op: string): FloatTensor => {
  if (!v || !isFloat(v)) throw new Error(`${op}: expected a float input`);
  return v;
};
const ints = (v: Value | undefined): number[] | null => (v ? (isFloat(v) ? Array.from(v.data) : v.ints) : null);
const intList = (a: OnnxAttribute | undefined): number[] | null => (Array.isArray(a) ? a : null);
const sameDims = (inputs: Inputs) => [...float(inputs[0], 'operator').dims];

/** Element by element, the output the shape of the input. */
function map(op: string, f: (x: number) => number): Operator {
  return {
    dims: sameDims,
    compute([x], out) {
      const a = float(x, op).data;
      for (let i = 0; i < out.length; i++) out[i] = f(a[i]!);
    },
  };
}

/** The output dims of NumPy-style broadcasting. */
function broadcastDims(op: string, a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  const pad = (d: readonly number[]) => [...Array(rank - d.length).fill(1), ...d];
  const db = pad(b);
  return pad(a).map((n, i) => {
    const m = db[i]!;
    if (n !== m && n !== 1 && m !== 1) throw new Error(`${op}: shapes ${a} and ${b} do not broadcast`);
    return Math.max(n, m);
  });
}

/**
 * When b, broadcast to `dims`, is constant over runs of `inner` elements and cycles through its
 * `count` values (b's dims are 1 but for one span of axes, where they are `dims`' — [C, 1, 1] against
 * [N, C, H, W]), those two numbers; else null.
 */
function blockRun(dims: readonly number[], bDims: readonly number[]): { inner: number; count: number } | null {
  const padded = [...Array(dims.length - bDims.length).fill(1), ...bDims];
  const spanned = padded.flatMap((d, i) => (d === 1 && dims[i] !== 1 ? [] : [i])).filter((i) => padded[i] !== 1);
  if (spanned.length === 0) return { inner: elementCount(dims), count: 1 };
  const first = spanned[0]!;
  const last = spanned.at(-1)!;
  for (let i = first; i <= last; i++) if (padded[i] !== dims[i]) return null;
  return { inner: elementCount(dims.slice(last + 1)), count: elementCount(dims.slice(first, last + 1)) };
}

type Arithmetic = 'Add' | 'Mul' | 'Div';

const arithmetic: Record<Arithmetic, (a: number, b: number) => number> = {
  Add: (a, b) => a + b,
  Mul: (a, b) => a * b,
  Div: (a, b) => a / b,
};

/**
 * out[j] = a[j] ∘ b[j], or with one side the same value `v` over j in [from, to) (`vFirst`: v ∘ b[j]).
 * One loop per operation: a shared loop calling a function per element is several times slower.
 */
function arithmeticRun(op: Arithmetic, full: Float32Array, v: number, vFirst: boolean, out: Float32Array, from: number, to: number): void {
  if (op === 'Add') for (let j = from; j < to; j++) out[j] = full[j]! + v;
  else if (op === 'Mul') for (let j = from; j < to; j++) out[j] = full[j]! * v;
  else if (vFirst) for (let j = from; j < to; j++) out[j] = v / full[j]!;
  else for (let j = from; j < to; j++) out[j] = full[j]! / v;
}

function arithmeticSame(op: Arithmetic, a: Float32Array, b: Float32Array, out: Float32Array): void {
  if (op === 'Add') for (let i = 0; i < out.length; i++) out[i] = a[i]! + b[i]!;
  else if (op === 'Mul') for (let i = 0; i < out.length; i++) out[i] = a[i]! * b[i]!;
  else for (let i = 0; i < out.length; i++) out[i] = a[i]! / b[i]!;
}

/** NumPy-style broadcasting of two tensors, with fast loops for equal shapes and per-channel or scalar operands. */
function broadcast(op: Arithmetic): Operator {
  const f = arithmetic[op];
  return {
    dims: ([x, y]) => broadcastDims(op, float(x, op).dims, float(y, op).dims),
    compute([x, y], out, _attributes, kernels) {
      const a = float(x, op);
      const b = float(y, op);
      if (a.data.length === out.length && b.data.length === out.length) {
        const [ia, ib, io] = [a.data, b.data, out].map((v) => kernels?.offsetOf(v) ?? null);
        if (op === 'Add' && kernels && ia !== null && ib !== null && io !== null) kernels.add(ia!, ib!, io!, out.length);
        else arithmeticSame(op, a.data, b.data, out);
        return;
      }
      const dims = broadcastDims(op, a.dims, b.dims);
      // One side repeats each of its values over `inner` elements of the other (a per-channel scale, a constant).
      const aFull = a.data.length === out.length;
      const run = aFull ? blockRun(dims, b.dims) : b.data.length === out.length ? blockRun(dims, a.dims) : null;
      if (run) {
        const [full, small] = aFull ? [a.data, b.data] : [b.data, a.data];
        for (let i = 0, block = 0; i < out.length; i += run.inner, block = (block + 1) % run.count) {
          arithmeticRun(op, full, small[block]!, !aFull, out, i, i + run.inner);
        }
        return;
      }
      const rank = dims.length;
      const strides = (d: readonly number[]) => {
        const padded = [...Array(rank - d.length).fill(1), ...d];
        const s = new Array<number>(rank).fill(0);
        let step = 1;
        for (let i = rank - 1; i >= 0; i--) {
          s[i] = padded[i] === 1 ? 0 : step;
          step *= padded[i]!;
        }
        return s;
      };
      const sa = strides(a.dims);
      const sb = strides(b.dims);
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
    },
  };
}

const transposePerm = (t: FloatTensor, attributes: Attributes) => intList(attributes.perm) ?? t.dims.map((_, i) => t.dims.length - 1 - i);

const transpose: Operator = {
  dims([x], attributes) {
    const t = float(x, 'Transpose');
    return transposePerm(t, attributes).map((p) => t.dims[p]!);
  },
  compute([x], out, attributes) {
    const t = float(x, 'Transpose');
    const perm = transposePerm(t, attributes);
    const dims = perm.map((p) => t.dims[p]!);
    const inStrides = t.dims.map((_, i) => elementCount(t.dims.slice(i + 1)));
    const stride = perm.map((p) => inStrides[p]!);
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
  },
};

function poolGeometry(attributes: Attributes) {
  const [kh, kw] = intList(attributes.kernel_shape) as [number, number];
  const [sh, sw] = (intList(attributes.strides) ?? [1, 1]) as [number, number];
  const pads = intList(attributes.pads) ?? [0, 0, 0, 0];
  if (pads.some((p) => p !== 0) || attributes.ceil_mode || intList(attributes.dilations)?.some((d) => d !== 1)) {
    throw new Error('MaxPool: only unpadded, undilated pooling with ceil_mode 0 is supported');
  }
  return { kh, kw, sh, sw };
}

const maxPool: Operator = {
  dims([x], attributes) {
    const [batch, channels, height, width] = float(x, 'MaxPool').dims as [number, number, number, number];
    const { kh, kw, sh, sw } = poolGeometry(attributes);
    return [batch, channels, Math.floor((height - kh) / sh) + 1, Math.floor((width - kw) / sw) + 1];
  },
  compute([x], out, attributes) {
    const t = float(x, 'MaxPool');
    const [batch, channels, height, width] = t.dims as [number, number, number, number];
    const { kh, kw, sh, sw } = poolGeometry(attributes);
    const outH = Math.floor((height - kh) / sh) + 1;
    const outW = Math.floor((width - kw) / sw) + 1;
    const data = t.data;
    let o = 0;
    for (let plane = 0; plane < batch * channels; plane++) {
      const base = plane * height * width;
      for (let y = 0; y < outH; y++) {
        for (let xx = 0; xx < outW; xx++) {
          let best = Number.NEGATIVE_INFINITY;
          for (let dy = 0; dy < kh; dy++) {
            const row = base + (y * sh + dy) * width + xx * sw;
            for (let dx = 0; dx < kw; dx++) {
              const v = data[row + dx]!;
              if (v > best) best = v;
            }
          }
          out[o++] = best;
        }
      }
    }
  },
};

/** Resize with `nearest`, `asymmetric` coordinates and `floor` rounding (what the models use). */
function resizeGeometry([x, , scalesInput, sizesInput]: Inputs, attributes: Attributes) {
  const mode = attributes.mode ?? 'nearest';
  const transform = attributes.coordinate_transformation_mode ?? 'half_pixel';
  const rounding = attributes.nearest_mode ?? 'round_prefer_floor';
  if (mode !== 'nearest' || transform !== 'asymmetric' || rounding !== 'floor') {
    throw new Error(`Resize: ${mode}/${transform}/${rounding} is not supported (nearest/asymmetric/floor is)`);
  }
  const t = float(x, 'Resize');
  const [batch, channels, height, width] = t.dims as [number, number, number, number];
  const given = ints(scalesInput);
  const scales = given && given.length > 0 ? given : null;
  const sizes = ints(sizesInput);
  if (!scales && !sizes) throw new Error('Resize: neither scales nor sizes are given');
  const outH = sizes ? sizes[2]! : Math.floor(height * scales![2]!);
  const outW = sizes ? sizes[3]! : Math.floor(width * scales![3]!);
  if (sizes ? sizes[0] !== batch || sizes[1] !== channels : scales![0] !== 1 || scales![1] !== 1) throw new Error('Resize: only H and W may be resized');
  return { t, batch, channels, height, width, outH, outW, scaleH: sizes ? outH / height : scales![2]!, scaleW: sizes ? outW / width : scales![3]! };
}

const resize: Operator = {
  dims(inputs, attributes) {
    const { batch, channels, outH, outW } = resizeGeometry(inputs, attributes);
    return [batch, channels, outH, outW];
  },
  compute(inputs, out, attributes) {
    const { t, batch, channels, height, width, outH, outW, scaleH, scaleW } = resizeGeometry(inputs, attributes);
    const columns = Int32Array.from({ length: outW }, (_, xx) => Math.min(width - 1, Math.floor(xx / scaleW)));
    const data = t.data;
    let o = 0;
    for (let plane = 0; plane < batch * channels; plane++) {
      let previous = -1;
      for (let y = 0; y < outH; y++) {
        const source = Math.min(height - 1, Math.floor(y / scaleH));
        if (source === previous) {
          // The same source row as the output row above: copy that one.
          out.copyWithin(o, o - outW, o);
          o += outW;
          continue;
        }
        previous = source;
        const row = plane * height * width + source * width;
        for (let xx = 0; xx < outW; xx++) out[o++] = data[row + columns[xx]!]!;
      }
    }
  },
};

const concatAxis = (inputs: Inputs, attributes: Attributes) => {
  const axis = (attributes.axis as number | undefined) ?? 0;
  return axis < 0 ? axis + float(inputs[0], 'Concat').dims.length : axis;
};

const concat: Operator = {
  dims(inputs, attributes) {
    const at = concatAxis(inputs, attributes);
    const dims = [...float(inputs[0], 'Concat').dims];
    dims[at] = inputs.reduce((sum, t) => sum + float(t, 'Concat').dims[at]!, 0);
    return dims;
  },
  compute(inputs, out, attributes) {
    const at = concatAxis(inputs, attributes);
    const tensors = inputs.map((t) => float(t, 'Concat'));
    const outer = elementCount(tensors[0]!.dims.slice(0, at));
    let o = 0;
    for (let i = 0; i < outer; i++) {
      for (const t of tensors) {
        const chunk = elementCount(t.dims.slice(at));
        out.set(t.data.subarray(i * chunk, (i + 1) * chunk), o);
        o += chunk;
      }
    }
  },
};

/** An operator that changes dims only: the data is copied as it is. */
function reshaping(dims: Operator['dims']): Operator {
  return {
    dims,
    compute([x], out) {
      out.set(float(x, 'reshape').data);
    },
  };
}

function squeezeAxes([x, axesInput]: Inputs, attributes: Attributes): number[] {
  const t = float(x, 'Squeeze');
  const axes = ints(axesInput) ?? intList(attributes.axes) ?? t.dims.flatMap((d, i) => (d === 1 ? [i] : []));
  return axes.map((a) => (a < 0 ? a + t.dims.length : a));
}

function padGeometry([x, padsInput, constant]: Inputs, attributes: Attributes) {
  const t = float(x, 'Pad');
  if ((attributes.mode ?? 'constant') !== 'constant') throw new Error('Pad: only constant padding is supported');
  const pads = ints(padsInput) ?? intList(attributes.pads) ?? [];
  if (pads.some((p) => p < 0)) throw new Error('Pad: negative pads are not supported');
  const rank = t.dims.length;
  const dims = t.dims.map((d, i) => d + pads[i]! + pads[i + rank]!);
  return { t, pads, dims, value: constant && isFloat(constant) ? constant.data[0]! : 0 };
}

const pad: Operator = {
  dims: (inputs, attributes) => padGeometry(inputs, attributes).dims,
  compute(inputs, out, attributes) {
    const { t, pads, dims, value } = padGeometry(inputs, attributes);
    out.fill(value);
    const rank = t.dims.length;
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
  },
};

export const operators: Record<string, Operator> = {
  Identity: reshaping(sameDims),
  Relu: map('Relu', (v) => Math.max(v, 0)),
  Sigmoid: {
    dims: sameDims,
    compute([x], out, _attributes, kernels) {
      const a = float(x, 'Sigmoid').data;
      const [from, to] = [a, out].map((v) => kernels?.offsetOf(v) ?? null);
      if (kernels && from !== null && to !== null) kernels.sigmoid(from!, to!, out.length);
      else for (let i = 0; i < out.length; i++) out[i] = 1 / (1 + Math.exp(-a[i]!));
    },
  },
  Add: broadcast('Add'),
  Mul: broadcast('Mul'),
  Div: broadcast('Div'),
  HardSigmoid: {
    dims: sameDims,
    compute([x], out, attributes) {
      const alpha = (attributes.alpha as number | undefined) ?? 0.2;
      const beta = (attributes.beta as number | undefined) ?? 0.5;
      const a = float(x, 'HardSigmoid').data;
      for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(1, alpha * a[i]! + beta));
    },
  },
  Clip: {
    dims: sameDims,
    compute(inputs, out, attributes) {
      const bound = (v: Value | undefined, fallback: number) => (v && isFloat(v) ? v.data[0]! : fallback);
      const lo = bound(inputs[1], (attributes.min as number | undefined) ?? Number.NEGATIVE_INFINITY);
      const hi = bound(inputs[2], (attributes.max as number | undefined) ?? Number.POSITIVE_INFINITY);
      const a = float(inputs[0], 'Clip').data;
      for (let i = 0; i < out.length; i++) out[i] = Math.min(hi, Math.max(lo, a[i]!));
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
