import { beforeAll, describe, expect, it } from 'vitest';
import type { CardData, CardOptions } from '@idlens/sdk/api';
import { loadEngineRuntimes } from '@idlens/server';
import { defaultReadCardSettings, readCard, readCardCascading } from '../../packages/sdk/src/engine/card/read-card.ts';
import type { CardSides } from '../../packages/sdk/src/engine/card/card-stages/card-side.ts';
import { createOcrEngine, type OcrEngine } from '../../packages/sdk/src/engine/ocr/create-ocr-engine.ts';
import type { StageDecision } from '../../packages/sdk/src/engine/pipeline/stage-trace.ts';
import { groupNumber, renderCard, testCards } from '../support/card-render.ts';

// readCard's stages (read → locate → merge → judge → images → anonymize) traced on rendered cards
// (networks' published test numbers only), read end to end with onnxruntime-node.
let ocr: OcrEngine;
beforeAll(async () => {
  const runtimes = await loadEngineRuntimes({ threads: 2 });
  ocr = createOcrEngine(runtimes.inference!, runtimes.models!, runtimes.ocr);
});

const front = () =>
  renderCard({
    number: groupNumber(testCards.visa, [4, 4, 4, 4]),
    expiry: '08/29',
    expiryLabel: 'VALID THRU',
    name: 'ANNA M KOWALSKA',
    bank: 'IDLENS BANK',
    network: 'VISA',
  });
const back = () => renderCard({ back: { cvv: '123', last4: '1111' }, iban: 'DE89 3704 0044 0532 0130 00' });
const all: CardOptions = { extractExpiryDate: true, extractCardholderName: true, extractCvv: true, extractIban: true };

async function traced(sides: CardSides, options: CardOptions, read = readCard): Promise<{ data: CardData; decisions: StageDecision[] }> {
  const decisions: StageDecision[] = [];
  const data = await read(ocr, sides, options, { ...defaultReadCardSettings, trace: (d) => decisions.push(d) });
  return { data, decisions };
}

/** The values read off the test cards, none of which a trace may hold (any four digits in a row could be part of a number). */
function expectNoCardValues(decisions: readonly StageDecision[]) {
  const text = decisions.map((d) => `${d.stage} ${d.decided}`).join('\n');
  expect(text).not.toContain(testCards.visa);
  expect(text).not.toMatch(/\d{4}/);
  for (const value of ['KOWALSKA', 'ANNA', 'DE89', '08/29', ' 123']) expect(text).not.toContain(value);
}

describe('readCard as a staged pipeline: its trace', () => {
  it('records each stage in order with what it decided, both sides read, every field asked for', async () => {
    const sides = { cardNumberSide: await front(), otherSide: await back() };
    const options: CardOptions = { ...all, returnFullCardImage: true, anonymizationSettings: { cvvAnonymizationMode: 'FULL_RESULT' } };
    const { data, decisions } = await traced(sides, options);
    // The reading itself is right: the trace describes a pipeline that worked.
    expect(data).toMatchObject({ cardNumber: testCards.visa, cvv: '***', iban: 'DE89370400440532013000', processingStatus: 'SUCCESS' });
    expect(decisions.map((d) => d.stage)).toEqual(['read', 'read', 'locate', 'merge', 'judge', 'images', 'images', 'anonymize']);
    const [readFront, readBack, locate, merge, judge, frontImage, backImage, anonymize] = decisions.map((d) => d.decided);
    expect(readFront).toMatch(/^numberSide: \d+ rows read upright, blur NOT_DETECTED$/);
    expect(readBack).toMatch(/^otherSide: \d+ rows read upright, blur NOT_DETECTED$/);
    expect(locate).toBe('number on numberSide (one row), 16 digits, valid');
    expect(merge).toBe('expiryDate from numberSide, cardholderName from numberSide, iban from otherSide, cvv from otherSide');
    expect(judge).toBe('SUCCESS, VALID');
    expect(frontImage).toBe('numberSide: card image, 0 regions painted over');
    expect(backImage).toMatch(/^otherSide: card image, [1-9]\d* regions painted over$/);
    expect(anonymize).toBe('fields masked: cvv; sides anonymized: otherSide');
    expectNoCardValues(decisions);
  });

  it('records sides swapped, and the side awaited', async () => {
    const swapped = await traced({ cardNumberSide: await back(), otherSide: await front() }, all);
    expect(swapped.data.cardNumber).toBe(testCards.visa);
    expect(swapped.decisions.find((d) => d.stage === 'locate')?.decided).toBe('number on otherSide (one row), 16 digits, valid');
    expect(swapped.decisions.find((d) => d.stage === 'judge')?.decided).toBe('SCANNING_WRONG_SIDE, UNCERTAIN');
    const alone = await traced({ cardNumberSide: await front() }, { extractCvv: true });
    expect(alone.decisions.map((d) => d.stage)).toEqual(['read', 'locate', 'merge', 'judge', 'anonymize']);
    expect(alone.decisions.find((d) => d.stage === 'merge')?.decided).toBe('cvv not found (the other side is needed)');
    expect(alone.decisions.find((d) => d.stage === 'judge')?.decided).toBe('AWAITING_OTHER_SIDE, STAGE_VALID');
    expectNoCardValues([...swapped.decisions, ...alone.decisions]);
  });

  it('records a blurred side left out', async () => {
    const blurred = await renderCard({ number: groupNumber(testCards.visa, [4, 4, 4, 4]), network: 'VISA', blur: 7 });
    const { decisions } = await traced({ cardNumberSide: blurred }, { skipImagesWithBlur: true });
    expect(decisions.map((d) => `${d.stage}: ${d.decided}`)).toEqual([
      expect.stringMatching(/^read: numberSide: \d+ rows read upright, blur DETECTED, not used$/),
      'locate: no number: no side used',
      'merge: no other field asked for',
      'judge: FRAME_NOT_FOCUSED, EMPTY',
      'anonymize: fields masked: none; sides anonymized: none',
    ]);
  });

  it("records the detector cascade's decisions around the two readings", async () => {
    // A back sent as the number side: no number, so it is read again with the fallback detector.
    const { data, decisions } = await traced({ cardNumberSide: await back() }, {}, readCardCascading);
    expect(data.processingStatus).toBe('SCANNING_WRONG_SIDE');
    const stages = decisions.map((d) => d.stage);
    expect(stages).toEqual(['read', 'locate', 'merge', 'judge', 'anonymize', 'cascade', 'read', 'locate', 'merge', 'judge', 'anonymize', 'cascade']);
    expect(decisions[5]!.decided).toBe('the first reading does not check out: read again with the fallback detector');
    expect(decisions[11]!.decided).toMatch(/^kept the (fallback detector's|first) reading$/);
  });

  it('gives the same result traced or not', async () => {
    const sides = { cardNumberSide: await front() };
    const options: CardOptions = { ...all, returnFullCardImage: true };
    expect((await traced(sides, options)).data).toEqual(await readCard(ocr, sides, options));
  });
});
