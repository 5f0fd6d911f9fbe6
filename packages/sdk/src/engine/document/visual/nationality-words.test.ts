import { describe, expect, it } from 'vitest';
import { isNationalityWord, nearNationalityWord, nationalityWords } from './nationality-words.ts';

describe('nationality words', () => {
  it('lists each word once, in capitals with composed accents', () => {
    expect(new Set(nationalityWords).size).toBe(nationalityWords.length);
    for (const word of nationalityWords) expect(word).toBe(word.normalize('NFC').toUpperCase().trim());
  });

  it('takes a listed word as printed, in any case and spacing, and each of two printed side by side', () => {
    expect(isNationalityWord('Nederlandse')).toBe(true);
    expect(isNationalityWord('BRITISH  CITIZEN')).toBe(true);
    expect(nearNationalityWord('NEDERLANDSE')).toBe(false);
    expect(nearNationalityWord('DEUTSCH / GERMAN')).toBe(false);
    expect(nearNationalityWord('o\u0308sterreich')).toBe(false);
  });

  it('calls a word a letter or two from a listed one a misread, an accent lost or changed included', () => {
    for (const misread of ['NEDERIANDSE', 'NEDERLANOSE', 'ESPAÑNOLA', 'OSTERREICH', 'ROMĀNĂ', 'SLOVENSKA REPUBLIKA', 'DEUTSCH / GERMAM', 'BRITISH CITIZFN'])
      expect(nearNationalityWord(misread), misread).toBe(true);
  });

  it('leaves alone what is far from every word and codes too short to judge', () => {
    for (const other of ['UKRAINISCH', 'SVENSSON', 'DEU', 'GBR', 'ITA']) expect(nearNationalityWord(other), other).toBe(false);
    expect(isNationalityWord('SVENSSON')).toBe(false);
  });
});
