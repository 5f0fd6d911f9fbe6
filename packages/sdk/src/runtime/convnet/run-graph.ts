import type { RuntimeTensor, TensorFill } from '../../engine/ocr/inference-runtime.ts';
import { stepInputs, type CompiledGraph } from './compile-graph.ts';
import { operators } from './operators.ts';
import { convOutputDims, convTransposeOutputDims, runConv, runConvTranspose, runSeparable } from './convolution.ts';
import type { Kernels } from './kernels.ts';
import { elementCount, type FloatTensor, type MemoryTensor, type Value } from './tensor.ts';

/** An input given as data, or as dims and a function that writes it (into the kernels' memory: `RuntimeSession.runFilled`). */
export type Feed = RuntimeTensor | { dims: readonly number[]; fill: TensorFill };

/**
 * One run of a compiled graph, start to end without yielding: the inputs copied (or written) into
 * the kernels' memory, each step's output in a block of it, freed after its last reader (or in the
 * block of an input it is the last reader of, `Operator.inPlace`); the outputs copied out.
 */

export function runGraph(kernels: Kernels, graph: CompiledGraph, feeds: Record<string, Feed>): Record<string, FloatTensor> {
  const { constants, steps, lastUse } = graph;
  // Every block is taken back at the end, also after a failed run (a session created later keeps its
  // weights only when no run holds memory).
  try {
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
    /**
     * An input of step `index` computed in this run and read by no later step, whose block the
     * output (`dims`) may take (`Operator.inPlace`): for a view, the first input, of as many elements;
     * element-wise, any input of the output's shape (leading 1s aside), so element i is element i.
     */
    const blockDonor = (names: readonly string[], inPlace: 'elementwise' | 'view', dims: readonly number[], index: number) => {
      for (const name of inPlace === 'view' ? names.slice(0, 1) : names) {
        const tensor = values.get(name);
        if (!tensor || lastUse.get(name) !== index) continue;
        const fits = inPlace === 'view' ? elementCount(tensor.dims) === elementCount(dims) : sameShape(tensor.dims, dims);
        if (fits) return { name, offset: tensor.offset };
      }
      return undefined;
    };
    const view = (t: MemoryTensor): FloatTensor => ({ dims: t.dims, data: kernels.view(t.offset, elementCount(t.dims)) });
    const input = (name: string): Value | undefined => (name === '' ? undefined : (constants.get(name) ?? view(memory(name))));
    for (const name of graph.inputs) {
      const feed = feeds[name];
      if (feed && 'fill' in feed) {
        if (!feed.dims.every((d) => Number.isInteger(d) && d > 0)) throw new Error(`input ${name}: dims ${feed.dims.join('×')} are not sizes`);
        const data = view(put(name, [...feed.dims])).data;
        data.fill(0); // the block held an earlier run's values
        feed.fill(data);
        continue;
      }
      if (!feed || !(feed.data instanceof Float32Array)) throw new Error(`input ${name}: a float32 tensor is required`);
      if (feed.data.length !== elementCount(feed.dims)) throw new Error(`input ${name}: ${feed.data.length} values for dims ${feed.dims.join('×')}`);
      const tensor = put(name, [...feed.dims]);
      kernels.view(tensor.offset, feed.data.length).set(feed.data);
    }
    steps.forEach((step, index) => {
      if (step.kind === 'op') {
        const { node, operator: op } = step;
        const dims = op.dims(node.inputs.map(input), node.attributes);
        const donor = op.inPlace ? blockDonor(node.inputs, op.inPlace, dims, index) : undefined;
        if (donor) {
          // The output takes over the dying input's block (no allocation, so the views stay valid).
          const inputs = node.inputs.map(input);
          const out = { dims, offset: donor.offset };
          values.delete(donor.name);
          values.set(node.outputs[0]!, out);
          if (op.inPlace === 'elementwise') op.compute(inputs, view(out).data, node.attributes, kernels);
        } else {
          const out = put(node.outputs[0]!, dims);
          // Views are taken after the output's allocation, which may have grown the memory.
          op.compute(node.inputs.map(input), view(out).data, node.attributes, kernels);
        }
      } else {
        const x = memory(step.input);
        const is1d = x.dims.length === 3;
        const x4d = is1d ? { dims: [x.dims[0]!, x.dims[1]!, 1, x.dims[2]!], offset: x.offset } : x;
        if (step.kind === 'conv' || step.kind === 'separable') {
          const conv = step.kind === 'conv' ? step.conv : step.pointwise;
          const depthwise = step.kind === 'separable' ? step.depthwise : null;
          // The depthwise output of a separable step lives only while the step runs.
          const middleDims = depthwise ? convOutputDims(depthwise, x4d.dims) : null;
          const middle = middleDims ? { dims: middleDims, offset: kernels.allocate(elementCount(middleDims)) } : null;
          const out = put(step.output, convOutputDims(conv, middle?.dims ?? x4d.dims));
          const residual = step.residual ? memory(step.residual) : undefined;
          // A residual not of the output's shape: the Add (broadcasting) and the Relu after it done as the nodes.
          const broadcast = residual && !sameShape(residual.dims, out.dims);
          const given = broadcast ? undefined : residual;
          if (depthwise && middle) runSeparable(kernels, depthwise, conv, x4d, middle, out, given);
          else runConv(kernels, conv, x4d, out, given);
          if (middle) kernels.release(middle.offset);
          if (broadcast) {
            const data = view(out).data;
            operators.Add!.compute([view(out), view(residual)], data, {}, kernels);
            if (step.residualThenRelu) operators.Relu!.compute([view(out)], data, {}, kernels);
          }
          if (is1d) out.dims = [out.dims[0]!, out.dims[1]!, out.dims[3]!];
        } else {
          runConvTranspose(kernels, step.conv, x4d, put(step.output, convTransposeOutputDims(step.conv, x4d.dims)));
        }
      }
      for (const name of stepInputs(step)) {
        const tensor = values.get(name);
        if (tensor && lastUse.get(name) === index) {
          kernels.release(tensor.offset);
          values.delete(name);
        }
      }
    });
    return Object.fromEntries(
      graph.outputs.map((name) => {
        const v = view(memory(name));
        return [name, { dims: v.dims, data: v.data.slice() }];
      }),
    );
  } finally {
    kernels.reset();
  }
}

/** Whether two shapes are the same but for leading 1s ([1, C, H, W] and [C, H, W]). */
function sameShape(a: readonly number[], b: readonly number[]): boolean {
  const [x, y] = [withoutLeadingOnes(a), withoutLeadingOnes(b)];
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

function withoutLeadingOnes(dims: readonly number[]): readonly number[] {
  const first = dims.findIndex((n) => n !== 1);
  return first < 0 ? dims : dims.slice(first);
}
