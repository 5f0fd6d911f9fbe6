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

  it('computes the sigmoid to float precision from −100 to 100, the arithmetic and the clip', async () => {
    const kernels = await createKernels();
    const n = 20_001;
    const input = kernels.allocate(n);
    const output = kernels.allocate(n);
    const x = Float32Array.from({ length: n }, (_, i) => -100 + i * 0.01);
    kernels.view(input, n).set(x);
    kernels.sigmoid(input, output, n);
    const y = kernels.view(output, n);
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const want = 1 / (1 + Math.exp(-x[i]!));
      worst = Math.max(worst, Math.abs(y[i]! - want) / Math.max(want, 1e-30));
    }
    expect(worst).toBeLessThan(1e-6);
    expect(y[0]).toBeLessThan(1e-37);
    expect(y[n - 1]).toBe(1);
    // Lengths that are not a multiple of 4; the same results as float operations one at a time.
    const seven = [...x.slice(0, 7)];
    kernels.binary(0, input, input, output, 7);
    expect([...kernels.view(output, 7)]).toEqual(seven.map((v) => Math.fround(v + v)));
    kernels.binary(2, input, input, output, 7);
    expect([...kernels.view(output, 7)]).toEqual(seven.map(() => 1));
    kernels.binaryScalar(2, input, 3, 1, output, 7);
    expect([...kernels.view(output, 7)]).toEqual(seven.map((v) => Math.fround(3 / v)));
    kernels.binaryScalar(1, input, 0.5, 0, output, 7);
    expect([...kernels.view(output, 7)]).toEqual(seven.map((v) => Math.fround(v * 0.5)));
    kernels.clip(input, output, 7, -99.97, -99.95);
    expect([...kernels.view(output, 7)]).toEqual(seven.map((v) => Math.min(Math.fround(-99.95), Math.max(Math.fround(-99.97), v))));
  });
});
