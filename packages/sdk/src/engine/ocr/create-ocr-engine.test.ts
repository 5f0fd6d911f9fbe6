import { findModel, type ModelSet } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import { createOcrEngine, lineReaderModel, textDetectorModels } from './create-ocr-engine.ts';
import type { InferenceRuntime, RuntimeTensor } from './inference-runtime.ts';

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

describe('textDetectorModels', () => {
  const alone = (first: string) => ({ first, fallback: null });
  it('cascades from the distilled detector to PP-OCR’s when both were given and the distilled one is not opt-in', () => {
    expect(textDetectorModels(set('ppocr-det', 'text-det'), 'auto')).toEqual({ first: 'text-det', fallback: 'ppocr-det' });
    expect(textDetectorModels(set('ppocr-det', 'text-det?'), 'cascade')).toEqual({ first: 'text-det', fallback: 'ppocr-det' });
  });

  it('uses the one detector given, an opt-in distilled one only when asked for; a forced choice wins', () => {
    expect(textDetectorModels(set('ppocr-det'), 'auto')).toEqual(alone('ppocr-det'));
    expect(textDetectorModels(set('text-det'), 'auto')).toEqual(alone('text-det'));
    expect(textDetectorModels(set('ppocr-det', 'text-det?'), 'auto')).toEqual(alone('ppocr-det'));
    expect(textDetectorModels(set('ppocr-det', 'text-det'), 'general')).toEqual(alone('ppocr-det'));
    expect(textDetectorModels(set('ppocr-det', 'text-det?'), 'distilled')).toEqual(alone('text-det'));
  });
});

describe('OcrEngine.warm', () => {
  /** A runtime whose sessions answer zeros of the right shape, counting created sessions and runs per input shape. */
  function countingRuntime(onRun: () => void = () => {}) {
    const log = { sessions: 0, runs: [] as string[] };
    const ort: InferenceRuntime = {
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
              const dims = (Object.values(feeds)[0] as RuntimeTensor).dims;
              log.runs.push(`${name} ${dims.join('x')}`);
              onRun();
              // The detector answers a probability map; a line reader one step per 4 columns of logits.
              const out = name.endsWith('-det') ? [1, 1, dims[2]!, dims[3]!] : [dims[0]!, Math.ceil(dims[3]! / 4), 300];
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

  it('creates every session; with runModels, also runs each model once on a blank input (their slower first run)', async () => {
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

  it('leaves a deferred fallback detector unfetched until a read falls back on it, and runs the first detector only', async () => {
    const cascade = countingRuntime();
    const given = Object.fromEntries(
      ['text-det', 'latin-rec', 'mrz-rec'].map((name) => [name, { entry: findModel(name)!, bytes: new TextEncoder().encode(name) }]),
    ) as ModelSet;
    let fetched = 0;
    const ppocrDet = findModel('ppocr-det')!;
    const load = async () => {
      fetched++;
      return { entry: ppocrDet, bytes: new TextEncoder().encode('ppocr-det') };
    };
    const ocr = createOcrEngine(cascade.ort, given, { deferred: { 'ppocr-det': { entry: ppocrDet, load } } });
    await ocr.warm({ runModels: true });
    expect({ sessions: cascade.log.sessions, fetched }).toEqual({ sessions: 3, fetched: 0 });
    expect(cascade.log.runs.filter((run) => run.includes('-det'))).toEqual(['text-det 1x3x736x1024', 'text-det 1x3x544x960']);

    const blank = { width: 64, height: 32, data: new Uint8ClampedArray(64 * 32 * 4).fill(255) };
    await ocr.fallback!.detector.detect(blank);
    expect({ sessions: cascade.log.sessions, fetched }).toEqual({ sessions: 4, fetched: 1 });
    expect(cascade.log.runs.at(-1)).toMatch(/^ppocr-det /);
  });
});
