import { describe, expect, it } from 'vitest';
import { dateOrderFor, parseAamvaDate } from './aamva-dates.ts';

const ymd = (value: string, order: 'MMDDCCYY' | 'CCYYMMDD') => {
  const d = parseAamvaDate(value, order);
  return d.successfullyParsed ? [d.year, d.month, d.day] : null;
};

describe('dateOrderFor', () => {
  it.each([
    ['USA', 1, 'CCYYMMDD'],
    ['USA', 2, 'MMDDCCYY'],
    ['USA', 10, 'MMDDCCYY'],
    ['CAN', 3, 'CCYYMMDD'],
    ['CAN', 9, 'CCYYMMDD'],
    [null, 8, 'MMDDCCYY'],
    ['MEX', 1, 'CCYYMMDD'],
  ] as const)('%s version %i → %s', (country, version, order) => {
    expect(dateOrderFor(country, version)).toBe(order);
  });
});

describe('parseAamvaDate', () => {
  it('reads both layouts', () => {
    expect(ymd('03231950', 'MMDDCCYY')).toEqual([1950, 3, 23]);
    expect(ymd('19500323', 'CCYYMMDD')).toEqual([1950, 3, 23]);
  });

  it('falls back to the other layout when the expected one is impossible', () => {
    expect(ymd('20221103', 'MMDDCCYY')).toEqual([2022, 11, 3]);
    expect(ymd('11032022', 'CCYYMMDD')).toEqual([2022, 11, 3]);
  });

  it('validates days per month, leap years included', () => {
    expect(ymd('02292020', 'MMDDCCYY')).toEqual([2020, 2, 29]);
    expect(ymd('02292021', 'MMDDCCYY')).toBeNull();
    expect(ymd('04312020', 'MMDDCCYY')).toBeNull();
  });

  it('rejects placeholders and implausible years', () => {
    for (const value of ['00000000', '99999999', '11111112', '03016013', '', 'UNKNOWN', '0123']) {
      expect(parseAamvaDate(value, 'MMDDCCYY')).toEqual({
        day: null,
        month: null,
        year: null,
        successfullyParsed: false,
        filledByDomainKnowledge: false,
        originalString: value,
      });
    }
  });

  it('keeps the element value as originalString and ignores what follows eight digits', () => {
    expect(parseAamvaDate('09212009M', 'MMDDCCYY')).toEqual({
      day: 21,
      month: 9,
      year: 2009,
      successfullyParsed: true,
      filledByDomainKnowledge: false,
      originalString: '09212009M',
    });
  });
});
