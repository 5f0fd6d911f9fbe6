import { float, intList, ints, offsetsIn, type Attributes, type Inputs, type Operator } from './operator.ts';
import type { Kernels } from './kernels.ts';
import { broadcast, broadcastDims } from './arithmetic-ops.ts';
import { elementCount } from './tensor.ts';

function poolGeometry(attributes: Attributes) {
  const [kh, kw] = intList(attributes.kernel_shape) as [number, number];
  const [sh, sw] = (intList(attributes.strides) ?? [1, 1]) as [number, number];
  const pads = intList(attributes.pads) ?? [0, 0, 0, 0];
  if (pads.some((p) => p !== 0) || attributes.ceil_mode || intList(attributes.dilations)?.some((d) => d !== 1)) {
    throw new Error('MaxPool: only unpadded, undilated pooling with ceil_mode 0 is supported');
  }
  return { kh, kw, sh, sw };
}

export const maxPool: Operator = {
  dims([x], attributes) {
    const [batch, channels, height, width] = float(x, 'MaxPool').dims as [number, number, number, number];
    const { kh, kw, sh, sw } = poolGeometry(attributes);
    return [batch, channels, Math.floor((height - kh) / sh) + 1, Math.floor((width - kw) / sw) + 1];
  },
  compute([x], out, attributes, kernels) {
    const t = float(x, 'MaxPool');
    const [batch, channels, height, width] = t.dims as [number, number, number, number];
    const { kh, kw, sh, sw } = poolGeometry(attributes);
    const outH = Math.floor((height - kh) / sh) + 1;
    const outW = Math.floor((width - kw) / sw) + 1;
    const offsets = offsetsIn(kernels, t.data, out);
    if (offsets) {
      kernels!.maxPool(offsets[0]!, offsets[1]!, batch * channels, height, width, kh, kw, sh, sw, outH, outW);
      return;
    }
    // Constants (folded before a run) are not in the kernels' memory.
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

export const resize: Operator = {
  dims(inputs, attributes) {
    const { batch, channels, outH, outW } = resizeGeometry(inputs, attributes);
    return [batch, channels, outH, outW];
  },
  compute(inputs, out, attributes, kernels) {
    upsampleInto(resizeGeometry(inputs, attributes), null, out, kernels);
  },
};

const add = broadcast('Add');

/**
 * Add(Resize(x), y) in one pass, x's inputs after y's — what a feature pyramid does at each level —
 * without the upsampled tensor: each output element adds y's to the x element it would repeat. The
 * detector's widest level was an 11.5 MB tensor written, read back and freed; memory touched is
 * what a first run pays for (page faults), as well as time. Shapes that broadcast otherwise take the
 * two operators' own way.
 */
export const upsampleAdd: Operator = {
  dims([y, ...resizeInputs], attributes) {
    return broadcastDims('Add', resize.dims(resizeInputs, attributes), float(y, 'Add').dims);
  },
  compute([y, ...resizeInputs], out, attributes, kernels) {
    const geometry = resizeGeometry(resizeInputs, attributes);
    const { batch, channels, outH, outW } = geometry;
    const other = float(y, 'Add');
    const resizedDims = [batch, channels, outH, outW];
    if (other.dims.length === 4 && other.dims.every((d, i) => d === resizedDims[i])) {
      upsampleInto(geometry, other.data, out, kernels);
      return;
    }
    const resized = new Float32Array(elementCount(resizedDims));
    upsampleInto(geometry, null, resized);
    add.compute([{ dims: resizedDims, data: resized }, other], out, attributes, kernels);
  },
  inPlace: 'elementwise',
};

/**
 * Nearest-neighbour upsampling into `out`, plus `y` (of `out`'s shape) when given: in the kernels'
 * wasm loop when everything is in their memory (a run), else here (constants).
 */
function upsampleInto(g: ReturnType<typeof resizeGeometry>, y: Float32Array | null, out: Float32Array, kernels?: Kernels): void {
  const { t, batch, channels, height, width, outH, outW, scaleH, scaleW } = g;
  const columns = Int32Array.from({ length: outW }, (_, xx) => Math.min(width - 1, Math.floor(xx / scaleW)));
  const offsets = y ? offsetsIn(kernels, t.data, out, y) : offsetsIn(kernels, t.data, out);
  if (offsets) {
    // The block may grow the memory: the offsets stay valid, views would not.
    const block = kernels!.allocate(outW);
    new Int32Array(kernels!.view(block, outW).buffer, block, outW).set(columns);
    kernels!.upsample(offsets[0]!, block, y ? 1 : 0, y ? offsets[2]! : 0, offsets[1]!, batch * channels, height, width, outH, outW, scaleH);
    kernels!.release(block);
    return;
  }
  const data = t.data;
  let o = 0;
  for (let plane = 0; plane < batch * channels; plane++) {
    for (let yy = 0; yy < outH; yy++) {
      const row = plane * height * width + Math.min(height - 1, Math.floor(yy / scaleH)) * width;
      if (y) for (let xx = 0; xx < outW; xx++, o++) out[o] = y[o]! + data[row + columns[xx]!]!;
      else for (let xx = 0; xx < outW; xx++, o++) out[o] = data[row + columns[xx]!]!;
    }
  }
}
