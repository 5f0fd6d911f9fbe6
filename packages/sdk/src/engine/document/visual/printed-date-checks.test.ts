import { describe, expect, it } from 'vitest';
import type { DateResult } from '../../../api/common.ts';
import { emptyDocumentData } from '../empty-document-data.ts';
import { documentDate } from '../string-result.ts';
import { implausiblePrintedDates } from './printed-date-checks.ts';
import type { LocatedField, VisualZoneReading } from './read-visual-zone.ts';
import { mergeVisual } from './visual-to-document.ts';

const now = new Date('2026-12-02T12:00:00Z');
type DateField = 'dateOfBirth' | 'dateOfIssue' | 'dateOfExpiry';

function printedDate(field: DateField, iso: string): LocatedField {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const text = `${day}.${month}.${year}`;
  const date: DateResult = { day, month, year, successfullyParsed: true, filledByDomainKnowledge: false, originalString: text };
  return {
    field,
    text,
    box: { x: 0, y: 0, width: 10, height: 10 },
    confidence: 0.95,
    date,
    location: { topLeftCorner: { x: 0, y: 0 }, dimensions: { width: 10, height: 10 }, side: 'FIRST' },
    corners: [],
  };
}

/** The doubted dates of a document whose print gave `printed` (and whose MRZ gave `fromMrz`). */
function doubtedOf(printed: Partial<Record<DateField, string>>, fromMrz: Partial<Record<DateField, string>> = {}): DateField[] {
  const data = emptyDocumentData();
  for (const [field, iso] of Object.entries(fromMrz)) {
    const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
    data[field as DateField] = documentDate(
      { day, month, year, successfullyParsed: true, filledByDomainKnowledge: false, originalString: iso.replaceAll('-', '') },
      null,
    );
  }
  const reading: VisualZoneReading = {
    side: 'FIRST',
    fields: Object.entries(printed).map(([field, iso]) => printedDate(field as DateField, iso)),
    titleType: null,
    jurisdiction: null,
    country: null,
    invalidCharacterFields: [],
    doubtedFields: [],
  };
  mergeVisual(data, [reading]);
  return implausiblePrintedDates(data, [reading], now);
}

describe('printed dates that cannot all be right', () => {
  it('doubts none of a consistent set (a child born this year, a licence valid 12 years)', () => {
    expect(doubtedOf({ dateOfBirth: '1968-02-20', dateOfIssue: '2018-07-09', dateOfExpiry: '2028-07-09' })).toEqual([]);
    expect(doubtedOf({ dateOfBirth: '2026-03-01', dateOfIssue: '2026-05-10', dateOfExpiry: '2031-05-10' })).toEqual([]);
    expect(doubtedOf({ dateOfIssue: '2020-01-15', dateOfExpiry: '2032-01-15' })).toEqual([]);
  });

  it('doubts a date of its own that cannot be: a birth in the future or 130 years ago, an issue date ahead, an expiry far ahead', () => {
    expect(doubtedOf({ dateOfBirth: '2027-01-05' })).toEqual(['dateOfBirth']);
    expect(doubtedOf({ dateOfBirth: '1074-02-03', dateOfExpiry: '2030-01-01' })).toEqual(['dateOfBirth']);
    expect(doubtedOf({ dateOfBirth: '1990-02-03', dateOfIssue: '2028-07-09' })).toEqual(['dateOfIssue']);
    expect(doubtedOf({ dateOfBirth: '1990-02-03', dateOfExpiry: '2081-08-26' })).toEqual(['dateOfExpiry']);
  });

  it('doubts both dates of a pair out of order, or the same date given to two fields (which one is wrong is not known)', () => {
    expect(doubtedOf({ dateOfBirth: '1968-02-20', dateOfIssue: '2028-07-09', dateOfExpiry: '2018-07-09' })).toEqual(['dateOfIssue', 'dateOfExpiry']);
    expect(doubtedOf({ dateOfBirth: '2018-07-09', dateOfIssue: '2018-07-09', dateOfExpiry: '2028-07-09' })).toEqual(['dateOfBirth', 'dateOfIssue']);
    expect(doubtedOf({ dateOfIssue: '2021-03-25', dateOfExpiry: '2081-03-25' })).toEqual(['dateOfIssue', 'dateOfExpiry']);
    expect(doubtedOf({ dateOfBirth: '1975-09-01', dateOfExpiry: '1970-01-07' })).toEqual(['dateOfBirth', 'dateOfExpiry']);
  });

  it('doubts a birth date that is an issue date of the expiry, whole years before it give or take a day (the issue date taken for the birth date)', () => {
    expect(doubtedOf({ dateOfBirth: '2007-04-16', dateOfExpiry: '2012-04-15' })).toEqual(['dateOfBirth']);
    expect(doubtedOf({ dateOfBirth: '2010-11-01' }, { dateOfExpiry: '2020-10-31' })).toEqual(['dateOfBirth']);
    expect(doubtedOf({ dateOfBirth: '2009-12-31' }, { dateOfExpiry: '2020-01-01' })).toEqual(['dateOfBirth']);
    // Days apart, or further apart than any document is valid (a licence that expires on the birthday).
    expect(doubtedOf({ dateOfBirth: '2007-04-20', dateOfExpiry: '2012-04-15' })).toEqual([]);
    expect(doubtedOf({ dateOfBirth: '1985-03-12', dateOfExpiry: '2029-03-12' })).toEqual([]);
  });

  it('against a date from the MRZ, doubts only the printed one', () => {
    expect(doubtedOf({ dateOfIssue: '1960-01-01' }, { dateOfBirth: '1968-02-20', dateOfExpiry: '2028-07-09' })).toEqual(['dateOfIssue']);
    // The MRZ's own dates are not print's to doubt, whatever they say.
    expect(doubtedOf({}, { dateOfBirth: '2030-01-01' })).toEqual([]);
  });
});
