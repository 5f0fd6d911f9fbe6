import { describe, expect, it } from 'vitest';
import { emptyBarcodeResult } from '../aamva/empty-barcode-result.ts';
import { barcodeMatchSource, compareSources, type MatchSource, withoutDatesOfOtherFields } from './data-match.ts';

/** The date the documents are judged on (two-digit years are resolved against it). */
const now = new Date('2026-12-02T12:00:00Z');

const source = (name: string, dateOfBirth: string | null, dateOfExpiry: string | null, documentNumber: string | null): MatchSource => ({
  name,
  dateOfBirth,
  dateOfExpiry,
  documentNumber,
});

describe('dataMatch between independent readings', () => {
  it('is null with fewer than two sources', () => {
    expect(compareSources([], 2)).toBeNull();
    expect(compareSources([source('mrz', '740812', '120415', 'L898902C3')], 2)).toBeNull();
  });

  it('matches within maxMismatches characters per field and mismatches beyond', () => {
    const mrz = source('mrz', '740812', '120415', 'L898902C3');
    expect(compareSources([mrz, source('barcode', '740812', '120415', 'L898902C3')], 2)).toEqual({
      dateOfBirth: 'MATCH',
      dateOfExpiry: 'MATCH',
      documentNumber: 'MATCH',
      overall: 'MATCH',
    });
    expect(compareSources([mrz, source('barcode', '740812', '120415', 'L898902C8')], 0)?.documentNumber).toBe('MISMATCH');
    expect(compareSources([mrz, source('barcode', '740812', '120415', 'L898902C8')], 1)?.documentNumber).toBe('MATCH');
    // A missing character counts as a difference.
    expect(compareSources([mrz, source('barcode', '740812', '120415', 'L898902')], 1)?.documentNumber).toBe('MISMATCH');
  });

  it('says NOT_PERFORMED for a field fewer than two sources carry, and overall MISMATCH if any field is', () => {
    const r = compareSources([source('mrz', '740812', null, 'A1'), source('barcode', '791102', '120415', 'A1')], 2);
    expect(r).toEqual({ dateOfBirth: 'MISMATCH', dateOfExpiry: 'NOT_PERFORMED', documentNumber: 'MATCH', overall: 'MISMATCH' });
    const partial = compareSources([source('mrz', '740812', null, 'A1'), source('barcode', '740812', '120415', 'A1')], 2);
    expect(partial?.overall).toBe('NOT_PERFORMED');
  });

  it('does not compare a printed date that is another field’s machine-read date (placed on the wrong field), and still compares one that is no other’s', () => {
    const mrz = source('mrz', '711221', '110821', 'XP8271602');
    const misplaced = withoutDatesOfOtherFields(source('visual', '110821', null, 'XP8271602'), [mrz], now);
    expect(compareSources([mrz, misplaced], 0)).toEqual({
      dateOfBirth: 'NOT_PERFORMED',
      dateOfExpiry: 'NOT_PERFORMED',
      documentNumber: 'MATCH',
      overall: 'NOT_PERFORMED',
    });
    const altered = withoutDatesOfOtherFields(source('visual', '721221', '711221', 'XP8271602'), [mrz], now);
    expect(compareSources([mrz, altered], 0)).toEqual({ dateOfBirth: 'MISMATCH', dateOfExpiry: 'NOT_PERFORMED', documentNumber: 'MATCH', overall: 'MISMATCH' });
  });

  it('does not compare a printed birth date that is an issue date of the machine-read expiry (five or ten years before it, give or take a day)', () => {
    const icao = source('mrz', '740812', '120415', 'L898902C3');
    const issueForBirth = withoutDatesOfOtherFields(source('visual', '070416', '120415', 'L898902C3'), [icao], now);
    expect(compareSources([icao, issueForBirth], 0)?.dateOfBirth).toBe('NOT_PERFORMED');
    // Across the century: issued 26 May 1999, expiring 26 May 2009.
    const iceland = source('mrz', '661231', '090526', 'A0000000');
    expect(withoutDatesOfOtherFields(source('visual', '990526', null, null), [iceland], now).dateOfBirth).toBeNull();
    // A birth date that is none (days off a validity period, or the MRZ's own) is compared.
    expect(compareSources([icao, withoutDatesOfOtherFields(source('visual', '070420', null, null), [icao], now)], 0)?.dateOfBirth).toBe('MISMATCH');
    expect(compareSources([icao, withoutDatesOfOtherFields(source('visual', '740812', null, null), [icao], now)], 0)?.dateOfBirth).toBe('MATCH');
  });

  it('compares every pair when three sources were read (two MRZs and a barcode)', () => {
    const r = compareSources([source('a', '740812', '120415', 'X1'), source('b', '740812', '120415', 'X1'), source('c', '740812', '120415', 'Y22222')], 2);
    expect(r?.documentNumber).toBe('MISMATCH');
    expect(r?.dateOfBirth).toBe('MATCH');
  });

  it('puts barcode dates in the MRZ form (YYMMDD) and document numbers without spaces or dashes', () => {
    const date = (year: number, month: number, day: number) => ({
      year,
      month,
      day,
      successfullyParsed: true,
      filledByDomainKnowledge: false,
      originalString: '',
    });
    const b = barcodeMatchSource({ ...emptyBarcodeResult(), dateOfBirth: date(1974, 8, 12), dateOfExpiry: null, documentNumber: 'd23 145-890' }, 'barcode');
    expect(b).toEqual({ name: 'barcode', dateOfBirth: '740812', dateOfExpiry: null, documentNumber: 'D23145890' });
    const unparsed = { ...date(0, 0, 0), year: null, month: null, day: null, successfullyParsed: false };
    expect(barcodeMatchSource({ ...emptyBarcodeResult(), dateOfBirth: unparsed }, 'b').dateOfBirth).toBeNull();
  });
});
