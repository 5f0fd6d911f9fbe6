import { describe, expect, it } from 'vitest';
import { onnxNode as node } from '@idlens/test-support/engine/onnx-nodes.ts';
import { compileGraph } from './compile-graph.ts';
import { createKernels } from './kernels.ts';
import type { OnnxModel } from './onnx-model.ts';
import { runGraph } from './run-graph.ts';

/** The convolution by its definition, in double precision: out[m][y][x] = Σ w[m][c][ky][kx] · in[c][y + ky − top][x + kx − left]. */
type Four = [number, number, number, number];

function naiveConv(
  x: Float32Array,
  [channels, height, width]: [number, number, number],
  w: Float32Array,
  [outChannels, , kh, kw]: Four,
  [top, left, bottom, right]: Four,
) {
  const outH = height + top + bottom - kh + 1;
  const outW = width + left + right - kw + 1;
  const out = new Float64Array(outChannels * outH * outW);
  for (let m = 0; m < outChannels; m++) {
    for (let y = 0; y < outH; y++) {
      for (let xx = 0; xx < outW; xx++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          for (let ky = 0; ky < kh; ky++) {
            for (let kx = 0; kx < kw; kx++) {
              const sy = y + ky - top;
              const sx = xx + kx - left;
              if (sy >= 0 && sy < height && sx >= 0 && sx < width) sum += w[((m * channels + c) * kh + ky) * kw + kx]! * x[(c * height + sy) * width + sx]!;
            }
          }
        }
        out[(m * outH + y) * outW + xx] = sum;
      }
    }
  }
  return out;
}

describe('runConv', () => {
  it.each([
    // Rows of three 8-column panels: the middle one of each inner row is read straight from the input.
    { name: '3×3, padding 1', input: [3, 6, 24], weights: [5, 3, 3, 3], pads: [1, 1, 1, 1] },
    { name: '3×3, padding only below and right', input: [2, 7, 24], weights: [6, 2, 3, 3], pads: [0, 0, 2, 2] },
    { name: '5×5, padding 2', input: [4, 9, 32], weights: [4, 4, 5, 5], pads: [2, 2, 2, 2] },
  ])('computes a stride-1 convolution whose inner panels skip im2col as its definition says ($name)', async ({ input, weights, pads }) => {
    const x = Float32Array.from({ length: input.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i * 0.7) * 2);
    const w = Float32Array.from({ length: weights.reduce((a, b) => a * b, 1) }, (_, i) => Math.cos(i * 1.3));
    const model: OnnxModel = {
      opset: 17,
      inputs: ['x'],
      outputs: ['y'],
      initializers: [{ name: 'w', dims: weights, dataType: 1, data: w }],
      nodes: [node('Conv', ['x', 'w'], 'y', { pads })],
    };
    const kernels = await createKernels();
    const { y } = runGraph(kernels, compileGraph(kernels, model), { x: { dims: [1, ...input], data: x } } as never);
    const want = naiveConv(x, input as [number, number, number], w, weights as Four, pads as Four);
    expect(y!.data.length).toBe(want.length);
    for (const [i, v] of want.entries()) expect(Math.abs(y!.data[i]! - v)).toBeLessThan(1e-4);
  });
});
