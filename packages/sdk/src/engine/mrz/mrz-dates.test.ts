import { describe, expect, it } from 'vitest';
import { ageOn, parseMrzDate } from './mrz-dates.ts';

const now = new Date(Date.UTC(2026, 5, 15));

describe('parseMrzDate', () => {
  it('puts birth dates in the past', () => {
    expect(parseMrzDate('740812', 'birth', now)).toMatchObject({ year: 1974, month: 8, day: 12, successfullyParsed: true });
    expect(parseMrzDate('200101', 'birth', now).year).toBe(2020);
    expect(parseMrzDate('260616', 'birth', now).year).toBe(1926); // tomorrow is not a birth date
  });
  it('puts expiry dates in a window reaching 50 years ahead', () => {
    expect(parseMrzDate('120415', 'expiry', now).year).toBe(2012);
    expect(parseMrzDate('350101', 'expiry', now).year).toBe(2035);
    expect(parseMrzDate('951231', 'expiry', now).year).toBe(1995);
  });
  it('keeps unknown or impossible dates unparsed with their text', () => {
    expect(parseMrzDate('74<<<<', 'birth', now)).toMatchObject({ successfullyParsed: false, year: null, originalString: '74<<<<' });
    expect(parseMrzDate('740231', 'birth', now).successfullyParsed).toBe(false);
  });
  it('computes ages in whole years', () => {
    expect(ageOn(parseMrzDate('740812', 'birth', now), now)).toBe(51);
    expect(ageOn(parseMrzDate('080615', 'birth', now), now)).toBe(18);
    expect(ageOn(parseMrzDate('080616', 'birth', now), now)).toBe(17);
  });
});
