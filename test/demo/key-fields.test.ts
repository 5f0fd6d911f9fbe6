import { describe, expect, it } from 'vitest';
import { keyFields } from '../../demo/src/key-fields.ts';

describe('demo key fields', () => {
  const documentResult = (dataMatch: unknown) => ({
    recognitionStatus: 'VALID',
    mrzData: { mrzType: 'TD1', documentCode: 'I', issuer: 'UTO', documentNumber: 'D23145890', verified: true },
    dataMatch,
  });

  it('a disagreement between the readings is the headline, in the bad tone; agreeing readings show the status', () => {
    const mismatch = keyFields.document!(documentResult({ documentNumber: 'MISMATCH', dateOfBirth: 'MISMATCH', dateOfExpiry: 'MATCH', overall: 'MISMATCH' }));
    expect(mismatch[0]).toEqual({
      label: 'Status',
      value: 'Readings disagree (document number, date of birth): possibly two different documents',
      tone: 'bad',
    });
    const match = keyFields.document!(documentResult({ documentNumber: 'MATCH', dateOfBirth: 'MATCH', dateOfExpiry: 'MATCH', overall: 'MATCH' }));
    expect(match[0]).toEqual({ label: 'Status', value: 'VALID', tone: 'good' });
  });
});
