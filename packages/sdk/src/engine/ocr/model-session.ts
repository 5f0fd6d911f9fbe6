import type { ModelAsset, ModelEntry } from '@idlens/models';
import { IdlensError } from '../../core/errors.ts';
import type { InferenceRuntime, RuntimeSession, RuntimeTensor, TensorFill } from './inference-runtime.ts';

/**
 * A model whose bytes are fetched when its session is first needed, not up front: the browser
 * worker defers the face detector until a request asks for a portrait. Its entry (input and
 * output contract) is known from the manifest without the bytes.
 */
export interface DeferredModel {
  entry: ModelEntry;
  load(): Promise<ModelAsset>;
}

/** One ONNX model, its session created on first use and reused; runs are serialized. */
export interface ModelSession {
  readonly name: string;
  /**
   * Runs the model on one float32 input, given or written by a function (into the runtime's own
   * memory where it has one: `RuntimeSession.runFilled`); returns the first output.
   */
  run(input: Float32Array | TensorFill, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  /** Creates the session now (start-up) instead of on the first request. */
  warm(): Promise<void>;
}

/**
 * Wraps a model asset. Session creation is the expensive part (graph optimisation, weight packing:
 * ~0.01–1 s), so it happens once; runs go one at a time because wasm runtimes (onnxruntime-web's
 * backend, the convnet runtime's shared memory) do not allow concurrent `run` calls, and one
 * engine instance serves one thread anyway.
 */
export function createModelSession(runtime: InferenceRuntime, asset: ModelAsset | DeferredModel, sessionOptions: Record<string, unknown> = {}): ModelSession {
  let session: Promise<RuntimeSession> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const create = async () => {
    const { bytes } = 'bytes' in asset ? asset : await asset.load();
    try {
      return await runtime.InferenceSession.create(bytes, { graphOptimizationLevel: 'all', ...sessionOptions });
    } catch (error) {
      throw new IdlensError('MODEL_LOAD_FAILED', `cannot create an ONNX session for ${asset.entry.name}: ${(error as Error).message}`, { cause: error });
    }
  };
  const open = () =>
    (session ??= create().catch((error: unknown) => {
      session = undefined; // a failed load or creation may be retried
      throw error;
    }));

  const runOnce = async (input: Float32Array | TensorFill, dims: readonly number[]) => {
    const s = await open();
    const inputName = asset.entry.input?.name ?? s.inputNames[0]!;
    const outputs =
      typeof input === 'function' && s.runFilled
        ? await s.runFilled(inputName, dims, input)
        : await s.run({ [inputName]: new runtime.Tensor('float32', typeof input === 'function' ? filled(input, dims) : input, dims) });
    const outputName = asset.entry.output?.name && asset.entry.output.name in outputs ? asset.entry.output.name : s.outputNames[0]!;
    const out = outputs[outputName] as RuntimeTensor;
    return { data: out.data as Float32Array, dims: out.dims };
  };

  return {
    name: asset.entry.name,
    run(input, dims) {
      const result = tail.then(() => runOnce(input, dims));
      tail = result.catch(() => undefined);
      return result;
    },
    async warm() {
      await open();
    },
  };
}

function filled(fill: TensorFill, dims: readonly number[]): Float32Array {
  const data = new Float32Array(dims.reduce((a, b) => a * b, 1));
  fill(data);
  return data;
}
