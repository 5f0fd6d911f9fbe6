import { findModel, type ModelSet } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import { createOcrEngine, lineReaderModel, textDetectorModel } from './create-ocr-engine.ts';
import type { OrtRuntime, OrtTensor } from './ort-runtime.ts';

/** A model set holding these names (the choice looks only at which are there, and which are opt-in). */
const set = (...names: string[]): ModelSet =>
  Object.fromEntries(names.map((name) => [name.replace('?', ''), { entry: { optIn: name.endsWith('?') } } as ModelSet[string]]));

describe('lineReaderModel', () => {
  it('reads printed lines with the Latin recognizer when it was given, else with PP-OCR’s; a forced choice wins', () => {
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec'), 'auto')).toBe('latin-rec');
    expect(lineReaderModel(set('ppocr-rec'), 'auto')).toBe('ppocr-rec');
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec'), 'general')).toBe('ppocr-rec');
    // Forced and absent: the engine then fails loudly (MODEL_LOAD_FAILED) rather than read with another model.
    expect(lineReaderModel(set('ppocr-rec'), 'latin')).toBe('latin-rec');
  });

  it('leaves an opt-in Latin recognizer to those who ask for it by name', () => {
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec?'), 'auto')).toBe('ppocr-rec');
    expect(lineReaderModel(set('ppocr-rec', 'latin-rec?'), 'latin')).toBe('latin-rec');
  });
});

describe('textDetectorModel', () => {
  it('finds text with the distilled detector when it was given and not opt-in, else with PP-OCR’s; a forced choice wins', () => {
    expect(textDetectorModel(set('ppocr-det', 'text-det'), 'auto')).toBe('text-det');
    expect(textDetectorModel(set('ppocr-det'), 'auto')).toBe('ppocr-det');
    expect(textDetectorModel(set('ppocr-det', 'text-det?'), 'auto')).toBe('ppocr-det');
    expect(textDetectorModel(set('ppocr-det', 'text-det'), 'general')).toBe('ppocr-det');
    expect(textDetectorModel(set('ppocr-det', 'text-det?'), 'distilled')).toBe('text-det');
  });
});

describe('OcrEngine.warm', () => {
  /** A runtime whose sessions answer zeros of the right shape, counting created sessions and runs per input shape. */
  function countingRuntime(onRun: () => void = () => {}) {
    const log = { sessions: 0, runs: [] as string[] };
    const ort: OrtRuntime = {
      Tensor: class {
        readonly type = 'float32';
        readonly data: Float32Array;
        readonly dims: readonly number[];
        constructor(_: 'float32', data: Float32Array, dims: readonly number[]) {
          this.data = data;
          this.dims = dims;
        }
      },
      InferenceSession: {
        async create(model) {
          log.sessions++;
          const name = new TextDecoder().decode(model);
          return {
            inputNames: ['x'],
            outputNames: ['y'],
            async run(feeds) {
              const dims = (Object.values(feeds)[0] as OrtTensor).dims;
              log.runs.push(`${name} ${dims.join('x')}`);
              onRun();
              // The detector answers a probability map; a line reader one step per 4 columns of logits.
              const out = name === 'ppocr-det' ? [1, 1, dims[2]!, dims[3]!] : [dims[0]!, Math.ceil(dims[3]! / 4), 300];
              return { y: { type: 'float32', dims: out, data: new Float32Array(out.reduce((a, b) => a * b, 1)) } };
            },
          };
        },
      },
    };
    return { ort, log };
  }
  const models = Object.fromEntries(
    ['ppocr-det', 'latin-rec', 'mrz-rec'].map((name) => [name, { entry: findModel(name)!, bytes: new TextEncoder().encode(name) }]),
  ) as ModelSet;

  it('creates every session; with runModels, also runs each model once on a blank input (the slow first run of onnxruntime-web)', async () => {
    const plain = countingRuntime();
    await createOcrEngine(plain.ort, models).warm();
    expect(plain.log).toEqual({ sessions: 3, runs: [] });

    const running = countingRuntime();
    await createOcrEngine(running.ort, models).warm({ runModels: true });
    expect(running.log.sessions).toBe(3);
    // The page first: a document's lines are found there.
    expect(running.log.runs).toEqual([
      'ppocr-det 1x3x736x1024',
      'ppocr-det 1x3x544x960',
      expect.stringMatching(/^latin-rec 1x1x32x/),
      expect.stringMatching(/^mrz-rec 1x1x\d+x/),
    ]);

    // A request that comes meanwhile stops the runs not yet started.
    const request = new AbortController();
    const stopped = countingRuntime(() => request.abort()); // it comes during the first run
    await createOcrEngine(stopped.ort, models).warm({ runModels: true, signal: request.signal });
    expect(stopped.log.runs).toEqual(['ppocr-det 1x3x736x1024']);
  });
});
