import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { substringEditCost } from './approximate-substring.ts';
import { labelSimilarities } from './label-similarity.ts';

describe('how closely a text holds each field’s label', () => {
  it('counts the fewest edits that make the label occur anywhere in the text', () => {
    expect(substringEditCost('NOMSURNAMEPRENOM', 'SURNAME')).toBe(0);
    expect(substringEditCost('SURMAME', 'SURNAME')).toBe(1);
    expect(substringEditCost('FANULYDAZNE', 'FAMILYNAME')).toBe(5);
    expect(substringEditCost('', 'SURNAME')).toBe(7);
    // A label longer than the buffers the search keeps is still measured.
    expect(substringEditCost('X'.repeat(10), 'A'.repeat(80))).toBe(80);
  });

  it('grades a garbled label towards its own field, above the others', () => {
    const best = (text: string) => [...labelSimilarities(foldText(text))].sort((a, b) => b[1] - a[1]);
    // SURNAME read with a letter wrong in a label of three languages; the Estonian and French parts unknown.
    const surname = best('Perekornanisi / Surnase / N. Úe fzwille: T');
    expect(surname[0]![0]).toBe('lastName');
    expect(surname[0]![1]).toBeCloseTo(1 - 1 / 7, 10);
    expect(surname[1]![1]).toBeLessThan(surname[0]![1]);
    expect(best('Date cź birth')[0]![0]).toBe('dateOfBirth');
    expect(best('Placo of bterth')[0]![0]).toBe('placeOfBirth');
  });

  it('finds nothing in a value or in text too short to hold a label', () => {
    expect(labelSimilarities(foldText('12 09 2004')).size).toBe(0);
    expect(labelSimilarities('AB').size).toBe(0);
  });
});
