import { describe, expect, it } from 'vitest';
import { mixedAlphabetDoubts, mixesAlphabets } from './accent-alphabets.ts';

describe('accent alphabets', () => {
  it("takes a word whose accents one language's alphabet holds for a word as printed, in any case", () => {
    for (const word of [
      'ŠARŪNAS',
      'ŁÓDŹ',
      'ČESKÉ',
      'BUDĚJOVICE',
      'GYŐRI',
      'ĽUBOMÍR',
      'CONCEIÇÃO',
      'SØRENSEN',
      'Strauß',
      'ÖZTÜRK',
      'ȘTEFĂNESCU',
      'NOËL',
      'MÜLLER',
      'JONES',
    ]) {
      expect(mixesAlphabets(word), word).toBe(false);
    }
    expect(mixesAlphabets('jiří')).toBe(false);
  });

  it('finds accents no one language writes together: a hook or dot the reader added', () => {
    for (const word of ['NOËĻ', 'SĮMÕES', 'SÄÄSTÄJĀNKATU', 'ŻELJKÖ', 'łõpez']) expect(mixesAlphabets(word), word).toBe(true);
  });

  it('judges each word of a value apart, and only fields whose values are words', () => {
    // Words of two languages in one address are no misread.
    expect(mixedAlphabetDoubts('address', 'HAUPTSTRASSE 12, 32727 BRAȘOV')).toBe(false);
    expect(mixedAlphabetDoubts('address', 'SÄÄSTÄJĀNKATU 6')).toBe(true);
    expect(mixedAlphabetDoubts('firstName', 'JEAN-NOËĻ')).toBe(true);
    expect(mixedAlphabetDoubts('lastName', 'GARCÍA ŁUKASZ')).toBe(false);
    // A number or a date has no language.
    expect(mixedAlphabetDoubts('documentNumber', 'ĻË123')).toBe(false);
  });
});
