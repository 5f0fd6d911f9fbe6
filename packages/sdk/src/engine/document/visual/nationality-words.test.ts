import { describe, expect, it } from 'vitest';
import { isNationalityWord, nationalityWordDoubts, nationalityWords, unlistedNationality } from './nationality-words.ts';

describe('nationality words', () => {
  it('lists each word once, in capitals with composed accents', () => {
    expect(new Set(nationalityWords).size).toBe(nationalityWords.length);
    for (const word of nationalityWords) expect(word).toBe(word.normalize('NFC').toUpperCase().trim());
  });

  it('takes a listed word as printed, in any case and spacing, and each of two printed side by side', () => {
    expect(isNationalityWord('Nederlandse')).toBe(true);
    expect(isNationalityWord('BRITISH  CITIZEN')).toBe(true);
    expect(unlistedNationality('NEDERLANDSE')).toBe(false);
    expect(unlistedNationality('DEUTSCH / GERMAN')).toBe(false);
    expect(unlistedNationality('o\u0308sterreich')).toBe(false);
  });

  it("doubts a nationality that is no listed word: a misread one, an accent lost or changed, another field's value, a state the list lacks", () => {
    for (const unlisted of [
      'NEDERIANDSE',
      'NEDERLANOSE',
      'ESPAÑNOLA',
      'OSTERREICH',
      'ROMĀNĂ',
      'SLOVENSKA REPUBLIKA',
      'DEUTSCH / GERMAM',
      'BRITISH CITIZFN',
      'SVENSSON',
      'UKRAINISCH',
    ])
      expect(nationalityWordDoubts('nationality', unlisted), unlisted).toBe(true);
  });

  it('leaves codes too short to judge to the assigner, and doubts a name that is a listed word', () => {
    for (const code of ['DEU', 'GBR', 'D', 'ITA / ITALIANA']) expect(nationalityWordDoubts('nationality', code), code).toBe(false);
    expect(nationalityWordDoubts('lastName', 'HRVATSKO')).toBe(true);
    expect(nationalityWordDoubts('lastName', 'SVENSSON')).toBe(false);
  });
});
