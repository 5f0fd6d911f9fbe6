import type { ModelAsset } from '@idlens/models';
import { IdlensError } from '../../core/errors.ts';
import type { OrtRuntime, OrtSession, OrtTensor } from './ort-runtime.ts';

/** One ONNX model, its session created on first use and reused; runs are serialized. */
export interface ModelSession {
  readonly name: string;
  /** Runs the model on one float32 input; returns the first output. */
  run(data: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  /** Creates the session now (start-up) instead of on the first request. */
  warm(): Promise<void>;
}

/**
 * Wraps a model asset. Session creation is the expensive part (graph optimisation: ~0.1–1 s), so it
 * happens once; runs go one at a time because onnxruntime-web's wasm backend does not allow
 * concurrent `run` calls on a session, and one engine instance serves one thread anyway.
 */
export function createModelSession(ort: OrtRuntime, asset: ModelAsset, sessionOptions: Record<string, unknown> = {}): ModelSession {
  let session: Promise<OrtSession> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const open = () =>
    (session ??= ort.InferenceSession.create(asset.bytes, { graphOptimizationLevel: 'all', ...sessionOptions }).catch((error: unknown) => {
      session = undefined;
      throw new IdlensError('MODEL_LOAD_FAILED', `cannot create an ONNX session for ${asset.entry.name}: ${(error as Error).message}`, { cause: error });
    }));

  const runOnce = async (data: Float32Array, dims: readonly number[]) => {
    const s = await open();
    const inputName = asset.entry.input?.name ?? s.inputNames[0]!;
    const outputs = await s.run({ [inputName]: new ort.Tensor('float32', data, dims) });
    const outputName = asset.entry.output?.name && asset.entry.output.name in outputs ? asset.entry.output.name : s.outputNames[0]!;
    const out = outputs[outputName] as OrtTensor;
    return { data: out.data as Float32Array, dims: out.dims };
  };

  return {
    name: asset.entry.name,
    run(data, dims) {
      const result = tail.then(() => runOnce(data, dims));
      tail = result.catch(() => undefined);
      return result;
    },
    async warm() {
      await open();
    },
  };
}
