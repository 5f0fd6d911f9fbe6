import os from 'node:os';
import { loadModelsFromDisk } from '@idlens/sdk/runtime/models-node';
import type { WeightPrecision } from '@idlens/models';
import type { EngineRuntimes, LineReaderChoice, MrzModelChoice, InferenceRuntime, PrintedFieldChoice, TextDetectorChoice } from '@idlens/sdk/engine';
import { loadZxingNode } from '@idlens/sdk/runtime/zxing-node';
import type { Config } from '../config.ts';

export interface EngineRuntimeOptions {
  /** Force the MRZ line model (eval comparisons); default: the dedicated model when present. */
  mrzModel?: MrzModelChoice;
  /** Force the printed-line model (eval comparisons); default: the Latin model when present. */
  lineReader?: LineReaderChoice;
  /** Force the text detector (eval comparisons); default: the distilled model when present and not opt-in. */
  textDetector?: TextDetectorChoice;
  /** Printed fields assigned by the learned model (default) or the label rules alone (eval comparisons). */
  printedFields?: PrintedFieldChoice;
  /** ONNX Runtime threads per engine; default: one per spare core, at most 4. */
  threads?: number;
  /** The int8-weight model files (the SDK's default, what browsers download) or their float originals (the server's default). */
  weights?: WeightPrecision;
  /** onnxruntime-node (default) or the SDK's convnet runtime, what browsers run (`threads` does not apply to it). */
  ocrRuntime?: 'onnxruntime' | 'convnet';
}

/** The engine options of the server's recognition workers, from its configuration (RECOGNITION_*). */
export function engineRuntimeOptions(recognition: Config['recognition']): EngineRuntimeOptions {
  const { ortThreads, mrzModel, lineReader, textDetector, printedFields, modelWeights, ocrRuntime } = recognition;
  return { threads: ortThreads, mrzModel, lineReader, textDetector, printedFields, weights: modelWeights, ocrRuntime };
}

/**
 * What the server's engine needs, loaded the Node way: zxing-wasm from its package, onnxruntime-node
 * (CPU binaries shipped in the package; its GPU-downloading install script never runs) or the SDK's
 * convnet runtime, and the model assets from disk with their sha256 checked.
 */
export async function loadEngineRuntimes(options: EngineRuntimeOptions = {}): Promise<EngineRuntimes> {
  const [zxing, inference, models] = await Promise.all([
    loadZxingNode(),
    options.ocrRuntime === 'convnet'
      ? import('@idlens/sdk/runtime/convnet').then(({ createConvnetRuntime }) => createConvnetRuntime())
      : (import('onnxruntime-node') as unknown as Promise<InferenceRuntime>),
    loadModelsFromDisk({ weights: options.weights }),
  ]);
  const threads = options.threads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
  return {
    zxing,
    inference,
    models,
    ocr: {
      sessionOptions: { intraOpNumThreads: threads, interOpNumThreads: 1, executionProviders: ['cpu'] },
      mrzModel: options.mrzModel,
      lineReader: options.lineReader,
      textDetector: options.textDetector,
      printedFields: options.printedFields,
    },
  };
}
