import { describe, expect, it } from 'vitest';
import type { LineReading } from './create-line-reader.ts';
import { skipsACharacter, spaceByPitch } from './space-by-pitch.ts';

/** A reading whose characters peak at the given output steps. */
function reading(text: string, peaks: readonly number[]): LineReading {
  const chars = [...text].map((char, i) => ({ char, confidence: 0.99, start: peaks[i]!, end: peaks[i]!, peak: peaks[i]!, alternatives: [], coverage: 1 }));
  return { text, chars, confidence: 0.99, stride: 4, inputWidth: 400 };
}

/** Peaks at an even pitch of 5 steps, one cell a character (spaces included), cells listed. */
const evenly = (cells: readonly number[]) => cells.map((c) => 2 + c * 5);

describe('skipsACharacter', () => {
  it('finds a letter lost from an evenly spaced name, before a space or inside a word', () => {
    // ANDREA DELACRUZ read without the last A of ANDREA: E at cell 4, the space read at 6, D at 7.
    expect(skipsACharacter(reading('ANDRE DELACRUZ', evenly([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14])))).toBe(true);
    // MARIA GARCIA read without the C (no space read where it was): R at 9, I at 11.
    expect(skipsACharacter(reading('MARIA GARIA', evenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11])))).toBe(true);
  });

  it('passes an evenly spaced name read whole, and never judges uneven (proportional) print', () => {
    expect(skipsACharacter(reading('ANDREA DELACRUZ', evenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])))).toBe(false);
    // Proportional: steps of 3 to 8 between letters (an I beside an M), and a wide gap at the space.
    expect(skipsACharacter(reading('WILLIAM SMITH', [2, 9, 12, 15, 18, 23, 31, 44, 50, 58, 61, 65, 70]))).toBe(false);
    expect(skipsACharacter(reading('AL BO', evenly([0, 1, 5, 6, 7])))).toBe(false); // too few letters to know a pitch
  });
});

describe('spaceByPitch', () => {
  it('puts a space where letters of a run-together name stand a cell apart', () => {
    expect(spaceByPitch(reading('MARIAGARCIA', evenly([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11])), /^[A-Z]{6,}$/).text).toBe('MARIA GARCIA');
  });
});
