import { describe, expect, it } from 'vitest';
import { onnxNode as node } from '@idlens/test-support/engine/onnx-nodes.ts';
import { compileGraph } from './compile-graph.ts';
import { createKernels, type Kernels } from './kernels.ts';
import type { OnnxModel } from './onnx-model.ts';
import { runGraph } from './run-graph.ts';

/** The session's kernels, counting the blocks a run takes. */
async function countingKernels(): Promise<{ kernels: Kernels; blocks: () => number }> {
  const kernels = await createKernels();
  let taken = 0;
  return {
    kernels: {
      ...kernels,
      allocate(floats) {
        taken++;
        return kernels.allocate(floats);
      },
    },
    blocks: () => taken,
  };
}

const nearestTwice = { mode: 'nearest', coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor' };

describe('runGraph', () => {
  it('writes an element-wise output over an input no later step reads, and only such an input', async () => {
    // a = Relu(x); b = Add(a, x); c = Reshape(b); y = Sigmoid(c). x is read again after the Relu, so
    // the Relu takes a block of its own; the Add, the Reshape and the Sigmoid take a's.
    const model: OnnxModel = {
      opset: 17,
      inputs: ['x'],
      outputs: ['y'],
      initializers: [{ name: 'shape', dims: [2], dataType: 7, data: [3, 2] }],
      nodes: [node('Relu', ['x'], 'a'), node('Add', ['a', 'x'], 'b'), node('Reshape', ['b', 'shape'], 'c'), node('Sigmoid', ['c'], 'y')],
    };
    const { kernels, blocks } = await countingKernels();
    const x = Float32Array.of(-2, -1, 0, 1, 2, 3);
    const { y } = runGraph(kernels, compileGraph(kernels, model), { x: { dims: [2, 3], data: x, type: 'float32' } as never });
    const want = [...x].map((v) => Math.fround(1 / (1 + Math.exp(-(Math.max(0, v) + v)))));
    expect(y!.dims).toEqual([3, 2]);
    for (const [i, v] of y!.data.entries()) expect(v).toBeCloseTo(want[i]!, 6);
    expect(blocks()).toBe(2); // x's and a's
  });

  it('adds a nearest-neighbour upsampling read by one Add alone without making the upsampled tensor', async () => {
    // s = Resize(x) from 2×3 to 5×7 (scales of 2.5: not whole numbers); y = Add(z, s).
    const model: OnnxModel = {
      opset: 17,
      inputs: ['x', 'z'],
      outputs: ['y'],
      initializers: [{ name: 'scales', dims: [4], dataType: 1, data: Float32Array.of(1, 1, 2.5, 2.5) }],
      nodes: [node('Resize', ['x', '', 'scales'], 's', nearestTwice), node('Add', ['z', 's'], 'y')],
    };
    const { kernels, blocks } = await countingKernels();
    const graph = compileGraph(kernels, model);
    expect(graph.steps).toHaveLength(1);
    const x = Float32Array.from({ length: 2 * 2 * 3 }, (_, i) => i * 10);
    const z = Float32Array.from({ length: 2 * 5 * 7 }, (_, i) => i / 8);
    const { y } = runGraph(kernels, graph, { x: { dims: [1, 2, 2, 3], data: x }, z: { dims: [1, 2, 5, 7], data: z } } as never);
    expect(y!.dims).toEqual([1, 2, 5, 7]);
    const want: number[] = [];
    for (let c = 0; c < 2; c++) {
      for (let r = 0; r < 5; r++) {
        for (let k = 0; k < 7; k++) want.push(Math.fround(z[(c * 5 + r) * 7 + k]! + x[(c * 2 + Math.floor(r / 2.5)) * 3 + Math.floor(k / 2.5)]!));
      }
    }
    expect([...y!.data]).toEqual(want);
    // x, z, and the upsampling's columns; the sum is written over z.
    expect(blocks()).toBe(3);
  });
});

describe('runGraph with an input written by a function', () => {
  it('hands the function a block of zeros in the kernels memory, also when an earlier run left values there', async () => {
    const model: OnnxModel = { opset: 17, inputs: ['x'], outputs: ['y'], initializers: [], nodes: [node('Relu', ['x'], 'y')] };
    const { kernels } = await countingKernels();
    const graph = compileGraph(kernels, model);
    runGraph(kernels, graph, { x: { dims: [4], data: Float32Array.of(5, 6, 7, 8) } } as never);
    let inMemory: number | null = null;
    const { y } = runGraph(kernels, graph, {
      x: {
        dims: [4],
        fill: (into: Float32Array) => {
          inMemory = kernels.offsetOf(into);
          into[1] = 3;
        },
      },
    });
    expect(inMemory).not.toBeNull();
    expect([...y!.data]).toEqual([0, 3, 0, 0]);
    expect(() => runGraph(kernels, graph, { x: { dims: [0.5], fill: () => undefined } })).toThrow('not sizes');
  });
});

describe('runGraph on a depthwise convolution read by a pointwise one alone', () => {
  // y = Relu(Conv1x1(DepthwiseConv3x3(x)) + x): a BlazeFace block, C channels.
  const channels = 5;
  const block = (extraReader: boolean): OnnxModel => ({
    opset: 17,
    inputs: ['x'],
    outputs: extraReader ? ['y', 'd'] : ['y'],
    initializers: [
      { name: 'wd', dims: [channels, 1, 3, 3], dataType: 1, data: Float32Array.from({ length: channels * 9 }, (_, i) => ((i * 7) % 11) / 10 - 0.5) },
      { name: 'bd', dims: [channels], dataType: 1, data: Float32Array.from({ length: channels }, (_, i) => i / 10) },
      {
        name: 'wp',
        dims: [channels, channels, 1, 1],
        dataType: 1,
        data: Float32Array.from({ length: channels * channels }, (_, i) => ((i * 5) % 13) / 13 - 0.4),
      },
      { name: 'bp', dims: [channels], dataType: 1, data: Float32Array.from({ length: channels }, (_, i) => -i / 20) },
    ],
    nodes: [
      node('Conv', ['x', 'wd', 'bd'], 'd', { group: channels, kernel_shape: [3, 3], pads: [1, 1, 1, 1] }),
      node('Conv', ['d', 'wp', 'bp'], 'p', { kernel_shape: [1, 1] }),
      node('Add', ['p', 'x'], 's'),
      node('Relu', ['s'], 'y'),
    ],
  });

  /** The block computed plainly, in doubles. */
  function reference(model: OnnxModel, x: Float32Array, height: number, width: number): number[] {
    const [wd, bd, wp, bp] = model.initializers.map((t) => t.data as Float32Array);
    const d = new Float64Array(channels * height * width);
    for (let c = 0; c < channels; c++) {
      for (let r = 0; r < height; r++) {
        for (let k = 0; k < width; k++) {
          let sum = bd![c]!;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const [rr, kk] = [r + dy, k + dx];
              if (rr >= 0 && rr < height && kk >= 0 && kk < width) sum += wd![c * 9 + (dy + 1) * 3 + dx + 1]! * x[(c * height + rr) * width + kk]!;
            }
          }
          d[(c * height + r) * width + k] = sum;
        }
      }
    }
    const y: number[] = [];
    for (let m = 0; m < channels; m++) {
      for (let j = 0; j < height * width; j++) {
        let sum = bp![m]!;
        for (let c = 0; c < channels; c++) sum += wp![m * channels + c]! * d[c * height * width + j]!;
        y.push(Math.max(0, sum + x[m * height * width + j]!));
      }
    }
    return y;
  }

  it.each([
    { height: 9, width: 16 },
    { height: 6, width: 7 },
  ])('runs them as one step, rows at a time, and computes the block ($height×$width)', async ({ height, width }) => {
    const model = block(false);
    const kernels = await createKernels();
    const graph = compileGraph(kernels, model);
    expect(graph.steps.map((s) => s.kind)).toEqual(['separable']);
    const x = Float32Array.from({ length: channels * height * width }, (_, i) => Math.sin(i) * 2);
    const { y } = runGraph(kernels, graph, { x: { dims: [1, channels, height, width], data: x } } as never);
    const want = reference(model, x, height, width);
    expect(y!.dims).toEqual([1, channels, height, width]);
    for (const [i, v] of y!.data.entries()) expect(v).toBeCloseTo(want[i]!, 4);
  });

  it('keeps them apart when the depthwise output is read elsewhere too', async () => {
    const kernels = await createKernels();
    const graph = compileGraph(kernels, block(true));
    expect(graph.steps.map((s) => s.kind)).toEqual(['conv', 'conv']);
  });
});
