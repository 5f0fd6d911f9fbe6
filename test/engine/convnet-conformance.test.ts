import { beforeAll, describe, expect, it } from 'vitest';
import type { InferenceRuntime } from '@idlens/sdk/engine';
import { createConvnetRuntime } from '../../packages/sdk/src/runtime/convnet/convnet-runtime.ts';
import { acceptedAttributes } from '../../packages/sdk/src/runtime/convnet/accepted-attributes.ts';
import { onnxModel, type ModelSpec, type NodeSpec, type TensorSpec } from '../support/engine/onnx-writer.ts';

// The convnet runtime against onnxruntime-node, one operator at a time: every operator it has and
// every attribute setting it accepts (`acceptedAttributes`), on seeded random inputs, gives the same
// outputs; every setting it does not accept is refused when the session is created, naming the node —
// models onnxruntime runs, so the refusal is the runtime's limit, not a broken file.

let convnet: InferenceRuntime;
let ort: InferenceRuntime;

beforeAll(async () => {
  convnet = await createConvnetRuntime();
  ort = (await import('onnxruntime-node')) as unknown as InferenceRuntime;
});

/** Seeded values in [lo, hi). */
function random(count: number, seed: number, lo = -1, hi = 1): Float32Array {
  let s = seed >>> 0 || 1;
  return Float32Array.from({ length: count }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + ((s >>> 8) / 2 ** 24) * (hi - lo);
  });
}

const count = (dims: number[]) => dims.reduce((a, d) => a * d, 1);
const weights = (name: string, dims: number[], seed: number): TensorSpec => ({ name, dims, data: random(count(dims), seed, -0.5, 0.5) });
const int64 = (name: string, data: number[]): TensorSpec => ({ name, dims: [data.length], data });
const float = (name: string, data: number[]): TensorSpec => ({ name, dims: [data.length], data: Float32Array.from(data) });
const scalar = (name: string, value: number): TensorSpec => ({ name, dims: [], data: Float32Array.of(value) });

interface Case {
  name: string;
  model: ModelSpec;
  /** Per graph input: its range (default −1…1). */
  ranges?: Record<string, [number, number]>;
}

/** One node reading graph input `x` (and `y` when given), with constants, writing `out`. */
function single(
  opType: string,
  attributes: NodeSpec['attributes'],
  x: number[],
  extra: { opset?: number; inputs?: string[]; initializers?: TensorSpec[]; y?: number[] } = {},
): ModelSpec {
  const inputs = [{ name: 'x', dims: x }, ...(extra.y ? [{ name: 'y', dims: extra.y }] : [])];
  return {
    opset: extra.opset ?? 13,
    nodes: [{ opType, inputs: extra.inputs ?? ['x'], outputs: ['out'], attributes }],
    initializers: extra.initializers,
    inputs,
    outputs: ['out'],
  };
}

function conv(attributes: NodeSpec['attributes'], x: number[], w: number[], bias = true): ModelSpec {
  return single('Conv', attributes, x, {
    inputs: ['x', 'w', ...(bias ? ['b'] : [])],
    initializers: [weights('w', w, 7), ...(bias ? [weights('b', [w[0]!], 8)] : [])],
  });
}

const image = [1, 4, 9, 11];

const cases: Case[] = [
  {
    name: 'Conv 3×3, pads 1 (panels inside the padding read directly)',
    model: conv({ kernel_shape: [3, 3], pads: [1, 1, 1, 1] }, [1, 4, 17, 19], [8, 4, 3, 3]),
  },
  { name: 'Conv 3×3, strides 2, pads 1', model: conv({ kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, image, [6, 4, 3, 3]) },
  // Output rows of whole panels: inside panels take every other input float (stride 2) or whole runs (2×1).
  {
    name: 'Conv 3×3, strides 2, pads 1, 32-pixel rows',
    model: conv({ kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, [1, 3, 9, 64], [8, 3, 3, 3]),
  },
  {
    name: 'Conv 5×5, strides 2, pads 2, 32-pixel rows',
    model: conv({ kernel_shape: [5, 5], strides: [2, 2], pads: [2, 2, 2, 2] }, [1, 3, 12, 64], [6, 3, 5, 5]),
  },
  {
    name: 'Conv 3×3, strides 2×1, pads 1, 40-pixel rows',
    model: conv({ kernel_shape: [3, 3], strides: [2, 1], pads: [1, 1, 1, 1] }, [1, 2, 7, 40], [5, 2, 3, 3]),
  },
  { name: 'Conv 3×3, dilations 2, pads 2', model: conv({ dilations: [2, 2], pads: [2, 2, 2, 2] }, image, [5, 4, 3, 3]) },
  { name: 'Conv depthwise (group = channels)', model: conv({ group: 4, pads: [1, 1, 1, 1] }, image, [4, 1, 3, 3]) },
  // Rows wide enough for the kernel's 16- and 4-column runs of taps inside the row, and the edges one by one.
  { name: 'Conv depthwise 3×3 on wide rows', model: conv({ group: 3, pads: [1, 1, 1, 1] }, [1, 3, 5, 43], [3, 1, 3, 3]) },
  { name: 'Conv depthwise 5×5, asymmetric pads', model: conv({ group: 2, pads: [2, 1, 0, 3] }, [1, 2, 7, 38], [2, 1, 5, 5]) },
  { name: 'Conv depthwise 2×3, no padding', model: conv({ group: 2 }, [1, 2, 4, 29], [2, 1, 2, 3]) },
  { name: 'Conv depthwise 3×3, strides 2, pads 1, on wide rows', model: conv({ group: 3, strides: [2, 2], pads: [1, 1, 1, 1] }, [1, 3, 7, 77], [3, 1, 3, 3]) },
  { name: 'Conv depthwise 5×5, strides 2, asymmetric pads', model: conv({ group: 2, strides: [2, 2], pads: [2, 1, 1, 2] }, [1, 2, 8, 70], [2, 1, 5, 5]) },
  { name: 'Conv depthwise 3×3, strides 2×1', model: conv({ group: 2, strides: [2, 1], pads: [1, 1, 1, 1] }, [1, 2, 9, 40], [2, 1, 3, 3]) },
  { name: 'Conv depthwise 3×3, strides 1×2', model: conv({ group: 2, strides: [1, 2], pads: [0, 1, 0, 0] }, [1, 2, 5, 41], [2, 1, 3, 3]) },
  { name: 'Conv 1×1 over 45 pixels (5 whole panels of 8 and a partial one)', model: conv({}, [1, 6, 5, 9], [5, 6, 1, 1]) },
  // Planes a power of two apart: their rows collide in the cache, so the kernels copy each panel first.
  { name: 'Conv 1×1 over 32×32 planes', model: conv({}, [1, 12, 32, 32], [8, 12, 1, 1]) },
  { name: 'Conv 3×3, pads 1, over 16×64 planes', model: conv({ kernel_shape: [3, 3], pads: [1, 1, 1, 1] }, [1, 12, 16, 64], [8, 12, 3, 3]) },
  { name: 'Conv in two groups', model: conv({ group: 2, pads: [1, 1, 1, 1] }, image, [6, 2, 3, 3]) },
  { name: 'Conv 1×1, no bias', model: conv({}, image, [7, 4, 1, 1], false) },
  { name: 'Conv 3×1, strides 2×1, asymmetric pads', model: conv({ kernel_shape: [3, 1], strides: [2, 1], pads: [0, 1, 1, 0] }, image, [3, 4, 3, 1]) },
  { name: 'Conv 1-D, pads 1', model: conv({ kernel_shape: [3], pads: [1, 1] }, [1, 4, 23], [5, 4, 3]) },
  {
    name: 'Conv followed by Relu (fused)',
    model: {
      ...conv({ pads: [1, 1, 1, 1] }, image, [6, 4, 3, 3]),
      nodes: [
        { opType: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: { pads: [1, 1, 1, 1] } },
        { opType: 'Relu', inputs: ['c'], outputs: ['out'] },
      ],
    },
  },
  ...[
    ['a convolution', { pads: [1, 1, 1, 1] }, [6, 4, 3, 3]],
    ['a depthwise convolution', { group: 4, pads: [1, 1, 1, 1] }, [4, 1, 3, 3]],
  ].map(([what, attributes, w]) => ({
    name: `${what} followed by × and + by a number, hardswish as exporters write it, × and + (fused)`,
    model: {
      ...conv(attributes as NodeSpec['attributes'], image, w as number[]),
      nodes: [
        { opType: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: attributes as NodeSpec['attributes'] },
        { opType: 'Constant', inputs: [], outputs: ['g'], attributes: { value: { tensor: float('g', [1.7]) } } },
        { opType: 'Mul', inputs: ['g', 'c'], outputs: ['c1'] },
        { opType: 'Add', inputs: ['c1', 'shift'], outputs: ['y'] },
        { opType: 'Add', inputs: ['y', 'three'], outputs: ['y3'] },
        { opType: 'Clip', inputs: ['y3', 'zero', 'six'], outputs: ['clipped'] },
        { opType: 'Mul', inputs: ['y', 'clipped'], outputs: ['product'] },
        { opType: 'Div', inputs: ['product', 'six'], outputs: ['h'] },
        { opType: 'Mul', inputs: ['h', 'post'], outputs: ['h1'] },
        { opType: 'Add', inputs: ['h1', 'postShift'], outputs: ['out'] },
      ],
      initializers: [
        weights('w', w as number[], 7),
        weights('b', [(w as number[])[0]!], 8),
        float('shift', [0.4]),
        scalar('three', 3),
        scalar('zero', 0),
        scalar('six', 6),
        float('post', [0.6]),
        float('postShift', [-0.2]),
      ],
    } satisfies ModelSpec,
    ranges: { x: [-3, 3] as [number, number] },
  })),
  ...[
    ['of the output’s shape: added by the kernels', [1, 6, 9, 11]],
    ['that broadcasts (one value per channel): added as the node does', [1, 6, 1, 1]],
  ].map(([what, y]) => ({
    name: `Conv, then an Add of a residual ${what}, then Relu`,
    model: {
      ...conv({ pads: [1, 1, 1, 1] }, image, [6, 4, 3, 3]),
      nodes: [
        { opType: 'Relu', inputs: ['y'], outputs: ['residual'] },
        { opType: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: { pads: [1, 1, 1, 1] } },
        { opType: 'Add', inputs: ['residual', 'c'], outputs: ['sum'] },
        { opType: 'Relu', inputs: ['sum'], outputs: ['out'] },
      ],
      inputs: [
        { name: 'x', dims: image },
        { name: 'y', dims: y as number[] },
      ],
    } satisfies ModelSpec,
  })),
  {
    name: 'Conv depthwise, then an Add of a residual',
    model: {
      ...conv({ group: 4, pads: [1, 1, 1, 1] }, image, [4, 1, 3, 3]),
      nodes: [
        { opType: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: { group: 4, pads: [1, 1, 1, 1] } },
        { opType: 'Add', inputs: ['c', 'x'], outputs: ['out'] },
      ],
    },
  },
  {
    name: 'Conv whose output another node reads too: the × by a number stays a node of its own',
    model: {
      ...conv({ pads: [1, 1, 1, 1] }, image, [6, 4, 3, 3]),
      nodes: [
        { opType: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: { pads: [1, 1, 1, 1] } },
        { opType: 'Mul', inputs: ['c', 'g'], outputs: ['m'] },
        { opType: 'Add', inputs: ['c', 'm'], outputs: ['out'] },
      ],
      initializers: [weights('w', [6, 4, 3, 3], 7), weights('b', [6], 8), scalar('g', 0.5)],
    },
  },
  {
    name: 'ConvTranspose, kernel = stride 2',
    model: single('ConvTranspose', { kernel_shape: [2, 2], strides: [2, 2] }, image, {
      inputs: ['x', 'w', 'b'],
      initializers: [weights('w', [4, 3, 2, 2], 9), weights('b', [3], 10)],
    }),
  },
  { name: 'MaxPool 2×2, strides 2', model: single('MaxPool', { kernel_shape: [2, 2], strides: [2, 2] }, image) },
  { name: 'MaxPool 2×2, strides 2, wide rows', model: single('MaxPool', { kernel_shape: [2, 2], strides: [2, 2] }, [1, 2, 5, 37]) },
  { name: 'MaxPool 3×2, strides 1×2', model: single('MaxPool', { kernel_shape: [3, 2], strides: [1, 2] }, [1, 2, 6, 21]) },
  { name: 'MaxPool 2×1, strides 2×1', model: single('MaxPool', { kernel_shape: [2, 1], strides: [2, 1] }, [1, 2, 6, 23]) },
  { name: 'MaxPool 3×3, strides 1 (default)', model: single('MaxPool', { kernel_shape: [3, 3] }, image) },
  {
    name: 'Resize nearest/asymmetric/floor by scales',
    model: single('Resize', { mode: 'nearest', coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor' }, image, {
      inputs: ['x', '', 'scales'],
      initializers: [float('scales', [1, 1, 2, 2])],
    }),
  },
  {
    name: 'Resize nearest/asymmetric/floor by sizes',
    model: single('Resize', { mode: 'nearest', coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor' }, image, {
      inputs: ['x', '', '', 'sizes'],
      initializers: [int64('sizes', [1, 4, 20, 23])],
    }),
  },
  {
    name: 'Resize read by one Add (fused upsampling)',
    model: {
      opset: 13,
      nodes: [
        {
          opType: 'Resize',
          inputs: ['x', '', 'scales'],
          outputs: ['up'],
          attributes: { mode: 'nearest', coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor' },
        },
        { opType: 'Add', inputs: ['y', 'up'], outputs: ['out'] },
      ],
      initializers: [float('scales', [1, 1, 2, 2])],
      inputs: [
        { name: 'x', dims: image },
        { name: 'y', dims: [1, 4, 18, 22] },
      ],
      outputs: ['out'],
    },
  },
  { name: 'HardSigmoid, default alpha and beta', model: single('HardSigmoid', {}, image), ranges: { x: [-4, 4] } },
  { name: 'HardSigmoid, alpha and beta given', model: single('HardSigmoid', { alpha: { float: 0.3 }, beta: { float: 0.4 } }, image), ranges: { x: [-4, 4] } },
  { name: 'Clip by inputs (opset 13)', model: single('Clip', {}, image, { inputs: ['x', 'lo', 'hi'], initializers: [scalar('lo', -0.3), scalar('hi', 0.6)] }) },
  { name: 'Clip, only a minimum', model: single('Clip', {}, image, { inputs: ['x', 'lo'], initializers: [scalar('lo', 0)] }) },
  { name: 'Clip by attributes (opset 6)', model: single('Clip', { min: { float: -0.2 }, max: { float: 0.5 } }, image, { opset: 6 }) },
  { name: 'Cast to float', model: single('Cast', { to: 1 }, image) },
  {
    name: 'BatchNormalization, epsilon and momentum given',
    model: single('BatchNormalization', { epsilon: { float: 1e-3 }, momentum: { float: 0.8 } }, image, {
      opset: 15,
      inputs: ['x', 's', 'b', 'm', 'v'],
      initializers: [weights('s', [4], 11), weights('b', [4], 12), weights('m', [4], 13), { name: 'v', dims: [4], data: random(4, 14, 0.5, 1.5) }],
    }),
  },
  { name: 'Squeeze by input (opset 13)', model: single('Squeeze', {}, [1, 4, 1, 7], { inputs: ['x', 'axes'], initializers: [int64('axes', [2])] }) },
  { name: 'Squeeze by attribute (opset 11)', model: single('Squeeze', { axes: [0, 2] }, [1, 4, 1, 7], { opset: 11 }) },
  { name: 'Squeeze, every 1 (no axes)', model: single('Squeeze', {}, [1, 4, 1, 7]) },
  { name: 'Unsqueeze by input (opset 13)', model: single('Unsqueeze', {}, [4, 7], { inputs: ['x', 'axes'], initializers: [int64('axes', [0, 3])] }) },
  { name: 'Unsqueeze by attribute, a negative axis (opset 11)', model: single('Unsqueeze', { axes: [-1] }, [4, 7], { opset: 11 }) },
  { name: 'Transpose by perm', model: single('Transpose', { perm: [0, 2, 3, 1] }, image) },
  { name: 'Transpose, reversed (no perm)', model: single('Transpose', {}, [2, 3, 5]) },
  { name: 'Concat on axis 1', model: single('Concat', { axis: 1 }, image, { inputs: ['x', 'y'], y: [1, 2, 9, 11] }) },
  { name: 'Concat on axis −1', model: single('Concat', { axis: -1 }, image, { inputs: ['x', 'y'], y: [1, 4, 9, 3] }) },
  {
    name: 'Pad by inputs (opset 13)',
    model: single('Pad', { mode: 'constant' }, image, {
      inputs: ['x', 'pads', 'value'],
      initializers: [int64('pads', [0, 0, 1, 2, 0, 0, 3, 0]), scalar('value', 0.25)],
    }),
  },
  { name: 'Pad by attributes (opset 10)', model: single('Pad', { pads: [0, 0, 2, 1, 0, 0, 0, 1], value: { float: -1 } }, image, { opset: 10 }) },
  { name: 'Reshape with 0 and −1', model: single('Reshape', {}, image, { inputs: ['x', 'shape'], initializers: [int64('shape', [0, -1, 11])] }) },
  { name: 'Identity', model: single('Identity', {}, image) },
  { name: 'Relu', model: single('Relu', {}, image) },
  { name: 'Sigmoid', model: single('Sigmoid', {}, image), ranges: { x: [-6, 6] } },
  { name: 'GlobalAveragePool', model: single('GlobalAveragePool', {}, image) },
  ...(['Add', 'Mul', 'Div'] as const).flatMap((op): Case[] => [
    { name: `${op}, equal shapes`, model: single(op, {}, image, { inputs: ['x', 'y'], y: image }), ranges: { y: [0.5, 1.5] } },
    { name: `${op}, per channel`, model: single(op, {}, image, { inputs: ['x', 'y'], y: [1, 4, 1, 1] }), ranges: { y: [0.5, 1.5] } },
    { name: `${op}, a scalar first`, model: single(op, {}, [], { inputs: ['x', 'y'], y: image }), ranges: { y: [0.5, 1.5] } },
    { name: `${op}, rows against columns`, model: single(op, {}, [1, 4, 9, 1], { inputs: ['x', 'y'], y: [1, 1, 1, 11] }), ranges: { y: [0.5, 1.5] } },
  ]),
  {
    name: 'Constant (a tensor value) read by Add',
    model: {
      opset: 13,
      nodes: [
        { opType: 'Constant', inputs: [], outputs: ['c'], attributes: { value: { tensor: weights('c', image, 21) } } },
        { opType: 'Add', inputs: ['x', 'c'], outputs: ['out'] },
      ],
      inputs: [{ name: 'x', dims: image }],
      outputs: ['out'],
    },
  },
];

async function run(
  runtime: InferenceRuntime,
  bytes: Uint8Array,
  feeds: Record<string, { data: Float32Array; dims: number[] }>,
): Promise<{ dims: number[]; data: Float32Array }> {
  const session = await runtime.InferenceSession.create(bytes);
  const tensors = Object.fromEntries(Object.entries(feeds).map(([name, f]) => [name, new runtime.Tensor('float32', f.data, f.dims)]));
  const out = (await session.run(tensors)).out!;
  return { dims: [...out.dims], data: out.data as Float32Array };
}

describe('the convnet runtime against onnxruntime-node, one operator at a time', () => {
  it('covers every operator it accepts', () => {
    const covered = new Set(cases.flatMap((c) => c.model.nodes.map((n) => n.opType)));
    expect([...covered].sort()).toEqual(Object.keys(acceptedAttributes).sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: the same outputs', async (_name, c) => {
    const model = c.model;
    const bytes = onnxModel(model);
    const feeds = Object.fromEntries(
      model.inputs.map((input, i) => {
        const [lo, hi] = c.ranges?.[input.name] ?? [-1, 1];
        return [input.name, { data: random(count(input.dims), 100 + i, lo, hi), dims: input.dims }];
      }),
    );
    const [expected, actual] = await Promise.all([run(ort, bytes, feeds), run(convnet, bytes, feeds)]);
    expect(actual.dims).toEqual(expected.dims);
    const scale = Math.max(1, ...expected.data.map(Math.abs));
    const worst = actual.data.reduce((w, v, i) => Math.max(w, Math.abs(v - expected.data[i]!)), 0);
    expect(worst / scale).toBeLessThan(1e-5);
  });
});

describe('settings the convnet runtime does not execute', () => {
  const refused: Array<[string, ModelSpec, RegExp]> = [
    [
      'Resize, linear',
      single('Resize', { mode: 'linear' }, image, { inputs: ['x', '', 'scales'], initializers: [float('scales', [1, 1, 2, 2])] }),
      /resize_0.*mode="linear"/,
    ],
    [
      'Resize, nearest with half_pixel coordinates',
      single('Resize', { mode: 'nearest' }, image, { inputs: ['x', '', 'scales'], initializers: [float('scales', [1, 1, 2, 2])] }),
      /resize_0.*coordinate_transformation_mode/,
    ],
    ['MaxPool, ceil_mode 1', single('MaxPool', { kernel_shape: [2, 2], strides: [2, 2], ceil_mode: 1 }, image), /maxpool_0.*ceil_mode=1/],
    ['Conv, auto_pad SAME_UPPER', conv({ kernel_shape: [3, 3], auto_pad: 'SAME_UPPER' }, image, [4, 4, 3, 3]), /conv_0.*auto_pad="SAME_UPPER"/],
    [
      'ConvTranspose, output_padding',
      single('ConvTranspose', { kernel_shape: [2, 2], strides: [2, 2], output_padding: [1, 1] }, image, {
        inputs: ['x', 'w'],
        initializers: [weights('w', [4, 3, 2, 2], 9)],
      }),
      /convtranspose_0.*output_padding=\[1,1\]/,
    ],
    [
      'Pad, reflect',
      single('Pad', { mode: 'reflect' }, image, { inputs: ['x', 'pads'], initializers: [int64('pads', [0, 0, 1, 1, 0, 0, 1, 1])] }),
      /pad_0.*mode="reflect"/,
    ],
  ];

  it.each(refused)('%s: onnxruntime runs it, the convnet runtime refuses it at session creation, naming the node', async (_name, model, message) => {
    const bytes = onnxModel(model);
    await expect(ort.InferenceSession.create(bytes)).resolves.toBeDefined();
    await expect(convnet.InferenceSession.create(bytes)).rejects.toThrow(message);
  });

  it('refuses an attribute it does not know, and a value it does not execute', async () => {
    await expect(convnet.InferenceSession.create(onnxModel(single('Cast', { to: 7 }, image)))).rejects.toThrow(/cast_0.*to=7.*expected 1/);
    const bytes = onnxModel(single('Concat', { axis: 1, unknown_setting: 3 }, image, { inputs: ['x', 'y'], y: image }));
    await expect(convnet.InferenceSession.create(bytes)).rejects.toThrow(/concat_0.*attribute unknown_setting is not supported/);
  });
});
