import { fusedEpilogue } from './epilogue-fusion.ts';
import { unsupportedSettings } from './accepted-attributes.ts';
import { computeConstant, type Operator } from './operator.ts';
import { operators } from './operators.ts';
import { dequantized, quantizedConstant, quantizedStep, type QuantizedWeight } from './quantized-weights.ts';
import { upsampleAdd } from './spatial-ops.ts';
import { isPointwise, packConv, packConvTranspose, type ConvGeometry, type PackedConv, type PackedConvTranspose } from './convolution.ts';
import type { Kernels } from './kernels.ts';
import { onnxDataType, type OnnxModel, type OnnxNode, type OnnxTensor } from './onnx-model.ts';
import { isFloat, type FloatTensor, type Value } from './tensor.ts';

const convolutions = new Set(['Conv', 'ConvTranspose']);
const graphOnly = new Set(['Constant']);

/** The operators of a model the convnet runtime cannot execute (empty: it can run it). */
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

export type Step =
  | {
      kind: 'conv';
      input: string;
      output: string;
      conv: PackedConv;
      /** A value its epilogue adds (an Add of it and the convolution's output, fused). */
      residual?: string;
      /** The epilogue applies a Relu after the residual (what the run does itself when the residual must broadcast). */
      residualThenRelu?: boolean;
    }
  | {
      /** A depthwise convolution whose output only a pointwise one reads, run together (`runSeparable`). */
      kind: 'separable';
      input: string;
      /** The depthwise output, which the run holds only during the step. */
      middle: string;
      output: string;
      depthwise: PackedConv;
      pointwise: PackedConv;
      residual?: string;
      residualThenRelu?: boolean;
    }
  | { kind: 'convTranspose'; input: string; output: string; conv: PackedConvTranspose }
  | { kind: 'op'; node: OnnxNode; operator: Operator };

/** The values a step reads (a convolution: its input, and the residual its epilogue adds). */
export function stepInputs(step: Step): readonly string[] {
  if (step.kind === 'op') return step.node.inputs;
  return (step.kind === 'conv' || step.kind === 'separable') && step.residual ? [step.input, step.residual] : [step.input];
}

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

/** A model made ready to run: its constants, the steps a run takes, and when each value is last read. */
export interface CompiledGraph {
  inputs: string[];
  outputs: string[];
  constants: ReadonlyMap<string, Value>;
  steps: Step[];
  /** The step after which each value computed in a run is no longer needed (outputs: never). */
  lastUse: ReadonlyMap<string, number>;
}

/**
 * Computes every node whose inputs are all constants, packs each convolution's weights into the
 * kernels' kept memory (with the element-wise nodes that only follow it fused in: `fusedEpilogue`), and lists the other nodes as steps
 * (an upsampling read only by an Add fused into it).
 */
export function compileGraph(kernels: Kernels, model: OnnxModel): CompiledGraph {
  const unsupported = unsupportedOperators(model);
  if (unsupported.length > 0) throw new Error(`the convnet runtime does not support ${unsupported.join(', ')}`);
  const settings = unsupportedSettings(model);
  if (settings.length > 0) throw new Error(`the convnet runtime cannot run this model as ONNX defines it: ${settings.join('; ')}`);
  const consumers = new Map<string, number>();
  for (const node of model.nodes) for (const input of node.inputs) consumers.set(input, (consumers.get(input) ?? 0) + 1);
  for (const output of model.outputs) consumers.set(output, (consumers.get(output) ?? 0) + 1);

  const constants = new Map<string, Value>();
  // How many nodes still to be folded read each constant: one read by the node being folded alone
  // may be overwritten by it (a scaling of weights, say, in place: no second copy of them).
  const pendingReads = new Map<Value, number>();
  const addReads = (value: Value, name: string) => pendingReads.set(value, (pendingReads.get(value) ?? 0) + (consumers.get(name) ?? 0));
  // int8 weights on their way to a convolution, packed from the int8 values (`QuantizedWeight`).
  const quantized = new Map<string, QuantizedWeight>();
  // An initializer or a Constant node's value: int8 weights read by one node kept as they are.
  const addConstant = (name: string, tensor: OnnxTensor) => {
    const weight = quantizedConstant(tensor, consumers.get(name) ?? 0);
    if (weight) quantized.set(name, weight);
    else {
      constants.set(name, tensorValue(tensor));
      addReads(constants.get(name)!, name);
    }
  };
  for (const tensor of model.initializers) addConstant(tensor.name, tensor);

  const steps: Step[] = [];
  // A nearest-neighbour upsampling read by one Add alone is not computed on its own: the Add reads the
  // smaller tensor (`upsampleAdd`; a detector's feature pyramid then never holds its largest upsampled map).
  const resizesToAdd = new Map<string, OnnxNode>();
  const nodes = model.nodes;
  // Element-wise nodes a convolution's kernels do (`fusedEpilogue`), by index: skipped here.
  const fusedAway = new Set<number>();
  const fusion = {
    readers: (name: string) => consumers.get(name) ?? 0,
    scalar: (name: string) => scalarConstant(name, constants, nodes),
    // A Resize's output may never exist on its own (`resizesToAdd`): its Add stays a node.
    computed: (name: string) =>
      !constants.has(name) && !quantized.has(name) && !nodes.some((n) => (n.opType === 'Constant' || n.opType === 'Resize') && n.outputs[0] === name),
  };
  for (let i = 0; i < nodes.length; i++) {
    if (fusedAway.has(i)) continue;
    const node = nodes[i]!;
    const output = node.outputs[0]!;
    if (node.opType === 'Constant') {
      addConstant(output, node.attributes.value as OnnxTensor);
      continue;
    }
    const scaled = quantizedStep(node, quantized, constants, (name) => consumers.get(name) ?? 0);
    if (scaled) {
      quantized.set(output, scaled);
      continue;
    }
    // Any reader but a convolution's weights gets the floats.
    for (const [k, name] of node.inputs.entries()) {
      const weight = quantized.get(name);
      if (!weight || (k === 1 && convolutions.has(node.opType))) continue;
      constants.set(name, dequantized(weight));
      addReads(constants.get(name)!, name);
      quantized.delete(name);
    }
    const inputs = node.inputs.map((name) => (name === '' ? undefined : constants.get(name)));
    if (!convolutions.has(node.opType) && node.inputs.every((name, k) => name === '' || inputs[k])) {
      const first = inputs[0]!;
      const onlyReader = pendingReads.get(first) === 1;
      for (const input of inputs) if (input) pendingReads.set(input, pendingReads.get(input)! - 1);
      // A Cast to float of floats (the int8 weights are read as floats) is the same tensor: not copied.
      const same = node.opType === 'Cast' && node.attributes.to === onnxDataType.float && isFloat(first);
      const inPlace = onlyReader && operators[node.opType]!.inPlace === 'elementwise' && isFloat(first);
      const value = same ? first : computeConstant(operators[node.opType]!, inputs, node.attributes, inPlace ? (first as FloatTensor).data : undefined);
      constants.set(output, value);
      addReads(value, output);
      continue;
    }
    if (!convolutions.has(node.opType)) {
      const resized = node.opType === 'Add' ? node.inputs.find((name) => resizesToAdd.has(name)) : undefined;
      if (node.opType === 'Resize' && consumers.get(output) === 1 && model.nodes.some((n) => n.opType === 'Add' && n.inputs.includes(output))) {
        resizesToAdd.set(output, node); // computed by the Add that reads it
      } else if (resized) {
        const resize = resizesToAdd.get(resized)!;
        const other = node.inputs.find((name) => name !== resized)!;
        const fused = { ...node, name: `${resize.name}+${node.name}`, inputs: [other, ...resize.inputs], attributes: resize.attributes };
        steps.push({ kind: 'op', node: fused, operator: upsampleAdd });
      } else {
        steps.push({ kind: 'op', node, operator: operators[node.opType]! });
      }
      continue;
    }
    const given = inputs[1];
    const weight = quantized.get(node.inputs[1]!) ?? (given && isFloat(given) ? given : undefined);
    const bias = inputs[2];
    if (!weight || (node.inputs[2] && (!bias || !isFloat(bias)))) throw new Error(`${node.name}: weights must be constants`);
    const biasData = bias && isFloat(bias) ? bias.data : null;
    const fused = fusedEpilogue(nodes, i, output, { ...fusion, residuals: node.opType === 'Conv' });
    for (const index of fused?.taken ?? []) fusedAway.add(index);
    const result = fused?.output ?? output;
    const epilogue = fused?.epilogue ?? null;
    const { geometry, oneDimensional } = geometryOf(node, weight.dims);
    if (node.opType === 'Conv') {
      const weight4d = oneDimensional ? { ...weight, dims: [weight.dims[0]!, weight.dims[1]!, 1, weight.dims[2]!] } : weight;
      const residual = fused?.residual;
      const conv = packConv(kernels, weight4d, biasData, geometry, epilogue);
      steps.push({
        kind: 'conv',
        input: node.inputs[0]!,
        output: result,
        conv,
        ...(residual ? { residual, residualThenRelu: epilogue?.activation === 'relu' } : {}),
      });
    } else {
      const square = geometry.kernel[0] === geometry.stride[0] && geometry.kernel[1] === geometry.stride[1];
      if (!square || geometry.group !== 1 || geometry.pads.some((p) => p !== 0) || node.attributes.output_padding) {
        throw new Error(`${node.name}: only ConvTranspose with kernel = stride, no padding and one group is supported`);
      }
      steps.push({
        kind: 'convTranspose',
        input: node.inputs[0]!,
        output: result,
        conv: packConvTranspose(kernels, 'int8' in weight ? dequantized(weight) : weight, biasData, epilogue),
      });
    }
  }
  pairSeparable(steps, (name) => consumers.get(name) ?? 0);
  // The step after which each value computed in a run is no longer needed (outputs: never).
  const lastUse = new Map<string, number>();
  steps.forEach((step, index) => {
    for (const name of stepInputs(step)) lastUse.set(name, index);
  });
  for (const name of model.outputs) lastUse.set(name, Number.POSITIVE_INFINITY);

  return { inputs: model.inputs, outputs: model.outputs, constants, steps, lastUse };
}

/**
 * Joins each depthwise convolution to the pointwise one that alone reads its output, the next step
 * (`runSeparable`), in place.
 */
function pairSeparable(steps: Step[], readers: (name: string) => number): void {
  for (let i = 0; i + 1 < steps.length; i++) {
    const [first, second] = [steps[i]!, steps[i + 1]!];
    if (first.kind !== 'conv' || second.kind !== 'conv' || !first.conv.depthwise || first.residual) continue;
    if (second.input !== first.output || readers(first.output) !== 1 || !isPointwise(second.conv)) continue;
    steps.splice(i, 2, {
      kind: 'separable',
      input: first.input,
      middle: first.output,
      output: second.output,
      depthwise: first.conv,
      pointwise: second.conv,
      ...(second.residual ? { residual: second.residual, residualThenRelu: second.residualThenRelu } : {}),
    });
  }
}

/** A float constant of one element — computed already, or a Constant node's, wherever it is in the graph — or undefined. */
function scalarConstant(name: string, constants: ReadonlyMap<string, Value>, nodes: readonly OnnxNode[]): number | undefined {
  const value = constants.get(name) ?? constantNodeValue(name, nodes);
  return value && isFloat(value) && value.data.length === 1 ? value.data[0] : undefined;
}

function constantNodeValue(name: string, nodes: readonly OnnxNode[]): Value | undefined {
  const node = nodes.find((n) => n.opType === 'Constant' && n.outputs[0] === name);
  return node ? tensorValue(node.attributes.value as OnnxTensor) : undefined;
}
