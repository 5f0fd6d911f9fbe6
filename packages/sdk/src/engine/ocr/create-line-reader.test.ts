import { describe, expect, it } from 'vitest';
import { batchesOfSimilarWidth } from './create-line-reader.ts';

describe('batchesOfSimilarWidth', () => {
  it("runs a page's two zone-wide lines apart from its names and dates, each run in order of width", () => {
    // Names and dates 160–484 px, two MRZ lines 1304 px: one run padded to 1304 would cost twice the lines.
    const widths = [1304, 244, 408, 1304, 484, 160, 400];
    expect(batchesOfSimilarWidth(widths, 6, 8)).toEqual([[5], [1], [6, 2, 4], [0, 3]]);
  });

  it('takes lines narrower than the least run width as that width, so they share a run', () => {
    expect(batchesOfSimilarWidth([100, 200, 320, 400], 6, 320)).toEqual([[0, 1, 2, 3]]);
  });

  it('starts a new run when one holds the most lines it may', () => {
    expect(batchesOfSimilarWidth([50, 50, 50, 50, 50], 2, 8)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('returns no runs for no lines', () => {
    expect(batchesOfSimilarWidth([], 6, 8)).toEqual([]);
  });
});
