import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '@idlens/test-support/seeded-random.ts';
import { nodeKernelThreads } from '@idlens/test-support/engine/node-kernel-threads.ts';
import { loadModelsFromDisk } from '../load-models-node.ts';
import { createConvnetRuntime, type ConvnetRuntime } from './convnet-runtime.ts';

/** A seeded input in [−1, 1). */
function seededInput(count: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: count }, () => random() * 2 - 1);
}

async function untilThreads(runtime: ConvnetRuntime, threads: number): Promise<void> {
  // Starting a worker (and tsx in it) takes a moment; not a timing assertion, a wait for readiness.
  for (let i = 0; i < 600 && runtime.threads() < threads; i++) await new Promise((r) => setTimeout(r, 50));
  expect(runtime.threads()).toBe(threads);
}

async function outputs(runtime: ConvnetRuntime, name: string, dims: number[]): Promise<Float32Array[]> {
  const { [name]: model } = await loadModelsFromDisk({ names: [name] });
  const session = await runtime.InferenceSession.create(model!.bytes);
  const x = seededInput(
    dims.reduce((a, b) => a * b, 1),
    17,
  );
  const out = await session.run({ [session.inputNames[0]!]: new runtime.Tensor('float32', x, dims) });
  return session.outputNames.map((o) => Float32Array.from(out[o]!.data as Float32Array));
}

describe('the convnet runtime on threads', () => {
  const threads = nodeKernelThreads();
  afterEach(() => threads.close());

  // Models with every kind of slice: im2col + gemm and gemmDirect (3×3), pointwise, depthwise, ConvTranspose.
  it.each([
    { name: 'text-det', dims: [1, 3, 224, 320] },
    { name: 'latin-rec', dims: [3, 1, 32, 136] },
    { name: 'face-detector', dims: [1, 3, 256, 256] },
  ])('computes $name to the bit as one thread does, the convolutions cut between three threads', async ({ name, dims }) => {
    const single = await createConvnetRuntime();
    const threaded = await createConvnetRuntime({ threads: 3, spawnThread: threads.spawnThread });
    await untilThreads(threaded, 3);
    const [want, got] = [await outputs(single, name, dims), await outputs(threaded, name, dims)];
    expect(got.length).toBe(want.length);
    for (const [i, w] of want.entries()) {
      expect(got[i]!.length).toBe(w.length);
      let differing = 0;
      for (let j = 0; j < w.length; j++) if (!Object.is(w[j], got[i]![j])) differing++;
      expect(differing).toBe(0);
    }
  });

  it('runs every slice on the calling thread while no helper has started, with the same results', async () => {
    const started: unknown[] = [];
    const runtime = await createConvnetRuntime({ threads: 4, spawnThread: (init) => started.push(init) });
    expect(started).toHaveLength(3);
    expect(runtime.threads()).toBe(1);
    const [want, got] = [await outputs(await createConvnetRuntime(), 'text-det', [1, 3, 96, 128]), await outputs(runtime, 'text-det', [1, 3, 96, 128])];
    expect(got).toEqual(want);
  });
});
