import { describe, expect, it } from 'vitest';
import { emptyDocumentData } from '../empty-document-data.ts';
import type { LocatedField, VisualZoneReading } from './read-visual-zone.ts';
import { doubtedPrintedFields, mergeVisual, misprintedFields, visualMatchSource } from './visual-to-document.ts';

const field = (name: LocatedField['field'], text: string): LocatedField => ({
  field: name,
  text,
  box: { x: 0, y: 0, width: 10, height: 10 },
  confidence: 0.9,
  date: null,
  location: { topLeftCorner: { x: 0, y: 0 }, dimensions: { width: 10, height: 10 }, side: 'FIRST' },
  corners: [],
});

const reading = (
  fields: LocatedField[],
  doubtedFields: VisualZoneReading['doubtedFields'],
  invalidCharacterFields: VisualZoneReading['invalidCharacterFields'] = [],
): VisualZoneReading => ({
  side: 'FIRST',
  fields,
  titleType: null,
  jurisdiction: null,
  country: null,
  invalidCharacterFields,
  doubtedFields,
});

describe('print merged into the result', () => {
  it('returns a value read in doubt and lists it as in doubt; a withheld one only while no source filled it', () => {
    const data = emptyDocumentData();
    const visual = [reading([field('lastName', 'MULLER'), field('firstName', 'ANNA')], ['lastName'], ['nationality'])];
    mergeVisual(data, visual);
    expect(data.lastName?.latin).toBe('MULLER');
    expect(misprintedFields(data, visual).sort()).toEqual(['lastName', 'nationality']);
  });

  it('does not mark a field whose value came from the MRZ or a barcode, though print doubted its own', () => {
    const data = emptyDocumentData();
    data.lastName = { latin: 'MÜLLER', cyrillic: null, arabic: null, greek: null, latinLocation: null } as unknown as typeof data.lastName;
    const visual = [reading([field('lastName', 'MULLER')], ['lastName'])];
    mergeVisual(data, visual);
    expect(data.lastName?.latin).toBe('MÜLLER');
    expect(doubtedPrintedFields(data, visual)).toEqual([]);
  });
});

describe('a printed date read in doubt', () => {
  it('is listed as in doubt (its value is compared through its original string)', () => {
    const data = emptyDocumentData();
    const date = { day: 9, month: 7, year: 2018, successfullyParsed: true, filledByDomainKnowledge: false, originalString: '09.07.2018' };
    const visual = [reading([{ ...field('dateOfIssue', '09.07.2018'), date }], ['dateOfIssue'])];
    mergeVisual(data, visual);
    expect(data.dateOfIssue?.year).toBe(2018);
    expect(doubtedPrintedFields(data, visual)).toEqual(['dateOfIssue']);
  });
});

describe('print as a dataMatch source', () => {
  it('compares only values read without doubt: a doubted one is no evidence that the document disagrees with itself', () => {
    const expiry = {
      ...field('dateOfExpiry', '01.07.2009'),
      date: { day: 1, month: 7, year: 2009, successfullyParsed: true, originalString: null, filledByDomainKnowledge: false },
    };
    const visual = [reading([field('documentNumber', 'BDO002028'), expiry, field('personalIdNumber', '1')], ['documentNumber'])];
    expect(visualMatchSource(visual, 'visual')).toEqual({ name: 'visual', dateOfBirth: null, dateOfExpiry: '090701', documentNumber: null });
    const sure = [reading([field('documentNumber', 'BD0002028'), expiry], [])];
    expect(visualMatchSource(sure, 'visual').documentNumber).toBe('BD0002028');
  });
});
