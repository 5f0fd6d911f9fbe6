import type { CardData, CardLivenessResult } from '../../../api/card.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { backSideWords, cardStatus } from '../card-statuses.ts';
import { findCvv } from '../find-cvv.ts';
import type { CardSides, ReadSide, SideName } from './card-side.ts';
import type { LocatedNumber } from './locate-number.ts';
import type { SidesRead } from './read-sides.ts';

type Judgement = Pick<
  CardData,
  | 'processingStatus'
  | 'recognitionStatus'
  | 'scanningFirstSideDone'
  | 'firstSideBlurDetectionStatus'
  | 'secondSideBlurDetectionStatus'
  | 'firstSideCardLivenessResult'
  | 'secondSideCardLivenessResult'
>;

/** No screen, photocopy or hand check is implemented: every side sent says so. */
const notAvailable: CardLivenessResult = {
  screenCheckResult: 'NOT_AVAILABLE',
  photocopyCheckResult: 'NOT_AVAILABLE',
  cardHeldInHandCheckResult: 'NOT_AVAILABLE',
};

/**
 * Stage `judge`: the card's statuses from the status table (`cardStatus`) — where the number was
 * found, blur, whether the number side looks like a back, what is still missing — and each side's
 * blur and liveness.
 */
export function judgeCard(
  read: SidesRead,
  number: LocatedNumber | null,
  { sides, needsOtherSide }: { sides: CardSides; needsOtherSide: boolean },
  trace?: StageTrace,
): Judgement {
  const blurOf = (name: SideName) => read.all.find((s) => s.name === name)?.blur ?? null;
  const numberSide = read.used.find((s) => s.name === 'numberSide');
  const status = cardStatus({
    numberOn: number?.side.name ?? null,
    numberValid: !!number?.valid,
    numberSideBlurred: blurOf('numberSide') === 'DETECTED',
    textFound: read.used.some((s) => s.reading.rows.some((r) => r.text.trim().length > 0)),
    numberSideLooksLikeBack: !!numberSide && looksLikeBack(numberSide),
    numberSideGiven: !!sides.cardNumberSide,
    needsOtherSide,
  });
  trace?.({ stage: 'judge', decided: `${status.processingStatus}, ${status.recognitionStatus}` });
  return {
    processingStatus: status.processingStatus,
    recognitionStatus: status.recognitionStatus,
    scanningFirstSideDone: number !== null || status.processingStatus === 'AWAITING_OTHER_SIDE',
    firstSideBlurDetectionStatus: blurOf('numberSide'),
    secondSideBlurDetectionStatus: blurOf('otherSide'),
    firstSideCardLivenessResult: sides.cardNumberSide ? { ...notAvailable } : null,
    secondSideCardLivenessResult: sides.otherSide ? { ...notAvailable } : null,
  };
}

/** Signature, service or legal words printed only on backs, or a lone 3-digit code. */
function looksLikeBack(s: ReadSide): boolean {
  const text = s.reading.rows.map((r) => r.text.toUpperCase().replace(/[^A-Z]+/g, '')).join('|');
  return backSideWords.some((w) => text.includes(w)) || findCvv(s.digits, 3) !== null;
}
