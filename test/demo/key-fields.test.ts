import { describe, expect, it } from 'vitest';
import { displayedJson, keyFields, plainReason } from '../../demo/src/key-fields.ts';

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
    expect(match[0]).toEqual({ label: 'Status', value: 'Valid', tone: 'good' });
  });

  it('an UNCERTAIN reading is not shown as success: its status is a warning, no other field in the good tone', () => {
    const uncertain = keyFields.card!({
      recognitionStatus: 'UNCERTAIN',
      issuingNetwork: 'AMERICAN_EXPRESS',
      cardNumber: '378282246310005',
      cardNumberValid: true,
      expiryDate: { day: null, month: 4, year: 2033 },
    });
    expect(uncertain[0]).toEqual({ label: 'Status', value: 'Uncertain — check it', tone: 'warn' });
    expect(uncertain.filter((f) => f.tone === 'good')).toEqual([]);
    expect(uncertain.find((f) => f.label === 'Network')?.value).toBe('American Express');
  });

  it('a card answer of EMPTY is its status only: no expiry, network or number', () => {
    const empty = keyFields.card!({
      recognitionStatus: 'EMPTY',
      issuingNetwork: 'ISSUER_OTHER',
      cardNumber: null,
      expiryDate: { day: null, month: null, year: null },
    });
    expect(empty).toEqual([{ label: 'Status', value: 'Nothing found', tone: 'bad' }]);
  });

  it('enums and ids as words: match outcomes, check names and outcomes, barcode types', () => {
    const document = keyFields.document!({ ...documentResult({ overall: 'NOT_PERFORMED' }) });
    expect(document.find((f) => f.label === 'Front/back match')?.value).toBe('Not compared');
    const transaction = keyFields.transaction!({
      processingStatus: 'Complete',
      verificationStatus: 'Accept',
      checks: [{ name: 'mrzCheckDigits', outcome: 'NOT_PERFORMED', reason: 'no MRZ read' }],
    });
    expect(transaction.at(-1)).toMatchObject({ label: 'MRZ check digits', value: 'Not performed: no MRZ read' });
    expect(keyFields.barcode!({ recognitionStatus: 'VALID', barcodeType: 'PDF417_BARCODE', stringData: 'x' })[1]?.value).toBe('PDF417');
    expect(plainReason('agree on documentNumber, dateOfBirth, dateOfExpiry')).toBe('agree on document number, date of birth, date of expiry');
    expect(plainReason('recognition status VALID')).toBe('recognition status valid');
  });

  it('the raw JSON of a card shows its number’s last four digits only (and no CVV)', () => {
    const shown = displayedJson('card', { cardNumber: '4111111111111111', cvv: '123', cardNumberPrefix: '411111', iban: null, recognitionStatus: 'VALID' });
    expect(shown).toMatchObject({ cardNumber: '••••••••••••1111', cvv: '•••', cardNumberPrefix: '••••••', iban: null, recognitionStatus: 'VALID' });
    expect(displayedJson('barcode', { stringData: '4111111111111111' })).toEqual({ stringData: '4111111111111111' });
  });
});
