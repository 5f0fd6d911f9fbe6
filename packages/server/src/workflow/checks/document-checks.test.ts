import { describe, expect, it } from 'vitest';
import { runDocumentChecks } from './document-checks.ts';

const date = (year: number, month: number, day: number) => ({
  day,
  month,
  year,
  successfullyParsed: true,
  filledByDomainKnowledge: false,
  originalString: null,
});
const all = { recognized: true, mrzCheckDigits: true, notExpired: true, ageLimit: true, frontBackMatch: true, clientServerMatch: true };
const server = {
  recognitionStatus: 'VALID',
  documentNumber: { latin: 'AB 123-456' },
  dateOfBirth: date(2000, 6, 15),
  dateOfExpiry: date(2030, 1, 1),
  dataMatch: { overall: 'MATCH' },
};

describe('document checks', () => {
  it('pass on a consistent, valid, adult document', () => {
    const result = runDocumentChecks(
      { server, client: { documentNumber: { latin: 'AB123456' }, dateOfBirth: date(2000, 6, 15) }, ageLimit: 18, today: '2025-01-01' },
      all,
    );
    expect(result.passed).toBe(true);
    expect(result.checks.clientServerMatch.outcome).toBe('PASS');
    expect(result.checks.mrzCheckDigits.outcome).toBe('NOT_PERFORMED');
  });

  it('fail on expiry, age (one day short), front/back and client mismatch', () => {
    const result = runDocumentChecks(
      { server: { ...server, dataMatch: { overall: 'MISMATCH' } }, client: { documentNumber: 'AB123457' }, ageLimit: 25, today: '2030-01-02' },
      all,
    );
    expect(result.failedChecks.sort()).toEqual(['clientServerMatch', 'frontBackMatch', 'notExpired']);
    const young = runDocumentChecks({ server, client: null, ageLimit: 18, today: '2018-06-14' }, all);
    expect(young.checks.ageLimit.outcome).toBe('FAIL');
    expect(runDocumentChecks({ server, client: null, ageLimit: 18, today: '2018-06-15' }, all).checks.ageLimit.outcome).toBe('PASS');
  });

  it('an EMPTY recognition fails; disabled checks are not performed', () => {
    const result = runDocumentChecks(
      { server: { recognitionStatus: 'EMPTY' }, client: null, ageLimit: null, today: '2025-01-01' },
      { ...all, recognized: false },
    );
    expect(result.passed).toBe(true);
    expect(runDocumentChecks({ server: { recognitionStatus: 'EMPTY' }, client: null, ageLimit: null, today: '2025-01-01' }, all).failedChecks).toEqual([
      'recognized',
    ]);
  });

  it('falls back to MRZ dates and verifies MRZ check digits itself', () => {
    const mrz = {
      rawMrzString: 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10',
      dateOfExpiry: date(2012, 4, 15),
      verified: true,
    };
    const result = runDocumentChecks({ server: { recognitionStatus: 'VALID', mrzData: mrz }, client: null, ageLimit: null, today: '2025-01-01' }, all);
    expect(result.checks.mrzCheckDigits.outcome).toBe('PASS');
    expect(result.checks.notExpired.outcome).toBe('FAIL');
    const forged = { ...mrz, rawMrzString: mrz.rawMrzString.replace('L898902C3', 'L898902C4') };
    expect(
      runDocumentChecks({ server: { recognitionStatus: 'VALID', mrzData: forged }, client: null, ageLimit: null, today: '2025-01-01' }, all).checks
        .mrzCheckDigits.outcome,
    ).toBe('FAIL');
  });
});
