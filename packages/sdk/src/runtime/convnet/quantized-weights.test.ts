import { describe, expect, it } from 'vitest';
import { onnxNode as node } from '@idlens/test-support/engine/onnx-nodes.ts';
import { compileGraph } from './compile-graph.ts';
import { createKernels } from './kernels.ts';
import type { OnnxModel, OnnxNode, OnnxTensor } from './onnx-model.ts';
import { dequantized, quantizedStep, type QuantizedWeight } from './quantized-weights.ts';
import { runGraph } from './run-graph.ts';

const tensor = (dims: number[], dataType: number, data: OnnxTensor['data']): OnnxTensor => ({ name: '', dims, dataType, data });

// 6 output channels, 2 input channels, 3×3: int8 weights as a quantizer writes them.
const dims = [6, 2, 3, 3];
const int8 = Int8Array.from({ length: 6 * 2 * 9 }, (_, i) => ((i * 37) % 255) - 127);
const perChannel = tensor([6, 1, 1, 1], 1, Float32Array.of(0.0123, 0.5, 1 / 3, 7.25e-3, 2.1, 0.0009765));

/** Conv(x, Mul(Cast(Constant int8), scale)) (the int8 files' pattern); `extra` nodes read the Cast too. */
function quantizedModel(scale: OnnxTensor, extra: OnnxNode[] = []): OnnxModel {
  return {
    opset: 17,
    inputs: ['x', ...(extra.length > 0 ? ['z'] : [])],
    outputs: ['y', ...extra.map((n) => n.outputs[0]!)],
    initializers: [],
    nodes: [
      node('Constant', [], 'w8', { value: tensor(dims, 3, int8) }),
      node('Cast', ['w8'], 'wf', { to: 1 }),
      node('Constant', [], 'scale', { value: scale }),
      node('Mul', ['wf', 'scale'], 'w'),
      ...extra,
      node('Conv', ['x', 'w'], 'y', { pads: [1, 1, 1, 1] }),
    ],
  };
}

/** The same convolution with float weights given as they are. */
function floatModel(weights: Float32Array): OnnxModel {
  return {
    opset: 17,
    inputs: ['x'],
    outputs: ['y'],
    initializers: [{ ...tensor(dims, 1, weights), name: 'w' }],
    nodes: [node('Conv', ['x', 'w'], 'y', { pads: [1, 1, 1, 1] })],
  };
}

async function run(model: OnnxModel, x: Float32Array): Promise<Float32Array> {
  const kernels = await createKernels();
  const out = runGraph(kernels, compileGraph(kernels, model), { x: { dims: [1, 2, 5, 7], data: x } } as never);
  return out.y!.data;
}

const x = Float32Array.from({ length: 2 * 5 * 7 }, (_, i) => Math.sin(i) * 3);

describe('int8 weights', () => {
  it.each([
    ['per output channel', perChannel],
    ['one scale', tensor([], 1, Float32Array.of(0.0421))],
    // Broadcast along the kernel's columns, not the channels: folded to floats as before.
    ['a scale per kernel column', tensor([3], 1, Float32Array.of(0.5, 0.25, 0.125))],
  ])('give the convolution exactly what the folded Cast and Mul give (%s)', async (_name, scale) => {
    const weight: QuantizedWeight = { dims, int8, scale: null };
    const scaled = quantizedStep(
      node('Mul', ['wf', 'scale'], 'w'),
      new Map([['wf', weight]]),
      new Map([['scale', { dims: scale.dims, data: scale.data as Float32Array }]]),
      () => 1,
    );
    const floats = Float32Array.from(int8, (v, i) => {
      const s = scale.data as Float32Array;
      return v * (s.length === 1 ? s[0]! : s.length === 6 ? s[Math.floor(i / 18)]! : s[i % 3]!);
    });
    expect(scaled === null).toBe(scale.dims.length === 1);
    if (scaled) expect(dequantized(scaled).data).toEqual(floats);
    expect(await run(quantizedModel(scale), x)).toEqual(await run(floatModel(floats), x));
  });

  it('are read the same from an initializer as from a Constant node', async () => {
    const fromConstant = quantizedModel(perChannel);
    const fromInitializer: OnnxModel = {
      ...fromConstant,
      initializers: [{ ...tensor(dims, 3, int8), name: 'w8' }],
      nodes: fromConstant.nodes.filter((n) => n.outputs[0] !== 'w8'),
    };
    expect(await run(fromInitializer, x)).toEqual(await run(fromConstant, x));
  });

  it('are made floats for a reader other than a convolution', async () => {
    // The Cast's output is also added to an input of the run: that sum reads the weights' floats, unscaled.
    const y = await run(quantizedModel(perChannel), x);
    const kernels = await createKernels();
    const model = quantizedModel(perChannel, [node('Add', ['z', 'wf'], 'r')]);
    const z = new Float32Array(int8.length);
    const out = runGraph(kernels, compileGraph(kernels, model), { x: { dims: [1, 2, 5, 7], data: x }, z: { dims, data: z } } as never);
    expect(out.r!.data).toEqual(Float32Array.from(int8));
    expect(out.y!.data).toEqual(y);
  });
});
