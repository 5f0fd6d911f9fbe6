import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { substringEditCost } from './approximate-substring.ts';
import { labelSimilarities } from './label-similarity.ts';
import { fuzzyLabels } from './match-label.ts';
import { seededRandom } from '@idlens/test-support/seeded-random.ts';

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

  it('scores as measuring every label would, labels it passes over unseen included', () => {
    // Every label measured, none passed over: what the letter count's shortcut must not change.
    const everyLabel = (folded: string) => {
      const letters = folded.replace(/[^A-Z]/g, '');
      const out = new Map<string, number>();
      if (letters.length < 3) return out;
      for (const { compact, field } of fuzzyLabels) {
        if (letters.length < compact.length / 2) continue;
        const score = 1 - substringEditCost(letters, compact) / compact.length;
        if (score > (out.get(field) ?? 0)) out.set(field, score);
      }
      return out;
    };
    const random = seededRandom(55);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (let n = 0; n < 300; n++) {
      // Lines of label pieces with letters changed, and of values, as a reader returns them.
      const piece = () => {
        const label = pick(fuzzyLabels).compact;
        const cut = label.slice(Math.floor(random() * 3), label.length - Math.floor(random() * 3));
        return cut.replace(/[A-Z]/g, (ch) => (random() < 0.15 ? String.fromCharCode(65 + Math.floor(random() * 26)) : ch));
      };
      const line = Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.7 ? piece() : pick(['KOVAČ', '12.03.1984', 'JØRGENSEN']))).join(
        ' / ',
      );
      const folded = foldText(line);
      expect(labelSimilarities(folded), folded).toEqual(everyLabel(folded));
    }
  });
});
