import { describe, expect, it } from 'vitest';
import { writeFrameTensor } from './frame-tensor.ts';

/** A gray ramp from `lo` to `hi` across `width` pixels, one row. */
function ramp(width: number, lo: number, hi: number) {
  const data = new Uint8ClampedArray(width * 4);
  for (let x = 0; x < width; x++) {
    const v = Math.round(lo + ((hi - lo) * x) / (width - 1));
    data.set([v, v, v, 255], x * 4);
  }
  return { width, height: 1, data };
}

const norm = { scale: 1 / 255, mean: [0.5], std: [0.5] };

describe('writeFrameTensor (GRAY)', () => {
  it('normalises gray levels as the manifest says, unchanged without stretching', () => {
    const out = new Float32Array(101);
    writeFrameTensor(ramp(101, 100, 150), 'GRAY', norm, out, 0, 101, 1);
    expect(out[0]).toBeCloseTo((100 / 255 - 0.5) / 0.5, 5);
    expect(out[100]).toBeCloseTo((150 / 255 - 0.5) / 0.5, 5);
  });

  it('stretches a low-contrast line to the full range (2nd → black, 98th percentile → white)', () => {
    const out = new Float32Array(101);
    writeFrameTensor(ramp(101, 100, 150), 'GRAY', norm, out, 0, 101, 1, true);
    expect(out[0]).toBe(-1);
    expect(out[100]).toBe(1);
    expect(out[50]).toBeCloseTo(0, 1);
    // Monotonic: stretching never reorders gray levels.
    for (let x = 1; x < 101; x++) expect(out[x]!).toBeGreaterThanOrEqual(out[x - 1]!);
  });
});
