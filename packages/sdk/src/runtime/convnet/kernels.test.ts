import { describe, expect, it } from 'vitest';
import { createKernels } from './kernels.ts';

describe('the kernels memory', () => {
  it('hands out blocks above the kept weights, reuses freed ones (merged with their free neighbours) and starts over at reset', async () => {
    const kernels = await createKernels();
    const weights = kernels.keep(new Float32Array([1, 2, 3]));
    const a = kernels.allocate(100);
    const b = kernels.allocate(100);
    const c = kernels.allocate(100);
    expect(a).toBeGreaterThan(weights);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(b - a).toBeGreaterThanOrEqual(400);
    kernels.release(a);
    kernels.release(b);
    // a and b merged: a block of both fits where they were, below c.
    const ab = kernels.allocate(200);
    expect(ab).toBe(a);
    kernels.release(c);
    kernels.release(ab);
    expect(() => kernels.release(ab)).toThrow('not in use');
    kernels.reset();
    expect(kernels.allocate(50)).toBe(a);
    // The kept weights are untouched by the run's blocks.
    expect([...kernels.view(weights, 3)]).toEqual([1, 2, 3]);
    expect(() => kernels.keep(new Float32Array(1))).toThrow('before a run');
  });

  it('grows the memory for a block larger than it, keeping what it holds', async () => {
    const kernels = await createKernels();
    const small = kernels.allocate(4);
    kernels.view(small, 4).set([5, 6, 7, 8]);
    const large = kernels.allocate(16 * 2 ** 20); // 64 MiB
    kernels.view(large, 16 * 2 ** 20)[16 * 2 ** 20 - 1] = 9;
    expect([...kernels.view(small, 4)]).toEqual([5, 6, 7, 8]);
    expect(kernels.view(large, 16 * 2 ** 20)[16 * 2 ** 20 - 1]).toBe(9);
  });
});
