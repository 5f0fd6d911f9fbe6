import { beforeAll, describe, expect, it } from 'vitest';
import { renderCard, testCards } from '../support/card-render.ts';
import { framePng } from '../support/mrz-render.ts';
import { createTestApp } from '../support/test-app.ts';

// POST /card end to end: JSON + Base64 in, the envelope with the card's data out (rendered test cards only).
let t: Awaited<ReturnType<typeof createTestApp>>;
let frontB64: string;
let backB64: string;
beforeAll(async () => {
  t = await createTestApp();
  frontB64 = (
    await framePng(await renderCard({ number: '5555 5555 5555 4444', expiry: '11/28', expiryLabel: 'VALID THRU', name: 'JAN NOWAK', network: 'MASTERCARD' }))
  ).toString('base64');
  backB64 = (await framePng(await renderCard({ back: { cvv: '737', last4: '4444' } }))).toString('base64');
});

describe('POST /card', () => {
  it('reads both sides with the request options and answers in the envelope', async () => {
    const res = await t.post('/card', {
      cardNumberSide: { imageBase64: frontB64 },
      otherSide: { imageBase64: backB64 },
      extractExpiryDate: true,
      extractCardholderName: true,
      extractCvv: true,
      returnFullCardImage: true,
      anonymizationSettings: {
        cardNumberAnonymizationSettings: { anonymizationMode: 'RESULT_FIELDS_ONLY', prefixDigitsVisible: 6, suffixDigitsVisible: 4 },
        cvvAnonymizationMode: 'FULL_RESULT',
      },
      traceId: 'card-1',
    });
    expect(res.status).toBe(200);
    expect(res.json.traceId).toBe('card-1');
    const data = res.json.data;
    expect(data).toMatchObject({
      issuingNetwork: 'MASTERCARD',
      cardNumber: `${testCards.mastercard.slice(0, 6)}******${testCards.mastercard.slice(-4)}`,
      cardNumberValid: true,
      cvv: '***',
      cardholderName: 'JAN NOWAK',
      processingStatus: 'SUCCESS',
      recognitionStatus: 'VALID',
      scanningFirstSideDone: true,
      firstSideAnonymized: true,
      secondSideAnonymized: true,
    });
    expect(data.expiryDate).toMatchObject({ month: 11, year: 2028, originalString: '11/28' });
    expect(typeof data.firstSideFullCardImage).toBe('string');
    expect(typeof data.secondSideFullCardImage).toBe('string');
  });
});
