import { elementCount, isFloat, type FloatTensor } from './tensor.ts';
import { float, forEachStrided, intList, ints, type Attributes, type Inputs, type Operator } from './operator.ts';

const transposePerm = (t: FloatTensor, attributes: Attributes) => intList(attributes.perm) ?? t.dims.map((_, i) => t.dims.length - 1 - i);

export const transpose: Operator = {
  dims([x], attributes) {
    const t = float(x, 'Transpose');
    return transposePerm(t, attributes).map((p) => t.dims[p]!);
  },
  compute([x], out, attributes) {
    const t = float(x, 'Transpose');
    const perm = transposePerm(t, attributes);
    const dims = perm.map((p) => t.dims[p]!);
    const inStrides = t.dims.map((_, i) => elementCount(t.dims.slice(i + 1)));
    forEachStrided(dims, [perm.map((p) => inStrides[p]!)], (i, [from]) => {
      out[i] = t.data[from!]!;
    });
  },
};

const concatAxis = (inputs: Inputs, attributes: Attributes) => {
  const axis = (attributes.axis as number | undefined) ?? 0;
  return axis < 0 ? axis + float(inputs[0], 'Concat').dims.length : axis;
};

export const concat: Operator = {
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
export function reshaping(dims: Operator['dims']): Operator {
  return {
    dims,
    compute([x], out) {
      out.set(float(x, 'reshape').data);
    },
    inPlace: 'view',
  };
}

export function squeezeAxes([x, axesInput]: Inputs, attributes: Attributes): number[] {
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
  // The padding value: an input from opset 11, the `value` attribute before.
  const value = constant && isFloat(constant) ? constant.data[0]! : ((attributes.value as number | undefined) ?? 0);
  return { t, pads, dims, value };
}

export const pad: Operator = {
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
