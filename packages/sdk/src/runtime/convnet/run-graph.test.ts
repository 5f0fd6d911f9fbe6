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
