import { describe, expect, it } from 'vitest';
import { candidateContext, contextFeatureNames } from './candidate-context.ts';
import type { FieldCandidate } from './field-candidates.ts';

/** A candidate with only what its context depends on: its field and where it lies. */
const at = (field: FieldCandidate['field'], line: number, start: number, end: number) =>
  ({ field, span: { line, start, end, kind: 'wholeLine', label: null }, start, end }) as unknown as FieldCandidate;

describe('what the first look says of the other candidates', () => {
  it('sets each candidate beside the best of its field elsewhere and its rivals for the same piece of line', () => {
    const candidates = [
      at('lastName', 0, 0, 6), // MÜLLER on line 0
      at('firstName', 0, 0, 6), // the same piece read as the given name
      at('lastName', 1, 0, 4), // ANNA on line 1
      at('firstName', 1, 0, 4),
      at('lastName', 1, 5, 10), // another piece of line 1: no rival of the piece before it
    ];
    const alone = [0.9, 0.3, 0.6, 0.8, 0.2];
    const context = candidateContext(candidates, alone).map((row) => Object.fromEntries(contextFeatureNames.map((n, i) => [n, row[i]])));
    expect(context[0]).toEqual({
      aloneScore: 0.9,
      rankInField: 0,
      bestOtherOfField: 0.6,
      marginInField: 0.9 - 0.6,
      bestRivalOnSpan: 0.3,
      marginOnSpan: 0.9 - 0.3,
      likelyOfField: 2,
      // The given name's best elsewhere (0.8) is better than this span (0.3).
      rivalHomeMargin: 0.3 - 0.8,
    });
    expect(context[2]).toMatchObject({ rankInField: 1, bestOtherOfField: 0.9, bestRivalOnSpan: 0.8, rivalHomeMargin: 0.8 - 0.3 });
    // Alone on its piece of line: no rival, and −1 for the rival's home.
    expect(context[4]).toMatchObject({ rankInField: 2, bestRivalOnSpan: 0, marginOnSpan: 0.2, rivalHomeMargin: -1 });
  });
});
