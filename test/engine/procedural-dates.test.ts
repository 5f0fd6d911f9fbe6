import { describe, expect, it } from 'vitest';
import { isIssueDateFor } from '../../packages/sdk/src/engine/document/validity-period.ts';
import { documentsDay } from '../support/procedural/documents-day.ts';
import { proceduralDocument, validity } from '../support/procedural/procedural-document.ts';

const parts = (iso: string) => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) });
const day = documentsDay.toISOString().slice(0, 10);

// The generator's documents are valid on the day the dumps judge them on: an issue date in the past
// and an expiry ahead are what the field assigner must learn of dates (issue dates drawn up to five
// years ahead taught the trees an expiry could be the issue date).
describe('generated documents: their validity', () => {
  it('issues every document on or before the day it is valid on, and expires it after, whole years later', () => {
    for (const [drawn, years] of [
      ['2036-09-10', 10],
      ['2036-03-01', 10],
      ['2031-09-10', 5],
      ['2035-01-02', 5],
      ['2027-07-01', 6],
      ['2033-12-31', 6],
      ['2027-01-01', 10],
    ] as const) {
      const { issue, expiry } = validity(drawn, years);
      expect(issue <= day && expiry > day, `${drawn} ${years}: ${issue}–${expiry}`).toBe(true);
      expect(Number(expiry.slice(0, 4)) - Number(issue.slice(0, 4))).toBe(years);
      expect(expiry.slice(4)).toBe(drawn.slice(4));
    }
  });

  it('prints such dates on the documents it draws', async () => {
    let both = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const { truth } = await proceduralDocument(seed);
      if (truth.dateOfIssue) expect(truth.dateOfIssue <= day, `seed ${seed} issued ${truth.dateOfIssue}`).toBe(true);
      if (truth.dateOfExpiry) expect(truth.dateOfExpiry > day, `seed ${seed} expires ${truth.dateOfExpiry}`).toBe(true);
      if (truth.dateOfIssue && truth.dateOfExpiry) {
        both++;
        expect(isIssueDateFor(parts(truth.dateOfIssue), parts(truth.dateOfExpiry))).toBe(true);
      }
    }
    expect(both).toBeGreaterThan(3);
  });
});
