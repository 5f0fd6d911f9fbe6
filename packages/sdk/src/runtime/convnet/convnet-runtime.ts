import type { OrtRuntime, OrtSession, OrtTensor } from '../../engine/ocr/ort-runtime.ts';
import { computeConstant, operators } from './elementwise-ops.ts';
import {
  convOutputDims,
  convTransposeOutputDims,
  packConv,
  packConvTranspose,
  runConv,
  runConvTranspose,
  type ConvGeometry,
  type PackedConv,
  type PackedConvTranspose,
} from './convolution.ts';
import { createKernels, type Kernels } from './kernels.ts';
import { onnxDataType, readOnnxModel, type OnnxModel, type OnnxNode, type OnnxTensor } from './onnx-model.ts';
import { elementCount, isFloat, type FloatTensor, type MemoryTensor, type Value } from './tensor.ts';

/**
 * idlens's own runtime for the small convolutional networks the browser runs (the text detectors,
 * the MRZ and Latin line readers, the face detector): the subset of ONNX they use, executed in
 * JavaScript around wasm SIMD kernels (kernels.c, ~10 KB: the convolutions, the sigmoid, sums) —
 * instead of onnxruntime-web's 13.6 MB wasm, which a browser must read, check and have compiled
 * before the first document (docs/sdk.md, "OCR runtime"). It has the shape of onnxruntime's JS API
 * (`OrtRuntime`), so the engine runs on either.
 *
 * Session creation reads the file, computes every node whose inputs are all constants (the int8
 * weights' Cast and Mul, shape constants), packs each convolution's weights for the kernels and
 * fuses a Relu that only follows a convolution into it. A model with an operator outside that subset
 * is refused at creation (`unsupportedOperators` says which).
 */
export async function createConvnetRuntime(): Promise<OrtRuntime> {
  // One memory for all the runtime's sessions (see `Kernels`): their weights at the bottom, and above
  // them the tensors of whichever run is under way. Runs never overlap (each runs to its end without
  // yielding), so the detector's run and the line readers' reuse the same pages.
  const kernels = createKernels();
  return {
    InferenceSession: {
      async create(bytes: Uint8Array) {
        const model = readOnnxModel(bytes);
        return createSession(await kernels, model);
      },
    },
    Tensor: ConvnetTensor,
  };
}

class ConvnetTensor implements OrtTensor {
  readonly type = 'float32';
  readonly data: Float32Array;
  readonly dims: readonly number[];
  constructor(_type: 'float32', data: Float32Array, dims: readonly number[]) {
    this.data = data;
    this.dims = dims;
  }
}

/** Operators whose output element i depends on input element i alone (broadcast operands aside): computable in place. */
const elementwise = new Set(['Add', 'Mul', 'Div', 'Relu', 'Clip', 'HardSigmoid', 'Sigmoid']);

/** Operators the runtime executes: the convolutions, and those of `operators`. */
const convolutions = new Set(['Conv', 'ConvTranspose']);
const graphOnly = new Set(['Constant']);

/** The operators of a model this runtime cannot execute (empty: it can run it). */
export function unsupportedOperators(model: OnnxModel): string[] {
  const ops = new Set(model.nodes.map((n) => n.opType));
  return [...ops].filter((op) => !convolutions.has(op) && !graphOnly.has(op) && !(op in operators)).sort();
}

function tensorValue(t: OnnxTensor): Value {
  if (t.dataType === onnxDataType.float) return { dims: t.dims, data: t.data as Float32Array };
  // int8 weights become floats of the same values (their Cast to float is then exact).
  if (t.dataType === onnxDataType.int8) return { dims: t.dims, data: new Float32Array(t.data as Int8Array) };
  return { dims: t.dims, ints: t.data as number[] };
}

type Step =
  | { kind: 'conv'; input: string; output: string; conv: PackedConv }
  | { kind: 'convTranspose'; input: string; output: string; conv: PackedConvTranspose }
  | { kind: 'op'; node: OnnxNode };

function geometryOf(node: OnnxNode, weightDims: number[]): { geometry: ConvGeometry; oneDimensional: boolean } {
  const ints = (name: string): number[] | undefined => node.attributes[name] as number[] | undefined;
  if ((node.attributes.auto_pad ?? 'NOTSET') !== 'NOTSET') throw new Error(`${node.name}: auto_pad is not supported`);
  const kernel = ints('kernel_shape') ?? weightDims.slice(2);
  const oneDimensional = kernel.length === 1;
  const two = (v: number[] | undefined, fallback: number): [number, number] =>
    oneDimensional ? [1, v?.[0] ?? fallback] : [v?.[0] ?? fallback, v?.[1] ?? fallback];
  const pads = ints('pads') ?? [];
  const geometry: ConvGeometry = {
    group: (node.attributes.group as number | undefined) ?? 1,
    kernel: two(kernel, 1),
    stride: two(ints('strides'), 1),
    dilation: two(ints('dilations'), 1),
    pads: oneDimensional ? [0, pads[0] ?? 0, 0, pads[1] ?? 0] : [pads[0] ?? 0, pads[1] ?? 0, pads[2] ?? 0, pads[3] ?? 0],
  };
  return { geometry, oneDimensional };
}

function createSession(kernels: Kernels, model: OnnxModel): OrtSession {
  const unsupported = unsupportedOperators(model);
  if (unsupported.length > 0) throw new Error(`the convnet runtime does not support ${unsupported.join(', ')}`);
  const constants = new Map<string, Value>(model.initializers.map((t) => [t.name, tensorValue(t)]));
  const consumers = new Map<string, number>();
  for (const node of model.nodes) for (const input of node.inputs) consumers.set(input, (consumers.get(input) ?? 0) + 1);
  for (const output of model.outputs) consumers.set(output, (consumers.get(output) ?? 0) + 1);

  // How many nodes still to be folded read each constant: one read by the node being folded alone
  // may be overwritten by it (the int8 weights' scaling, in place: no second copy of the weights).
  const pendingReads = new Map<Value, number>();
  const addReads = (value: Value, name: string) => pendingReads.set(value, (pendingReads.get(value) ?? 0) + (consumers.get(name) ?? 0));
  for (const [name, value] of constants) addReads(value, name);

  const steps: Step[] = [];
  const nodes = model.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const output = node.outputs[0]!;
    if (node.opType === 'Constant') {
      constants.set(output, tensorValue(node.attributes.value as OnnxTensor));
      addReads(constants.get(output)!, output);
      continue;
    }
    const inputs = node.inputs.map((name) => (name === '' ? undefined : constants.get(name)));
    if (!convolutions.has(node.opType) && node.inputs.every((name, k) => name === '' || inputs[k])) {
      const first = inputs[0]!;
      const onlyReader = pendingReads.get(first) === 1;
      for (const input of inputs) if (input) pendingReads.set(input, pendingReads.get(input)! - 1);
      // A Cast to float of floats (the int8 weights are read as floats) is the same tensor: not copied.
      const same = node.opType === 'Cast' && node.attributes.to === onnxDataType.float && isFloat(first);
      const inPlace = onlyReader && elementwise.has(node.opType) && isFloat(first);
      const value = same ? first : computeConstant(operators[node.opType]!, inputs, node.attributes, inPlace ? (first as FloatTensor).data : undefined);
      constants.set(output, value);
      addReads(value, output);
      continue;
    }
    if (!convolutions.has(node.opType)) {
      steps.push({ kind: 'op', node });
      continue;
    }
    const weight = inputs[1];
    const bias = inputs[2];
    if (!weight || !isFloat(weight) || (node.inputs[2] && (!bias || !isFloat(bias)))) throw new Error(`${node.name}: weights must be constants`);
    const biasData = bias && isFloat(bias) ? bias.data : null;
    const next = nodes[i + 1];
    const fuseRelu = next?.opType === 'Relu' && next.inputs[0] === output && consumers.get(output) === 1;
    const result = fuseRelu ? next!.outputs[0]! : output;
    const { geometry, oneDimensional } = geometryOf(node, weight.dims);
    if (node.opType === 'Conv') {
      const weight4d = oneDimensional ? { dims: [weight.dims[0]!, weight.dims[1]!, 1, weight.dims[2]!], data: weight.data } : weight;
      steps.push({ kind: 'conv', input: node.inputs[0]!, output: result, conv: packConv(kernels, weight4d, biasData, geometry, fuseRelu) });
    } else {
      const square = geometry.kernel[0] === geometry.stride[0] && geometry.kernel[1] === geometry.stride[1];
      if (!square || geometry.group !== 1 || geometry.pads.some((p) => p !== 0) || node.attributes.output_padding) {
        throw new Error(`${node.name}: only ConvTranspose with kernel = stride, no padding and one group is supported`);
      }
      steps.push({ kind: 'convTranspose', input: node.inputs[0]!, output: result, conv: packConvTranspose(kernels, weight, biasData, fuseRelu) });
    }
    if (fuseRelu) i++;
  }
  // The step after which each value computed in a run is no longer needed (outputs: never).
  const lastUse = new Map<string, number>();
  steps.forEach((step, index) => {
    for (const name of step.kind === 'op' ? step.node.inputs : [step.input]) lastUse.set(name, index);
  });
  for (const name of model.outputs) lastUse.set(name, Number.POSITIVE_INFINITY);

  const run = (feeds: Record<string, OrtTensor>): Record<string, OrtTensor> => {
    kernels.reset();
    const values = new Map<string, MemoryTensor>();
    const put = (name: string, dims: number[]) => {
      const tensor = { dims, offset: kernels.allocate(elementCount(dims)) };
      values.set(name, tensor);
      return tensor;
    };
    const memory = (name: string): MemoryTensor => {
      const v = values.get(name);
      if (!v) throw new Error(`value ${name} is missing`);
      return v;
    };
    const view = (t: MemoryTensor): FloatTensor => ({ dims: t.dims, data: kernels.view(t.offset, elementCount(t.dims)) });
    const input = (name: string): Value | undefined => (name === '' ? undefined : (constants.get(name) ?? view(memory(name))));
    for (const name of model.inputs) {
      const feed = feeds[name];
      if (!feed || !(feed.data instanceof Float32Array)) throw new Error(`input ${name}: a float32 tensor is required`);
      const tensor = put(name, [...feed.dims]);
      kernels.view(tensor.offset, feed.data.length).set(feed.data);
    }
    steps.forEach((step, index) => {
      if (step.kind === 'op') {
        const { node } = step;
        const op = operators[node.opType]!;
        const out = put(node.outputs[0]!, op.dims(node.inputs.map(input), node.attributes));
        // Views are taken after the output's allocation, which may have grown the memory.
        op.compute(node.inputs.map(input), view(out).data, node.attributes, kernels);
      } else {
        const x = memory(step.input);
        const is1d = x.dims.length === 3;
        const x4d = is1d ? { dims: [x.dims[0]!, x.dims[1]!, 1, x.dims[2]!], offset: x.offset } : x;
        if (step.kind === 'conv') {
          const out = put(step.output, convOutputDims(step.conv, x4d.dims));
          runConv(kernels, step.conv, x4d, out);
          if (is1d) out.dims = [out.dims[0]!, out.dims[1]!, out.dims[3]!];
        } else {
          runConvTranspose(kernels, step.conv, x4d, put(step.output, convTransposeOutputDims(step.conv, x4d.dims)));
        }
      }
      for (const name of step.kind === 'op' ? step.node.inputs : [step.input]) {
        const tensor = values.get(name);
        if (tensor && lastUse.get(name) === index) {
          kernels.release(tensor.offset);
          values.delete(name);
        }
      }
    });
    const outputs = Object.fromEntries(
      model.outputs.map((name) => {
        const v = view(memory(name));
        return [name, new ConvnetTensor('float32', v.data.slice(), v.dims)];
      }),
    );
    kernels.reset();
    return outputs;
  };
  return {
    inputNames: model.inputs,
    outputNames: model.outputs,
    async run(feeds) {
      return run(feeds);
    },
  };
}
