import { describe, expect, it } from 'vitest';
import { maskValue, modeEffects } from '../anonymization.ts';
import { fieldMode } from './anonymize.ts';
import { cardStatus, type CardSituation } from './card-statuses.ts';
import { cardNumberCandidates, doubtfulDigitConfidence, findCardNumber, type DigitLine } from './find-card-number.ts';
import { findCvv } from './find-cvv.ts';
import { findIban, ibanValid } from './find-iban.ts';
import { issuingNetwork } from './iin-ranges.ts';
import { luhnValid } from './luhn.ts';
import { parseExpiry, type CardTextLine } from './parse-expiry.ts';
import { pickCardholderName } from './pick-cardholder-name.ts';

// Networks' published test numbers only (no real accounts).
const line = (text: string, confidence = 0.99): DigitLine => ({ text, confidences: [...text].map(() => confidence) });
const rows = (...texts: string[]): CardTextLine[] => texts.map((text, i) => ({ text, y: i * 2, x: 0 }));

describe('luhnValid', () => {
  it.each(['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '36227206271667', '2223003122003222'])(
    'accepts the test number %#',
    (n) => {
      expect(luhnValid(n)).toBe(true);
    },
  );
  it('rejects single-digit errors and adjacent swaps', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('3872822463100005'.slice(0, 15))).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('41x1')).toBe(false);
  });
});

describe('issuingNetwork (IIN table)', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['6011111111111117', 'DISCOVER'],
    ['6542635523486624', 'DISCOVER'],
    ['36227206271667', 'DINERS'],
    ['3023334877861104', 'DINERS'],
    ['3530111333300000', 'JCB'],
    ['6200000000000005', 'CHINA_UNION_PAY'],
    ['6759649826438453', 'MAESTRO'],
    ['6522000000000000', 'RUPAY'],
    ['5067000000000000', 'ELO'],
    ['4389350000000000', 'ELO'],
    ['5061000000000000', 'VERVE'],
    ['6360000000000000', 'INTERAC'],
    ['9999000000000000', 'ISSUER_OTHER'],
  ])('%s… → %s', (n, network) => {
    expect(issuingNetwork(n)).toBe(network);
  });
  it('answers ISSUER_OTHER without a number', () => expect(issuingNetwork(null)).toBe('ISSUER_OTHER'));
});

describe('findCardNumber', () => {
  it('reads 4-4-4-4, 4-6-5, 4-6-4 and 4-4-4-4-3 groupings', () => {
    expect(findCardNumber([line('4111 1111 1111 1111')], false)?.number).toBe('4111111111111111');
    expect(findCardNumber([line('3782 822463 10005')], false)?.groups).toEqual([4, 6, 5]);
    expect(findCardNumber([line('3622 720627 1667')], false)?.number).toBe('36227206271667');
    expect(findCardNumber([line('4111 1111 1111 1111 110')], false)?.number).toBe('4111111111111111110');
  });
  it('takes the number out of a longer row and ignores other digit rows', () => {
    const found = findCardNumber([line('800 555 0199'), line('0426 4111 1111 1111 1111'), line('0426')], false);
    expect(found).toMatchObject({ number: '4111111111111111', line: 1, valid: true });
  });
  it('returns no number that fails Luhn unless invalid numbers are asked for', () => {
    expect(findCardNumber([line('4111 1111 1111 1112')], false)).toBeNull();
    expect(findCardNumber([line('4111 1111 1111 1112')], true)).toMatchObject({ number: '4111111111111112', valid: false });
    // …and even then only a confidently read number with a card grouping.
    expect(findCardNumber([line('4111 1111 1111 1112', 0.3)], true)).toBeNull();
  });
  it('repairs one uncertain digit from the recognizer alternative when exactly one repair satisfies Luhn', () => {
    const text = '3082 822463 10005';
    const confidences = [...text].map((_, i) => (i === 1 ? 0.59 : 0.99));
    const alternatives = [...text].map((_, i) => (i === 1 ? [{ char: '7', p: 0.41 }] : []));
    expect(findCardNumber([{ text, confidences, alternatives }], false)).toMatchObject({ number: '378282246310005', valid: true, repaired: true });
  });
  it('calls a Luhn-valid reading valid with one digit in doubt, not with two (Luhn catches one wrong digit, not two)', () => {
    const text = '3622 720627 1667';
    const doubting = (positions: number[]) => ({ text, confidences: [...text].map((_, i) => (positions.includes(i) ? doubtfulDigitConfidence - 0.1 : 0.99)) });
    expect(findCardNumber([doubting([2])], false)).toMatchObject({ number: '36227206271667', valid: true });
    expect(findCardNumber([doubting([2, 8])], false)).toBeNull();
    // Asked for invalid numbers too, it comes back marked not valid.
    expect(findCardNumber([doubting([2, 8])], true)).toMatchObject({ number: '36227206271667', valid: false });
  });
  it('never changes a confidently read digit', () => {
    const text = '3082 822463 10005';
    const alternatives = [...text].map((_, i) => (i === 1 ? [{ char: '7', p: 0.41 }] : []));
    expect(findCardNumber([{ text, confidences: [...text].map(() => 0.99), alternatives }], false)).toBeNull();
  });
  it('prefers a valid candidate with a card grouping', () => {
    const best = cardNumberCandidates([line('4111 1111 1111 1111')])[0]!;
    expect(best.valid).toBe(true);
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY and MM/YYYY as the Date object with the printed string', () => {
    expect(parseExpiry(rows('08/26'))?.date).toEqual({
      day: null,
      month: 8,
      year: 2026,
      successfullyParsed: true,
      filledByDomainKnowledge: false,
      originalString: '08/26',
    });
    expect(parseExpiry(rows('VALID THRU 11/2031'))?.date).toMatchObject({ month: 11, year: 2031, originalString: '11/2031' });
  });
  it.each(['VALID THRU', 'GOOD THRU', 'EXP', 'VALID UNTIL', 'GÜLTIG BIS', "VALABLE JUSQU'AU", 'VENCE'])(
    'takes the labelled date after %s over a later unlabelled one',
    (label) => {
      expect(parseExpiry(rows('12/35', `${label} 04/29`))?.date.originalString).toBe('04/29');
    },
  );
  it('takes the later of two unlabelled dates (member since, then expiry)', () => {
    expect(parseExpiry(rows('09/22-04/33'))?.date).toMatchObject({ month: 4, year: 2033 });
  });
  it('never takes a "valid from" date', () => {
    expect(parseExpiry(rows('VALID FROM 01/22'))).toBeNull();
    expect(parseExpiry(rows('VALID FROM 01/22 VALID THRU 01/27'))?.date.originalString).toBe('01/27');
  });
  it('ignores impossible months and digits running on', () => {
    expect(parseExpiry(rows('13/25', '4111/1111'))).toBeNull();
  });
  it('reads a date whose month or year a space splits (embossed characters read apart)', () => {
    expect(parseExpiry(rows('GOOD THRU0 4/31'))?.date).toMatchObject({ month: 4, year: 2031 });
    expect(parseExpiry(rows('VALID THRU 1 2 / 2 0 2 9'))?.date).toMatchObject({ month: 12, year: 2029 });
    expect(parseExpiry(rows('VALID THRU 04/3 1'))?.date).toMatchObject({ month: 4, year: 2031 });
    // Still no month 13, and no year from digits that run on into a number.
    expect(parseExpiry(rows('1 3/25'))).toBeNull();
    expect(parseExpiry(rows('12/20 3782'))?.date).toMatchObject({ month: 12, year: 2020 });
  });
  it('takes no unlabelled date when another date-shaped text was left unread (it may be the later one)', () => {
    // The corpus's embossed Amex: "09/22" (member since) and "04/33" with its 0 read as Q and its 3 lost.
    expect(parseExpiry(rows('3782 822463 10005', '09/22 Q4/3'))).toBeNull();
    expect(parseExpiry(rows('09/22', '1O/2S'))).toBeNull();
    // A labelled expiry stands, and text that is no date (a card number, MM/YY printed as a hint) leaves the latest date alone.
    expect(parseExpiry(rows('GOOD THRU 04/33', '09/2'))?.date.originalString).toBe('04/33');
    expect(parseExpiry(rows('4111 1111 1111 1111', 'MM/YY', '08/27'))?.date.originalString).toBe('08/27');
    expect(parseExpiry(rows('CALL US 24/7', '1/2 PRICE', '08/27'))?.date.originalString).toBe('08/27');
  });
  it('does not run a spaced year into the month of the next date', () => {
    expect(parseExpiry(rows('09/20 04/33'))?.date).toMatchObject({ month: 4, year: 2033, originalString: '04/33' });
    expect(parseExpiry(rows('VALID FROM  EXPIRES END', '01/20 01/25'))?.date).toMatchObject({ month: 1, year: 2025 });
  });
});

describe('pickCardholderName', () => {
  const named = (...texts: string[]) => rows(...texts).map((r) => ({ ...r, confidence: 0.95 }));
  it('takes a name line and skips bank, network and tier words', () => {
    expect(pickCardholderName(named('IDLENS BANK', 'PLATINUM', 'VISA DEBIT', 'ANNA M KOWALSKA'), 0)?.name).toBe('ANNA M KOWALSKA');
  });
  it('rejects single words, digits and long legal text', () => {
    expect(pickCardholderName(named('KOWALSKA', '04/29', 'THIS CARD IS PROPERTY OF THE BANK'), 0)).toBeNull();
  });
  it('prefers the line below the number', () => {
    expect(pickCardholderName(named('JOHN SMITH', '4111 1111', 'JANE DOE'), 2)?.name).toBe('JANE DOE');
  });
});

describe('findIban', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['GB29 NWBK 6016 1331 9268 19', 'GB29NWBK60161331926819'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
    ['NL91 ABNA 0417 1643 00', 'NL91ABNA0417164300'],
    ['IBAN: ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
  ])('finds %s', (text, iban) => {
    expect(findIban([text])?.iban).toBe(iban);
    expect(ibanValid(iban)).toBe(true);
  });
  it('rejects a wrong check and a wrong length', () => {
    expect(findIban(['DE88 3704 0044 0532 0130 00'])).toBeNull();
    expect(findIban(['DE89 3704 0044 0532 0130 0'])).toBeNull();
  });
});

describe('findCvv', () => {
  it('finds 3 digits after the last four in the signature panel, or alone', () => {
    expect(findCvv([line('1111 123')], 3)?.cvv).toBe('123');
    expect(findCvv([line('800 555 0199'), line('321')], 3)?.cvv).toBe('321');
  });
  it('finds the 4-digit Amex code and skips excluded rows', () => {
    expect(findCvv([line('3782 822463 10005'), line('1234')], 4, new Set([0]))?.cvv).toBe('1234');
    expect(findCvv([line('123')], 3, new Set([0]))).toBeNull();
  });
});

describe('anonymization', () => {
  it('masks all but the visible prefix and suffix', () => {
    expect(maskValue('4111111111111111', 6, 4)).toBe('411111******1111');
    expect(maskValue('4111111111111111')).toBe('****************');
    expect(maskValue('ANNA KOWALSKA')).toBe('**** ********');
    // Visible digits covering the whole value would show it all: mask it all instead.
    expect(maskValue('123', 2, 2)).toBe('***');
  });
  it('maps modes to fields and images', () => {
    expect(modeEffects.IMAGE_ONLY).toEqual({ fields: false, images: true });
    expect(modeEffects.RESULT_FIELDS_ONLY).toEqual({ fields: true, images: false });
    expect(modeEffects.FULL_RESULT).toEqual({ fields: true, images: true });
    expect(fieldMode({ cvvAnonymizationMode: 'FULL_RESULT' }, 'cvv')).toBe('FULL_RESULT');
    expect(fieldMode(null, 'cardNumber')).toBe('NONE');
  });
});

describe('cardStatus', () => {
  const base: CardSituation = {
    numberOn: null,
    numberValid: false,
    numberSideBlurred: false,
    textFound: true,
    numberSideLooksLikeBack: false,
    numberSideGiven: true,
    needsOtherSide: false,
  };
  it.each([
    [{ numberOn: 'numberSide', numberValid: true }, 'SUCCESS', 'VALID'],
    [{ numberOn: 'numberSide', numberValid: false }, 'SUCCESS', 'UNCERTAIN'],
    [{ numberOn: 'numberSide', numberValid: true, needsOtherSide: true }, 'AWAITING_OTHER_SIDE', 'STAGE_VALID'],
    [{ numberOn: 'otherSide', numberValid: true }, 'SCANNING_WRONG_SIDE', 'UNCERTAIN'],
    [{ numberSideBlurred: true }, 'FRAME_NOT_FOCUSED', 'EMPTY'],
    [{ textFound: false }, 'DETECTION_FAILED', 'EMPTY'],
    [{ numberSideLooksLikeBack: true }, 'SCANNING_WRONG_SIDE', 'EMPTY'],
    [{ numberSideGiven: false }, 'AWAITING_OTHER_SIDE', 'EMPTY'],
    [{}, 'FIELD_IDENTIFICATION_FAILED', 'EMPTY'],
  ] as const)('%o → %s', (over, processing, recognition) => {
    expect(cardStatus({ ...base, ...over })).toEqual({ processingStatus: processing, recognitionStatus: recognition });
  });
});

describe('findCardNumber on a row of up to 19 digits', () => {
  it('never returns a valid run from inside a longer misread number', () => {
    // 4111 1111 1111 1111 is valid, but the row has a fifth group: a misread 19-digit number.
    expect(findCardNumber([line('4111 1111 1111 1111 113')], false)).toBeNull();
  });
});

describe('findCardNumber repair limits', () => {
  it('does not repair a reading with two doubtful digits', () => {
    const text = '3082 822463 10005';
    const confidences = [...text].map((_, i) => (i === 1 || i === 7 ? 0.59 : 0.99));
    const alternatives = [...text].map((_, i) => (i === 1 ? [{ char: '7', p: 0.41 }] : []));
    expect(findCardNumber([{ text, confidences, alternatives }], false)).toBeNull();
  });
});

describe('card-number layouts', () => {
  it('accepts groupings with spaces lost but not invented ones', async () => {
    const { isCompatibleGrouping } = await import('./card-number-formats.ts');
    expect(isCompatibleGrouping([12, 4])).toBe(true);
    expect(isCompatibleGrouping([16])).toBe(true);
    expect(isCompatibleGrouping([4, 11])).toBe(true);
    expect(isCompatibleGrouping([5, 6, 4])).toBe(false);
    expect(findCardNumber([line('37828 224631 0005')], false)).toBeNull();
  });
  it('does not call a poorly read Luhn-passing number valid', () => {
    expect(findCardNumber([line('4111 1111 1111 1111', 0.6)], false)).toBeNull();
  });
});
