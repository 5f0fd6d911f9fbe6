import { describe, expect, it } from 'vitest';
import { onnxModel, type NodeSpec, type TensorSpec } from '@idlens/test-support/engine/onnx-writer.ts';
import { fusedEpilogue } from './epilogue-fusion.ts';
import { readOnnxModel } from './onnx-model.ts';

const scalar = (name: string, value: number): TensorSpec => ({ name, dims: [], data: Float32Array.of(value) });
const w: TensorSpec = { name: 'w', dims: [2, 2, 1, 1], data: Float32Array.of(1, 2, 3, 4) };

/** A graph of a Conv writing `c` and then `after`; the fusion as compile-graph asks for it. */
function fusionOf(after: NodeSpec[], outputs = ['out']) {
  const model = readOnnxModel(
    onnxModel({
      opset: 13,
      nodes: [{ opType: 'Conv', inputs: ['x', 'w'], outputs: ['c'] }, ...after],
      initializers: [w, scalar('s', 0.5), scalar('t', -1), scalar('three', 3), scalar('zero', 0), scalar('six', 6)],
      inputs: [{ name: 'x', dims: [1, 2, 3, 3] }],
      outputs,
    }),
  );
  const readers = new Map<string, number>();
  for (const node of model.nodes) for (const input of node.inputs) readers.set(input, (readers.get(input) ?? 0) + 1);
  for (const output of model.outputs) readers.set(output, (readers.get(output) ?? 0) + 1);
  const values = new Map(model.initializers.map((t) => [t.name, t.data as Float32Array]));
  return fusedEpilogue(model.nodes, 0, 'c', {
    readers: (name) => readers.get(name) ?? 0,
    scalar: (name) => (values.get(name)?.length === 1 ? values.get(name)![0] : undefined),
    computed: (name) => !values.has(name),
    residuals: true,
  });
}

const hardswish = (x: string, out: string): NodeSpec[] => [
  { opType: 'Add', inputs: [x, 'three'], outputs: [`${x}3`] },
  { opType: 'Clip', inputs: [`${x}3`, 'zero', 'six'], outputs: [`${x}c`] },
  { opType: 'Mul', inputs: [x, `${x}c`], outputs: [`${x}m`] },
  { opType: 'Div', inputs: [`${x}m`, 'six'], outputs: [out] },
];

describe('fusedEpilogue', () => {
  it('takes × and + by a number, hardswish as exporters write it, then × and + again', () => {
    const fused = fusionOf([
      { opType: 'Mul', inputs: ['s', 'c'], outputs: ['a'] },
      { opType: 'Add', inputs: ['a', 't'], outputs: ['y'] },
      ...hardswish('y', 'h'),
      { opType: 'Mul', inputs: ['h', 's'], outputs: ['h1'] },
      { opType: 'Add', inputs: ['h1', 't'], outputs: ['out'] },
    ]);
    expect(fused).toEqual({
      epilogue: { preScale: 0.5, preShift: -1, activation: 'hardswish', postScale: 0.5, postShift: -1 },
      output: 'out',
      taken: [1, 2, 3, 4, 5, 6, 7, 8],
    });
  });

  it('takes a Relu, and stops at what it cannot do (a second activation, an Add before a Mul)', () => {
    expect(
      fusionOf([
        { opType: 'Relu', inputs: ['c'], outputs: ['r'] },
        { opType: 'Relu', inputs: ['r'], outputs: ['out'] },
      ]),
    ).toMatchObject({
      epilogue: { activation: 'relu' },
      output: 'r',
      taken: [1],
    });
    expect(
      fusionOf([
        { opType: 'Add', inputs: ['c', 't'], outputs: ['a'] },
        { opType: 'Mul', inputs: ['a', 's'], outputs: ['out'] },
      ]),
    ).toMatchObject({
      epilogue: { activation: 'none', preShift: -1 },
      output: 'a',
    });
  });

  it('takes a residual (an Add of a computed value) and the Relu after it, and nothing after that', () => {
    expect(
      fusionOf([
        { opType: 'Add', inputs: ['x', 'c'], outputs: ['r'] },
        { opType: 'Relu', inputs: ['r'], outputs: ['y'] },
        { opType: 'Mul', inputs: ['y', 's'], outputs: ['out'] },
      ]),
    ).toEqual({ epilogue: { activation: 'relu', residual: true }, output: 'y', taken: [1, 2], residual: 'x' });
    // An Add of a constant tensor is no residual (nor a number: not taken at all).
    expect(fusionOf([{ opType: 'Add', inputs: ['c', 'w'], outputs: ['out'] }])).toBeNull();
  });

  it('takes nothing another node reads on the way, nor a hardswish of a clip to other bounds', () => {
    // `c` is read by the Mul and by the graph's output.
    expect(fusionOf([{ opType: 'Mul', inputs: ['c', 's'], outputs: ['out'] }], ['out', 'c'])).toBeNull();
    const clipToOne = hardswish('c', 'out').map((n) => (n.opType === 'Clip' ? { ...n, inputs: [n.inputs[0]!, 'zero', 's'] } : n));
    expect(fusionOf(clipToOne)).toBeNull();
  });
});
