import { describe, expect, it } from 'vitest';
import { correctMrz } from './correct-mrz.ts';
import { cellsFromText, type MrzCell } from './mrz-cell.ts';
import { specimens } from './mrz-specimens.fixture.ts';
import type { MrzReading } from './read-mrz.ts';
import { voteNames } from './vote-names.ts';

/** A reading of the TD3 specimen by `recognizer`, with some name positions read otherwise. */
function reading(recognizer: string, changed: Record<number, MrzCell>): MrzReading {
  const cells = specimens.TD3.map((l) => cellsFromText(l, 0.97) as MrzCell[]);
  for (const [col, cell] of Object.entries(changed)) cells[0]![Number(col)] = cell;
  return { corrected: correctMrz(cells)!, cells, lines: [], rawLines: [], recognizer, clarity: 0.9 };
}

const cell = (char: string, confidence: number, alternatives: Array<{ char: string; p: number }> = []): MrzCell => ({ char, confidence, alternatives });

describe('voteNames', () => {
  // Position 9 is the first S of ERIKSSON, 23 the I of MARIA.
  it('takes the letter most readings saw where the chosen one was unsure', () => {
    const chosen = reading('mrz-rec', { 9: cell('B', 0.48, [{ char: 'S', p: 0.4 }]) });
    expect(chosen.corrected.uncertain).toEqual(['names']);
    const voted = voteNames(chosen, [chosen, reading('mrz-rec', { 9: cell('S', 0.56) }), reading('ppocr-rec', { 9: cell('S', 0.9) })], {});
    expect(voted.corrected.parsed.lines[0]).toBe(specimens.TD3[0]);
  });

  it('gives each recognizer one vote, however many readings it made', () => {
    const chosen = reading('mrz-rec', { 23: cell('I', 0.95), 9: cell('S', 0.6) });
    const general = [1, 2, 3, 4].map(() => reading('ppocr-rec', { 23: cell('T', 0.55, [{ char: 'I', p: 0.3 }]) }));
    const voted = voteNames(chosen, [chosen, ...general], {});
    expect(voted.corrected.parsed.fields.names).toMatch(/^ERIKSSON<<ANNA<MARIA</);
  });

  it('leaves a reading alone when its names are not in doubt, or nobody else read the zone', () => {
    const sure = reading('mrz-rec', {});
    expect(voteNames(sure, [sure, reading('ppocr-rec', { 9: cell('B', 0.99) })], {})).toBe(sure);
    const unsure = reading('mrz-rec', { 9: cell('B', 0.48) });
    expect(voteNames(unsure, [unsure], {})).toBe(unsure);
  });
});
