import { describe, expect, it } from 'vitest';
import { checkDigit, checkDigitMatches } from './check-digit.ts';

describe('checkDigit (ICAO 9303 7-3-1)', () => {
  it('computes the specimen check digits', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('120415')).toBe(9);
    expect(checkDigit('ZE184226B<<<<<')).toBe(1);
    expect(checkDigit('D23145890')).toBe(7);
  });
  it('values fillers as 0 and rejects symbols outside the MRZ alphabet', () => {
    expect(checkDigit('<<<<')).toBe(0);
    expect(checkDigit('AB?')).toBe(-1);
  });
  it('accepts a filler check digit only for an all-filler field', () => {
    expect(checkDigitMatches('<<<<<<<<<<<<<<', '<')).toBe(true);
    expect(checkDigitMatches('<<<<<<<<<<<<<<', '0')).toBe(true);
    expect(checkDigitMatches('ZE184226B<<<<<', '<')).toBe(false);
    expect(checkDigitMatches('740812', '2')).toBe(true);
    expect(checkDigitMatches('740812', '3')).toBe(false);
  });
});
