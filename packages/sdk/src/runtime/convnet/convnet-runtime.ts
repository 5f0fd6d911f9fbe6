import type { InferenceRuntime, RuntimeSession, RuntimeTensor } from '../../engine/ocr/inference-runtime.ts';
import { compileGraph } from './compile-graph.ts';
import { createKernels, type Kernels, type KernelsOptions } from './kernels.ts';
import { readOnnxModel, type OnnxModel } from './onnx-model.ts';
import { runGraph } from './run-graph.ts';
import type { FloatTensor } from './tensor.ts';

export { unsupportedOperators } from './compile-graph.ts';

/**
 * idlens's own runtime for the small convolutional networks the browser runs (the text detectors,
 * the MRZ and Latin line readers, the face detector): the subset of ONNX they use, executed in
 * JavaScript around wasm SIMD kernels (kernels.c, 16 KB: the convolutions, the sigmoid, sums) —
 * instead of onnxruntime-web's 13.6 MB wasm, which a browser must read, check and have compiled
 * before the first document (docs/sdk.md, "OCR runtime"). It has the shape of onnxruntime's JS API
 * (`InferenceRuntime`, with `runFilled` besides), so the engine runs on either.
 *
 * Session creation reads the file, computes every node whose inputs are all constants (shape
 * constants, say), packs each convolution's weights for the kernels (int8 weights straight from
 * their int8 values and scales) and fuses a Relu that only follows a convolution into it. A model
 * with an operator outside that subset is refused at creation (`unsupportedOperators` says which).
 * With `threads` and a way to start them (`spawnThread`; a cross-origin isolated page's worker, or
 * Node) the convolutions are cut into slices computed side by side (kernel-threads.ts).
 */
export async function createConvnetRuntime(options: KernelsOptions = {}): Promise<ConvnetRuntime> {
  // One memory for all the runtime's sessions (see `Kernels`): their weights at the bottom, and above
  // them the tensors of whichever run is under way. Runs never overlap (each runs to its end without
  // yielding), so the detector's run and the line readers' reuse the same pages.
  const kernels = await createKernels(options);
  return {
    threads: () => kernels.threads(),
    InferenceSession: {
      async create(bytes: Uint8Array) {
        const model = readOnnxModel(bytes);
        return createSession(kernels, model);
      },
    },
    Tensor: ConvnetTensor,
  };
}

/** With `threads` (options): the threads ready now, this one included (helpers count once started). */
export interface ConvnetRuntime extends InferenceRuntime {
  threads(): number;
}

class ConvnetTensor implements RuntimeTensor {
  readonly type = 'float32';
  readonly data: Float32Array;
  readonly dims: readonly number[];
  constructor(_type: 'float32', data: Float32Array, dims: readonly number[]) {
    this.data = data;
    this.dims = dims;
  }
}

function createSession(kernels: Kernels, model: OnnxModel): RuntimeSession {
  const graph = compileGraph(kernels, model);
  return {
    inputNames: graph.inputs,
    outputNames: graph.outputs,
    async run(feeds) {
      return tensors(runGraph(kernels, graph, feeds));
    },
    async runFilled(input, dims, fill) {
      return tensors(runGraph(kernels, graph, { [input]: { dims, fill } }));
    },
  };
}

const tensors = (outputs: Record<string, FloatTensor>) =>
  Object.fromEntries(Object.entries(outputs).map(([name, t]) => [name, new ConvnetTensor('float32', t.data, t.dims)]));
