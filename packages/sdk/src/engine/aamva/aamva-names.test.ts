import { describe, expect, it } from 'vitest';
import { fullNameOf, parseName } from './aamva-names.ts';
import { meaningfulText } from './aamva-values.ts';

const nameFrom = (elements: Record<string, string>) => parseName((id) => elements[id] ?? null);

describe('parseName', () => {
  it('reads separate family, first and middle names and the suffix', () => {
    expect(nameFrom({ DCS: 'SAMPLE', DAC: 'JANE', DAD: 'ANN', DCU: 'JR' })).toEqual({
      first: 'JANE',
      middle: 'ANN',
      last: 'SAMPLE',
      suffix: 'JR',
      prefix: null,
    });
  });

  it('treats NONE and padding as absent', () => {
    expect(nameFrom({ DCS: 'DRIVER  ', DAC: 'HARRY', DAD: 'NONE', DCU: 'NONE' })).toMatchObject({ first: 'HARRY', middle: null, last: 'DRIVER', suffix: null });
  });

  it('splits a first name with a space when the middle-name element is empty (middle initial in DAC)', () => {
    expect(nameFrom({ DCS: 'O NEIL', DAC: 'MOTORIST E', DAD: '' })).toMatchObject({ first: 'MOTORIST', middle: 'E' });
    expect(nameFrom({ DCS: 'O NEIL', DAC: 'MOTORIST E', DAD: 'NONE' })).toMatchObject({ first: 'MOTORIST E', middle: null });
  });

  it.each([
    ['JUSTIN,WILLIAM', 'JUSTIN', 'WILLIAM'],
    ['JOHN A', 'JOHN', 'A'],
    ['MARY ANN,LOUISE', 'MARY', 'ANN LOUISE'],
    ['LUIS ', 'LUIS', null],
  ])('splits given names %j (versions 2–3)', (dct, first, middle) => {
    expect(nameFrom({ DCS: 'X', DCT: dct })).toMatchObject({ first, middle });
  });

  it.each([
    ['WILLIAMS,SUSAN,T', 'SUSAN', 'T', 'WILLIAMS', null],
    ['CORTEZ,PABLO,LUIS RODRIGUEZ,JR', 'PABLO', 'LUIS RODRIGUEZ', 'CORTEZ', 'JR'],
    ['CORTEZ,PABLO,,JR', 'PABLO', null, 'CORTEZ', 'JR'],
    ['DOE,JOHN,JR', 'JOHN', null, 'DOE', 'JR'],
    ['DOE,JOHN,V', 'JOHN', 'V', 'DOE', null],
    ['SMITH, MARY JONES', 'MARY', 'JONES', 'SMITH', null],
    ['LastNameTest,FirstNameTest, ,', 'FirstNameTest', null, 'LastNameTest', null],
    ['SMITH$JOHN$Q', 'JOHN', 'Q', 'SMITH', null],
    ['JOHN P SMITH', 'JOHN', 'P', 'SMITH', null],
    ['JOHN ROBERT LEE JOHNSON SMITH', 'JOHN', 'ROBERT LEE JOHNSON', 'SMITH', null],
    ['JOHN SMITH III', 'JOHN', null, 'SMITH', 'III'],
    ['MADONNA', 'MADONNA', null, null, null],
  ])('reads the full name %j (version 1)', (daa, first, middle, last, suffix) => {
    expect(nameFrom({ DAA: daa })).toEqual({ first, middle, last, suffix, prefix: null });
  });

  it('prefers the separate elements over the full name', () => {
    expect(nameFrom({ DAA: 'WILLIAMS,SUSAN,T', DAB: 'WILLIAMZ', DAC: 'SUSANNE', DAD: 'T' })).toMatchObject({ first: 'SUSANNE', last: 'WILLIAMZ' });
  });
});

describe('fullNameOf / meaningfulText', () => {
  it('writes the name in reading order', () => {
    expect(fullNameOf({ prefix: 'DR', first: 'JANE', middle: 'ANN', last: 'SAMPLE', suffix: 'III' })).toBe('DR JANE ANN SAMPLE III');
    expect(fullNameOf({ prefix: null, first: null, middle: null, last: null, suffix: null })).toBeNull();
  });

  it('drops stray commas and placeholders', () => {
    expect(meaningfulText('TESTER,   ')).toBe('TESTER');
    expect(meaningfulText(' UNAVL ')).toBeNull();
    expect(meaningfulText(undefined)).toBeNull();
  });
});
