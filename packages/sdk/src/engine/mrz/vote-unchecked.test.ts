import { describe, expect, it } from 'vitest';
import { correctMrz } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import { cellsFromText, mrzLineBox } from '@idlens/test-support/engine/mrz-cells.ts';
import { specimens } from '@idlens/test-support/engine/mrz-specimens.ts';
import type { MrzReading } from './mrz-reading.ts';
import { voteUncheckedFields } from './vote-unchecked.ts';

/**
 * A reading of a TD3 zone by `model` (the specimen unless `lines` are given), with some line-1
 * positions read otherwise, on a photo at `y`.
 */
function reading(model: string, changed: Record<number, MrzCell>, lines: readonly string[] = specimens.TD3, y = 100): MrzReading {
  const cells = lines.map((l) => cellsFromText(l, 0.97) as MrzCell[]);
  for (const [col, cell] of Object.entries(changed)) cells[0]![Number(col)] = cell;
  return { corrected: correctMrz(cells)!, cells, lines: [mrzLineBox(y), mrzLineBox(y + 45)], rawLines: [], model, clarity: 0.9 };
}

const cell = (char: string, confidence: number, alternatives: Array<{ char: string; p: number }> = []): MrzCell => ({ char, confidence, alternatives });

describe('voteUncheckedFields', () => {
  // Position 9 is the first S of ERIKSSON, 23 the I of MARIA.
  it('takes the letter most readings saw where the chosen one was unsure', () => {
    const chosen = reading('mrz-rec', { 9: cell('B', 0.48, [{ char: 'S', p: 0.4 }]) });
    expect(chosen.corrected.uncertain).toEqual(['names']);
    const voted = voteUncheckedFields(chosen, [chosen, reading('mrz-rec', { 9: cell('S', 0.56) }), reading('ppocr-rec', { 9: cell('S', 0.9) })], {});
    expect(voted.corrected.parsed.lines[0]).toBe(specimens.TD3[0]);
  });

  it('gives each model one vote, however many readings it made', () => {
    const chosen = reading('mrz-rec', { 23: cell('I', 0.95), 9: cell('S', 0.6) });
    const general = [1, 2, 3, 4].map(() => reading('ppocr-rec', { 23: cell('T', 0.55, [{ char: 'I', p: 0.3 }]) }));
    const voted = voteUncheckedFields(chosen, [chosen, ...general], {});
    expect(voted.corrected.parsed.fields.names).toMatch(/^ERIKSSON<<ANNA<MARIA</);
  });

  it('votes on a state code in doubt as well (no check digit covers it)', () => {
    const chosen = reading('mrz-rec', { 3: cell('Y', 0.9) }); // UTO read UYO: no known code
    expect(chosen.corrected.uncertain).toEqual(['issuer']);
    const voted = voteUncheckedFields(chosen, [chosen, reading('ppocr-rec', { 3: cell('T', 0.95) })], {});
    expect(voted.corrected.parsed.fields.issuer).toBe('UTO');
    // The models disagreed, so the code shown is the likelier one, still not vouched for.
    expect(voted.corrected.uncertain).toEqual(['issuer']);
  });

  it('lets only readings of the same lines vote, not a second document on the photo', () => {
    const other = ['P<UTOSMITH<<JOHN'.padEnd(44, '<'), specimens.TD3[1]];
    const chosen = reading('mrz-rec', { 9: cell('B', 0.48, [{ char: 'S', p: 0.4 }]) });
    const elsewhere = [1, 2, 3].map(() => reading('ppocr-rec', {}, other, 400));
    const voted = voteUncheckedFields(chosen, [chosen, ...elsewhere], {});
    expect(voted.corrected.parsed.fields.names).toMatch(/^ERIK/);
    expect(voted.corrected.uncertain).toContain('names');
  });

  it('leaves a reading alone when no other model reads its unchecked fields otherwise, or nobody else read the zone', () => {
    const sure = reading('mrz-rec', {});
    expect(voteUncheckedFields(sure, [sure, reading('latin-rec', {}), reading('latin-rec', { 9: cell('S', 0.7) })], {})).toBe(sure);
    const unsure = reading('mrz-rec', { 9: cell('B', 0.48) });
    expect(voteUncheckedFields(unsure, [unsure], {})).toBe(unsure);
  });

  it("puts a name in doubt when another model's readings are split between it and another text", () => {
    const chosen = reading('mrz-rec', {});
    const agreeing = reading('latin-rec', {});
    const other = reading('latin-rec', { 20: cell('N', 0.9) });
    expect(voteUncheckedFields(chosen, [chosen, agreeing, other], {}).corrected.uncertain).toEqual(['names']);
    // Most of its readings agree: no dispute.
    expect(voteUncheckedFields(chosen, [chosen, agreeing, reading('latin-rec', {}), other], {})).toBe(chosen);
  });

  it('puts a name in doubt that another model read otherwise, though each was sure, and shows what most votes saw', () => {
    // The Latin reader sure of NARIA (0.84), the MRZ model surer of MARIA: no check digit says which is right.
    const chosen = reading('latin-rec', { 20: cell('N', 0.84, [{ char: 'M', p: 0.16 }]) });
    expect(chosen.corrected.uncertain).toEqual([]);
    const voted = voteUncheckedFields(chosen, [chosen, reading('mrz-rec', { 20: cell('M', 0.98, [{ char: 'N', p: 0.01 }]) })], {});
    expect(voted.corrected.parsed.fields.names).toMatch(/^ERIKSSON<<ANNA<MARIA</);
    expect(voted.corrected.uncertain).toEqual(['names']);
    // Two confident models against each other: whichever letter is shown, it is not vouched for.
    const contradicted = voteUncheckedFields(chosen, [chosen, reading('ppocr-rec', { 20: cell('H', 0.99) })], {});
    expect(contradicted.corrected.uncertain).toEqual(['names']);
  });
});
