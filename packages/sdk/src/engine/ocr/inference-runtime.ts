/**
 * An inference runtime, as the engine uses one: the part of ONNX Runtime's JavaScript API it calls.
 * onnxruntime-node (the server), the SDK's own convnet runtime (`runtime/convnet/`, browsers'
 * default) and onnxruntime-web (browsers' option) satisfy it, so the caller injects whichever fits
 * the platform and the engine never imports a runtime (the browser bundle must not pull in native
 * code).
 */
export interface RuntimeTensor {
  readonly type: string;
  readonly dims: readonly number[];
  readonly data: unknown;
}

/** Writes a model input into `into`, which starts as zeros. */
export type TensorFill = (into: Float32Array) => void;

export interface RuntimeSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, RuntimeTensor>): Promise<Record<string, RuntimeTensor>>;
  /**
   * The convnet runtime's: a run whose one input `fill` writes straight into the runtime's memory,
   * instead of into an array of its own that the run then copies (a detector's is 9 MB of fresh
   * memory each time, which is slow to touch the first time).
   */
  runFilled?(input: string, dims: readonly number[], fill: TensorFill): Promise<Record<string, RuntimeTensor>>;
  release?(): Promise<void>;
}

export interface InferenceRuntime {
  InferenceSession: {
    create(model: Uint8Array, options?: Record<string, unknown>): Promise<RuntimeSession>;
  };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => RuntimeTensor;
}
