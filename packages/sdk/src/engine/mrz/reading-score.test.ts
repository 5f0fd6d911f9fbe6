import { describe, expect, it } from 'vitest';
import type { MrzCell, MrzCells } from './mrz-cell.ts';
import { tooMurkyForAZone } from './reading-score.ts';

const cell = (confidence: number): MrzCell => ({ char: 'A', confidence, alternatives: [] });

/** A 2×36 zone with `murky` positions read below 0.9 and `unread` not read at all. */
function zone(murky: number, unread: number): MrzCells[] {
  const flat: Array<MrzCell | null> = Array.from({ length: 72 }, (_, i) => (i < unread ? null : i < unread + murky ? cell(0.6) : cell(0.99)));
  return [flat.slice(0, 36), flat.slice(36)];
}

describe('tooMurkyForAZone', () => {
  it('keeps a zone read mostly clearly, even with a few doubtful or missing positions', () => {
    expect(tooMurkyForAZone({ cells: zone(0, 0) })).toBe(false);
    expect(tooMurkyForAZone({ cells: zone(18, 4) })).toBe(false);
  });

  it('rejects a reading whose positions are more than a third doubtful or unread', () => {
    expect(tooMurkyForAZone({ cells: zone(25, 0) })).toBe(true);
    expect(tooMurkyForAZone({ cells: zone(15, 10) })).toBe(true);
  });
});
