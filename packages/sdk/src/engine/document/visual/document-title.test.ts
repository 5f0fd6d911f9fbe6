import { describe, expect, it } from 'vitest';
import { titleTypeOf, withoutTitles } from './document-title.ts';

describe('titleTypeOf', () => {
  it('finds a title as printed, with its words split or joined by the reader', () => {
    expect(titleTypeOf(['REPUBLIQUE FRANCAISE', 'CARTE NATIONALE D IDENTITE'])).toBe('TYPE_ID');
    expect(titleTypeOf(['C ARTE NATIONALE D IDENTITE N NP1O5CA71'])).toBe('TYPE_ID');
    expect(titleTypeOf(['ONE FOR ALL ALL FOR ONE IDENTITYCARD WE9M5NF08'])).toBe('TYPE_ID');
    expect(titleTypeOf(['DRIVER LICENSE', 'CLASS C'])).toBe('TYPE_DL');
  });

  it('finds a long title read with a letter or two wrong, a short one only with one', () => {
    expect(titleTypeOf(['ONE FOR ALL ALL FOR ONBENTITY CARDWE9M5NF08'])).toBe('TYPE_ID');
    expect(titleTypeOf(['P4SSEPORT'])).toBe('TYPE_PASSPORT');
    expect(titleTypeOf(['RESIDENCE PERMLT'])).toBe('TYPE_RESIDENCE_PERMIT');
    expect(titleTypeOf(['P4SSEP0RT'])).toBeNull();
    expect(titleTypeOf(['IDEN CARD'])).toBeNull();
  });

  it('names no type where no title is printed, and prefers the title read exactly', () => {
    expect(titleTypeOf(['SURNAME', 'MULLER', 'GIVEN NAMES', 'ANNA', 'DATE OF BIRTH 01 02 1980'])).toBeNull();
    expect(titleTypeOf(['PASSPORT', 'RESIDENCE PERMXX'])).toBe('TYPE_PASSPORT');
  });

  it('blanks out the titles in a line, spaces and a misread letter aside, and keeps its length', () => {
    expect(withoutTitles('CARTE NATIONALE D IDENTITE N: NJ6V5CB93')).toBe(`${' '.repeat(27)}N: NJ6V5CB93`);
    expect(withoutTitles('C ARTE NATIONALE D IDENTLTE NJ6V5CB93').trim()).toBe('NJ6V5CB93');
    expect(withoutTitles('DOCUMENTO NACIONAL DE IDENTIDAD / IDENTITY CARD').trim()).toBe('/');
    expect(withoutTitles('NATIONALITE FRANCAISE')).toBe('NATIONALITE FRANCAISE');
    // Short titles only count as a line of their own (titleTypeOf): not inside a word.
    expect(withoutTitles('PASCAL PASSAGE')).toBe('PASCAL PASSAGE');
  });
});
