import { describe, expect, it } from 'vitest';
import { loadModelsFromDisk } from '../load-models-node.ts';
import { loadOrtWebNode } from '@idlens/test-support/engine/ort-web-node.ts';
import { createConvnetRuntime, unsupportedOperators } from './convnet-runtime.ts';
import { readOnnxModel } from './onnx-model.ts';

/** A seeded input in [−1, 1): the same for both runtimes. */
function seededInput(count: number, seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state / 2 ** 31) * 2 - 1;
  });
}

// Every model browsers load, at input shapes of the sizes the engine gives them (smaller for speed).
const cases: Array<{ name: string; dims: number[] }> = [
  { name: 'text-det', dims: [1, 3, 224, 320] },
  { name: 'mrz-rec', dims: [2, 1, 32, 248] },
  { name: 'latin-rec', dims: [3, 1, 32, 136] },
  { name: 'ppocr-det', dims: [1, 3, 160, 224] },
  { name: 'face-detector', dims: [1, 3, 256, 256] },
];

describe('the convnet runtime', () => {
  it.each(cases)('computes what onnxruntime-web computes for $name', async ({ name, dims }) => {
    const { [name]: model } = await loadModelsFromDisk({ names: [name] });
    const [reference, own] = await Promise.all([loadOrtWebNode(), createConvnetRuntime()]);
    const [expected, actual] = await Promise.all([reference.InferenceSession.create(model!.bytes), own.InferenceSession.create(model!.bytes)]);
    expect(actual.inputNames).toEqual(expected.inputNames);
    expect(actual.outputNames).toEqual(expected.outputNames);
    const x = seededInput(
      dims.reduce((a, b) => a * b, 1),
      dims.length * 7919,
    );
    const input = expected.inputNames[0]!;
    const [want, got] = await Promise.all([
      expected.run({ [input]: new reference.Tensor('float32', x, dims) }),
      actual.run({ [input]: new own.Tensor('float32', x, dims) }),
    ]);
    for (const output of expected.outputNames) {
      const a = want[output]!.data as Float32Array;
      const b = got[output]!.data as Float32Array;
      expect(got[output]!.dims).toEqual(want[output]!.dims);
      let largest = 0;
      let worst = 0;
      for (let i = 0; i < a.length; i++) {
        largest = Math.max(largest, Math.abs(a[i]!));
        worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
      }
      // Float sums in another order: differences of a few units in the last place of the largest value.
      expect(worst).toBeLessThanOrEqual(1e-5 * Math.max(1, largest));
      expect(largest).toBeGreaterThan(0);
    }
  });
});

/** Protobuf bytes of a length-delimited field. */
const field = (number: number, bytes: Uint8Array) => new Uint8Array([(number << 3) | 2, bytes.length, ...bytes]);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('readOnnxModel', () => {
  it('reads nodes and their ops, and names the operators the runtime cannot run', async () => {
    const node = new Uint8Array([...field(1, utf8('x')), ...field(2, utf8('y')), ...field(4, utf8('LSTM'))]);
    const relu = new Uint8Array([...field(1, utf8('y')), ...field(2, utf8('z')), ...field(4, utf8('Relu'))]);
    const graph = new Uint8Array([...field(1, node), ...field(1, relu), ...field(11, field(1, utf8('x'))), ...field(12, field(1, utf8('z')))]);
    const bytes = field(7, graph);
    const model = readOnnxModel(bytes);
    expect(model.nodes.map((n) => [n.opType, n.inputs, n.outputs])).toEqual([
      ['LSTM', ['x'], ['y']],
      ['Relu', ['y'], ['z']],
    ]);
    expect(model.inputs).toEqual(['x']);
    expect(unsupportedOperators(model)).toEqual(['LSTM']);
    const runtime = await createConvnetRuntime();
    await expect(runtime.InferenceSession.create(bytes)).rejects.toThrow('does not support LSTM');
  });

  it('refuses an input whose values do not fill its dims', async () => {
    const { 'mrz-rec': model } = await loadModelsFromDisk({ names: ['mrz-rec'] });
    const runtime = await createConvnetRuntime();
    const session = await runtime.InferenceSession.create(model!.bytes);
    const input = new runtime.Tensor('float32', new Float32Array(32 * 64), [1, 1, 32, 128]);
    await expect(session.run({ [session.inputNames[0]!]: input })).rejects.toThrow('2048 values for dims 1×1×32×128');
  });

  it('refuses bytes that are not a model', () => {
    expect(() => readOnnxModel(new Uint8Array([0x0a, 0x05, 0x01]))).toThrow();
    expect(() => readOnnxModel(new Uint8Array([]))).toThrow('no graph');
  });
});
