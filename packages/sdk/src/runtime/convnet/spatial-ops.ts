import { float, intList, ints, type Attributes, type Inputs, type Operator } from './operator.ts';

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

export const resize: Operator = {
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
