import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardOptions } from '@idlens/sdk/api';
import { createEngine, type Engine, type Frame } from '@idlens/sdk/engine';
import { loadEngineRuntimes } from '@idlens/server';
import { readCardCascading } from '../../packages/sdk/src/engine/card/read-card.ts';
import { ocrCountingDetections } from '../support/engine/counting-detections.ts';
import { groupNumber as grouped, renderCard, testCards, type RenderCardOptions } from '../support/card-render.ts';

// Rendered card photos (networks' published test numbers only) read end to end with onnxruntime-node.
// Assertions compare values; nothing here prints a number or a CVV.
let engine: Engine;
beforeAll(async () => {
  engine = createEngine(await loadEngineRuntimes({ threads: 2 }));
});

const light = { from: '#e9e4d8', to: '#cfc6b0', text: '#202020' };
const all: CardOptions = { extractExpiryDate: true, extractCardholderName: true, extractCvv: true, extractIban: true };
const front = (over: Partial<RenderCardOptions> = {}) =>
  renderCard({
    number: grouped(testCards.visa, [4, 4, 4, 4]),
    expiry: '08/29',
    expiryLabel: 'VALID THRU',
    name: 'ANNA M KOWALSKA',
    bank: 'IDLENS BANK',
    network: 'VISA',
    ...over,
  });
const back = (over: Partial<RenderCardOptions> = {}) => renderCard({ back: { cvv: '123', last4: '1111' }, iban: 'DE89 3704 0044 0532 0130 00', ...over });

async function pngSize(base64: string | null) {
  expect(base64).toBeTruthy();
  const meta = await sharp(Buffer.from(base64!, 'base64')).metadata();
  expect(meta.format).toBe('png');
  return { width: meta.width!, height: meta.height! };
}

describe('card reading: fields (rendered cards)', () => {
  it('reads a flat-printed Visa front and its back: number, network, expiry, name, CVV, IBAN', async () => {
    const data = await engine.card({ cardNumberSide: await front(), otherSide: await back() }, all);
    expect(data.cardNumber).toBe(testCards.visa);
    expect(data.cardNumberValid).toBe(true);
    expect(data.issuingNetwork).toBe('VISA');
    expect(data.expiryDate).toEqual({ day: null, month: 8, year: 2029, successfullyParsed: true, filledByDomainKnowledge: false, originalString: '08/29' });
    expect(data.cardholderName).toBe('ANNA M KOWALSKA');
    expect(data.cvv).toBe('123');
    expect(data.iban).toBe('DE89370400440532013000');
    expect(data).toMatchObject({ processingStatus: 'SUCCESS', recognitionStatus: 'VALID', scanningFirstSideDone: true });
    expect(data).toMatchObject({ fundingType: null, cardCategory: null, issuerName: null, issuerCountryCode: null, issuerCountry: null });
    expect(data.firstSideCardLivenessResult).toEqual({
      screenCheckResult: 'NOT_AVAILABLE',
      photocopyCheckResult: 'NOT_AVAILABLE',
      cardHeldInHandCheckResult: 'NOT_AVAILABLE',
    });
    expect(data.secondSideCardLivenessResult).toEqual(data.firstSideCardLivenessResult);
    expect(data.firstSideBlurDetectionStatus).toBe('NOT_DETECTED');
    expect(data.firstSideAnonymized).toBe(false);
  });

  it('reports the number prefix printed under the first group', async () => {
    const data = await engine.card({ cardNumberSide: await front({ prefixLine: '4111', expiry: undefined }) }, {});
    expect(data.cardNumber).toBe(testCards.visa);
    expect(data.cardNumberPrefix).toBe('4111');
  });

  it('returns only the fields whose extract flag is set', async () => {
    const data = await engine.card({ cardNumberSide: await front(), otherSide: await back() }, {});
    expect(data.cardNumber).toBe(testCards.visa);
    expect(data).toMatchObject({ expiryDate: null, cardholderName: null, cvv: null, iban: null, firstSideFullCardImage: null });
  });

  it('reads an embossed Amex (4-6-5) turned by 8°, with its 4-digit front code as CVV and a GOOD THRU label', async () => {
    const card = await renderCard({
      number: grouped(testCards.amex, [4, 6, 5]),
      expiry: '04/31',
      expiryLabel: 'GOOD THRU',
      name: 'JOHN Q PUBLIC',
      network: 'AMEX',
      embossed: true,
      rotate: 8,
      font: 'OCR B',
      frontCode: '1234',
    });
    const data = await engine.card({ cardNumberSide: card }, all);
    expect(data).toMatchObject({
      cardNumber: testCards.amex,
      issuingNetwork: 'AMERICAN_EXPRESS',
      cvv: '1234',
      cardholderName: 'JOHN Q PUBLIC',
      processingStatus: 'SUCCESS',
    });
    expect(data.expiryDate).toMatchObject({ month: 4, year: 2031 });
  });

  it('reads an embossed Mastercard 2-series on a light card turned by -15° with a GÜLTIG BIS MM/YYYY expiry', async () => {
    const card = await renderCard({
      number: grouped(testCards.mastercard2, [4, 4, 4, 4]),
      expiry: '12/2030',
      expiryLabel: 'GÜLTIG BIS',
      name: 'MAX MUSTERMANN',
      bank: 'SPARKASSE',
      embossed: true,
      rotate: -15,
      font: 'Liberation Mono',
      colours: light,
    });
    const data = await engine.card({ cardNumberSide: card }, { extractExpiryDate: true, extractCardholderName: true });
    expect(data).toMatchObject({
      cardNumber: testCards.mastercard2,
      issuingNetwork: 'MASTERCARD',
      cardholderName: 'MAX MUSTERMANN',
      processingStatus: 'SUCCESS',
      recognitionStatus: 'VALID',
    });
    expect(data.expiryDate).toMatchObject({ month: 12, year: 2030, originalString: '12/2030' });
  });

  it('reads a card photographed upside down (proportional font)', async () => {
    const card = await renderCard({ number: grouped(testCards.discover, [4, 4, 4, 4]), expiry: '01/28', name: 'JANE DOE', font: 'DejaVu Sans', rotate: 180 });
    const data = await engine.card({ cardNumberSide: card }, { extractCardholderName: true });
    expect(data).toMatchObject({ cardNumber: testCards.discover, issuingNetwork: 'DISCOVER', cardholderName: 'JANE DOE' });
  });

  it('reads a vertical card with a 19-digit 4-4-4-4-3 number', async () => {
    const card = await renderCard({ number: grouped(testCards.visa19, [4, 4, 4, 4, 3]), expiry: '05/27', name: 'LI WEI', vertical: true, width: 700 });
    const data = await engine.card({ cardNumberSide: card }, { extractExpiryDate: true });
    expect(data).toMatchObject({ cardNumber: testCards.visa19, issuingNetwork: 'VISA', cardNumberValid: true });
    expect(data.expiryDate).toMatchObject({ month: 5, year: 2027 });
  });

  it('reads a "quick read" card whose number is printed as four stacked groups, and masks every group in its image', async () => {
    const stacked = await front({ number: grouped(testCards.mastercard, [4, 4, 4, 4]), stacked: true, rotate: 6 });
    const data = await engine.card(
      { cardNumberSide: stacked },
      { ...all, returnFullCardImage: true, anonymizationSettings: { cardNumberAnonymizationSettings: { anonymizationMode: 'IMAGE_ONLY' } } },
    );
    expect(data.cardNumber).toBe(testCards.mastercard);
    expect(data.cardNumberValid).toBe(true);
    expect(data.issuingNetwork).toBe('MASTERCARD');
    // The name under the column is still the name; no group of the number is taken for a code.
    expect(data.cardholderName).toBe('ANNA M KOWALSKA');
    expect(data.cvv).toBeNull();
    // Four masks, one per group: bands of image rows crossed by a long run of black (the card has none).
    const { data: pixels, info } = await sharp(Buffer.from(data.firstSideFullCardImage!, 'base64')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const blackRun = (y: number) => {
      let run = 0;
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * 3;
        run = pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 30 ? run + 1 : 0;
        if (run >= 40) return true;
      }
      return false;
    };
    let bands = 0;
    for (let y = 0, inBand = false; y < info.height; y++) {
      const black = blackRun(y);
      if (black && !inBand) bands++;
      inBand = black;
    }
    expect(bands).toBe(4);
  });

  it('gives no number for stacked groups that fail Luhn, even when invalid numbers are asked for', async () => {
    const data = await engine.card(
      { cardNumberSide: await front({ number: '4111 1111 1111 1112', stacked: true }) },
      { ...all, extractInvalidCardNumber: true },
    );
    expect(data.cardNumber).toBeNull();
    expect(data.cvv).toBeNull();
  });

  it('reads a 14-digit Diners (4-6-4) in a sans font with a letter-spaced name', async () => {
    const card = await renderCard({
      number: grouped(testCards.diners14, [4, 6, 4]),
      expiry: '03/30',
      name: 'MARIA GARCIA',
      colours: light,
      font: 'Liberation Sans',
    });
    const data = await engine.card({ cardNumberSide: card }, { extractCardholderName: true });
    expect(data).toMatchObject({ cardNumber: testCards.diners14, issuingNetwork: 'DINERS', cardholderName: 'MARIA GARCIA' });
  });
});

describe('card reading: statuses', () => {
  it('asks for the other side when the CVV is wanted and only the front was sent', async () => {
    const data = await engine.card({ cardNumberSide: await front() }, { extractCvv: true });
    expect(data).toMatchObject({ processingStatus: 'AWAITING_OTHER_SIDE', recognitionStatus: 'STAGE_VALID', scanningFirstSideDone: true, cvv: null });
    expect(data.cardNumber).toBe(testCards.visa);
  });

  it('reports SCANNING_WRONG_SIDE for a back sent as the number side, and for swapped sides', async () => {
    const backOnly = await engine.card({ cardNumberSide: await back() }, {});
    expect(backOnly).toMatchObject({ processingStatus: 'SCANNING_WRONG_SIDE', recognitionStatus: 'EMPTY', cardNumber: null });
    const swapped = await engine.card({ cardNumberSide: await back(), otherSide: await front() }, {});
    expect(swapped.processingStatus).toBe('SCANNING_WRONG_SIDE');
    expect(swapped.cardNumber).toBe(testCards.visa);
  });

  it('reports DETECTION_FAILED on an image without a card', async () => {
    const blank: Frame = { width: 640, height: 400, data: new Uint8ClampedArray(640 * 400 * 4).fill(200) };
    const data = await engine.card({ cardNumberSide: blank }, all);
    expect(data).toMatchObject({
      processingStatus: 'DETECTION_FAILED',
      recognitionStatus: 'EMPTY',
      cardNumber: null,
      scanningFirstSideDone: false,
      issuingNetwork: 'ISSUER_OTHER',
    });
  });

  it('returns a number failing Luhn only with extractInvalidCardNumber, marked not valid', async () => {
    const card = await front({ number: '4111 1111 1111 1112' });
    expect((await engine.card({ cardNumberSide: card }, {})).cardNumber).toBeNull();
    const data = await engine.card({ cardNumberSide: card }, { extractInvalidCardNumber: true });
    expect(data).toMatchObject({ cardNumber: '4111111111111112', cardNumberValid: false, recognitionStatus: 'UNCERTAIN' });
  });

  it('detects blur per side and skips blurred images when asked', async () => {
    const blurred = await front({ blur: 7 });
    const seen = await engine.card({ cardNumberSide: blurred, otherSide: await back() }, {});
    expect(seen.firstSideBlurDetectionStatus).toBe('DETECTED');
    expect(seen.secondSideBlurDetectionStatus).toBe('NOT_DETECTED');
    const skipped = await engine.card({ cardNumberSide: blurred }, { skipImagesWithBlur: true });
    expect(skipped).toMatchObject({ processingStatus: 'FRAME_NOT_FOCUSED', cardNumber: null, firstSideBlurDetectionStatus: 'DETECTED' });
  });
});

describe('card reading: the text detector cascade (the default)', () => {
  it('keeps a read that checks out with the distilled detector, and reads a card again with PP-OCRv4’s when it does not', async () => {
    const { ocr, detected, fallbackDetected } = await ocrCountingDetections();
    const checked = await readCardCascading(ocr, { cardNumberSide: await front() }, { extractExpiryDate: true });
    expect(checked).toMatchObject({ cardNumber: testCards.visa, cardNumberValid: true, expiryDate: { month: 8, year: 2029 } });
    expect(detected.length).toBeGreaterThan(0);
    expect(fallbackDetected).toEqual([]);
    // A back sent as the number side: no number, so both detectors search it.
    const wrongSide = await readCardCascading(ocr, { cardNumberSide: await back() }, {});
    expect(wrongSide).toMatchObject({ processingStatus: 'SCANNING_WRONG_SIDE', cardNumber: null });
    expect(fallbackDetected.length).toBeGreaterThan(0);
  });
});

describe('card reading: images and anonymization', () => {
  it('returns the card rectified to the ID-1 aspect as PNG', async () => {
    const card = await front({ rotate: 10, canvas: { width: 1400, height: 1000 } });
    const data = await engine.card({ cardNumberSide: card }, { returnFullCardImage: true });
    const { width, height } = await pngSize(data.firstSideFullCardImage);
    expect(width / height).toBeCloseTo(85.6 / 53.98, 1);
    expect(width).toBeGreaterThan(700);
    expect(data.secondSideFullCardImage).toBeNull();
  });

  it('masks result fields with RESULT_FIELDS_ONLY, keeping the visible prefix and suffix digits', async () => {
    const data = await engine.card(
      { cardNumberSide: await front(), otherSide: await back() },
      {
        ...all,
        anonymizationSettings: {
          cardNumberAnonymizationSettings: { anonymizationMode: 'RESULT_FIELDS_ONLY', prefixDigitsVisible: 6, suffixDigitsVisible: 4 },
          cvvAnonymizationMode: 'RESULT_FIELDS_ONLY',
          ibanAnonymizationMode: 'FULL_RESULT',
          cardholderAnonymizationMode: 'RESULT_FIELDS_ONLY',
        },
      },
    );
    expect(data.cardNumber).toBe(`${testCards.visa.slice(0, 6)}******${testCards.visa.slice(-4)}`);
    expect(data.cvv).toBe('***');
    expect(data.iban).toBe('*'.repeat(22));
    expect(data.cardholderName).toBe('**** * ********');
    // Validity and network come from the unmasked number.
    expect(data).toMatchObject({ cardNumberValid: true, issuingNetwork: 'VISA', firstSideAnonymized: true, secondSideAnonymized: true });
  });

  it('IMAGE_ONLY blacks out the number in the returned image and leaves the fields; NONE changes nothing', async () => {
    const card = await front();
    const plain = await engine.card({ cardNumberSide: card }, { returnFullCardImage: true });
    const masked = await engine.card(
      { cardNumberSide: card },
      { returnFullCardImage: true, anonymizationSettings: { cardNumberAnonymizationSettings: { anonymizationMode: 'IMAGE_ONLY' } } },
    );
    expect(masked.cardNumber).toBe(testCards.visa);
    expect(plain.firstSideAnonymized).toBe(false);
    expect(masked.firstSideAnonymized).toBe(true);
    // The masked image no longer has a readable number.
    const decode = async (b64: string) => {
      const { data, info } = await sharp(Buffer.from(b64, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
    };
    const reread = await engine.card({ cardNumberSide: await decode(masked.firstSideFullCardImage!) }, {});
    expect(reread.cardNumber).toBeNull();
    const rereadPlain = await engine.card({ cardNumberSide: await decode(plain.firstSideFullCardImage!) }, {});
    expect(rereadPlain.cardNumber).toBe(testCards.visa);
  });

  it('IMAGE_ONLY also masks a number it could not return (failing Luhn) in the image', async () => {
    const card = await front({ number: '4111 1111 1111 1112' });
    const data = await engine.card(
      { cardNumberSide: card },
      { returnFullCardImage: true, anonymizationSettings: { cardNumberAnonymizationSettings: { anonymizationMode: 'IMAGE_ONLY' } } },
    );
    expect(data.cardNumber).toBeNull();
    const { data: px, info } = await sharp(Buffer.from(data.firstSideFullCardImage!, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const reread = await engine.card(
      { cardNumberSide: { width: info.width, height: info.height, data: new Uint8ClampedArray(px.buffer, px.byteOffset, px.byteLength) } },
      { extractInvalidCardNumber: true },
    );
    expect(reread.cardNumber).toBeNull();
  });

  it('FULL_RESULT masks both the field and the image', async () => {
    const data = await engine.card(
      { cardNumberSide: await front() },
      { returnFullCardImage: true, anonymizationSettings: { cardNumberAnonymizationSettings: { anonymizationMode: 'FULL_RESULT', suffixDigitsVisible: 4 } } },
    );
    expect(data.cardNumber).toBe(`************${testCards.visa.slice(-4)}`);
    expect(data.firstSideFullCardImage).toBeTruthy();
    expect(data.firstSideAnonymized).toBe(true);
  });
});
