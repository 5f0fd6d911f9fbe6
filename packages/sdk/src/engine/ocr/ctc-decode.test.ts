import { describe, expect, it } from 'vitest';
import { classesFor, type CtcCharset } from './charset.ts';
import { ctcDecode } from './ctc-decode.ts';

const charset: CtcCharset = { symbols: ['', 'A', 'B', '<', 'a'], blank: 0, readsWordSpaces: true };

/** Rows of class probabilities, one per time step. */
function probs(rows: number[][]): Float32Array {
  return Float32Array.from(rows.flat());
}

describe('ctcDecode', () => {
  it('merges repeats, drops blanks and keeps per-character confidence and position', () => {
    const p = probs([
      [0.1, 0.8, 0.05, 0.05, 0],
      [0.1, 0.9, 0, 0, 0],
      [0.9, 0.1, 0, 0, 0],
      [0.1, 0.7, 0.2, 0, 0],
      [0.05, 0, 0, 0.95, 0],
    ]);
    const out = ctcDecode(p, 5, 5, charset);
    expect(out.map((c) => c.char).join('')).toBe('AA<');
    expect(out[0]).toMatchObject({ start: 0, end: 1, peak: 1 });
    expect(out[0]!.confidence).toBeCloseTo(0.9);
    expect(out[1]!.alternatives[0]).toMatchObject({ char: 'B' });
  });

  it('decodes within an allowed alphabet and says how much of the belief it covered', () => {
    const p = probs([[0.05, 0.1, 0.05, 0, 0.8]]); // the model saw 'a', which is not allowed
    const [c] = ctcDecode(p, 1, 5, charset, { allowed: classesFor(charset, 'AB<') });
    expect(c!.char).toBe('A');
    expect(c!.coverage).toBeCloseTo(0.2);
  });

  it('applies softmax to logits', () => {
    const [c] = ctcDecode(probs([[0, 5, 0, 0, 0]]), 1, 5, charset, { logits: true });
    expect(c!.char).toBe('A');
    expect(c!.confidence).toBeCloseTo(Math.exp(5) / (Math.exp(5) + 4), 5);
  });
});
