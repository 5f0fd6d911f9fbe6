import type { ModelAsset, ModelEntry } from '@idlens/models';
import { describe, expect, it } from 'vitest';
import { createModelSession, type DeferredModel } from './model-session.ts';
import type { InferenceRuntime, RuntimeSession } from './inference-runtime.ts';

const entry = { name: 'face-detector', input: { name: 'image' }, output: { name: 'detections' } } as unknown as ModelEntry;

/** An ONNX Runtime stand-in: records the bytes sessions are created from; runs double the input. */
function fakeRuntime(): InferenceRuntime & { created: Uint8Array[] } {
  const created: Uint8Array[] = [];
  return {
    created,
    InferenceSession: {
      async create(bytes: Uint8Array): Promise<RuntimeSession> {
        created.push(bytes);
        return {
          inputNames: ['image'],
          outputNames: ['detections'],
          async run(feeds) {
            const input = feeds.image!;
            return { detections: { type: 'float32', dims: input.dims, data: Float32Array.from(input.data as Float32Array, (v) => 2 * v) } };
          },
        };
      },
    },
    Tensor: class {
      type: string;
      data: Float32Array;
      dims: readonly number[];
      constructor(type: string, data: Float32Array, dims: readonly number[]) {
        this.type = type;
        this.data = data;
        this.dims = dims;
      }
    } as unknown as InferenceRuntime['Tensor'],
  };
}

describe('createModelSession with a deferred model', () => {
  it('fetches the bytes on the first run only, and again after a failed fetch', async () => {
    const ort = fakeRuntime();
    const bytes = new Uint8Array([1, 2, 3]);
    let loads = 0;
    const deferred: DeferredModel = {
      entry,
      async load(): Promise<ModelAsset> {
        loads++;
        if (loads === 1) throw new Error('offline');
        return { entry, bytes };
      },
    };
    const session = createModelSession(ort, deferred);
    expect(loads).toBe(0); // nothing fetched until used
    await expect(session.run(new Float32Array([1]), [1])).rejects.toThrow('offline');
    const out = await session.run(new Float32Array([1, 2]), [2]);
    expect(Array.from(out.data)).toEqual([2, 4]);
    await session.run(new Float32Array([3]), [1]);
    expect(loads).toBe(2);
    expect(ort.created).toEqual([bytes]);
  });
});

describe('createModelSession with an input written by a function', () => {
  it('gives a runtime without runFilled the written values as an array of the dims', async () => {
    const session = createModelSession(fakeRuntime(), { entry, bytes: new Uint8Array([1]) } as ModelAsset);
    const out = await session.run((into) => into.set([1, 2, 3], 1), [2, 2]);
    expect(out.dims).toEqual([2, 2]);
    expect([...out.data]).toEqual([0, 2, 4, 6]);
  });
});
