import { describe, expect, it } from 'vitest';
import type { DocumentData } from '../shared/result-types.ts';
import { hasBackSide, mismatchedFields } from './document-sides.ts';

const read = (parts: Record<string, unknown>) => ({ mrzData: null, documentClassInfo: null, dataMatch: null, ...parts }) as unknown as DocumentData;

describe('document sides', () => {
  it('passport and visa data pages have no back to ask for; ID cards and unknown documents do', () => {
    for (const mrzType of ['TD3', 'MRVA', 'MRVB']) expect(hasBackSide(read({ mrzData: { mrzType } })), mrzType).toBe(false);
    expect(hasBackSide(read({ documentClassInfo: { country: 'COUNTRY_NONE', region: null, type: 'TYPE_PASSPORT' } }))).toBe(false);
    expect(hasBackSide(read({ mrzData: { mrzType: 'TD1' } }))).toBe(true);
    expect(hasBackSide(read({ mrzData: { mrzType: 'TD2' }, documentClassInfo: { type: 'TYPE_ID' } }))).toBe(true);
    expect(hasBackSide(read({}))).toBe(true);
  });

  it('names the fields that disagree, only when the readings disagree', () => {
    expect(mismatchedFields(read({ dataMatch: { documentNumber: 'MISMATCH', dateOfBirth: 'MATCH', dateOfExpiry: 'MISMATCH', overall: 'MISMATCH' } }))).toEqual([
      'fieldDocumentNumber',
      'fieldDateOfExpiry',
    ]);
    expect(
      mismatchedFields(read({ dataMatch: { documentNumber: 'MATCH', dateOfBirth: 'NOT_PERFORMED', dateOfExpiry: 'MATCH', overall: 'NOT_PERFORMED' } })),
    ).toEqual([]);
    expect(mismatchedFields(read({}))).toEqual([]);
  });
});
