import type { CardProcessingStatus } from '../../api/card.ts';
import type { ResultState } from '../../api/common.ts';

/**
 * What idlens answers in each situation (the spec lists the processing statuses but not when they
 * apply; docs/cards.md explains each). Checked top to bottom; the first matching row applies.
 */
export interface CardSituation {
  /** A number (valid, or returned because invalid ones were asked for) was read, and from which side. */
  numberOn: 'numberSide' | 'otherSide' | null;
  numberValid: boolean;
  /** Blur was detected on the number side (and, with skipImagesWithBlur, the side was not used). */
  numberSideBlurred: boolean;
  /** Any text was found on any side that was used. */
  textFound: boolean;
  /** The given number side looks like a card's back (signature panel, CVV, service text). */
  numberSideLooksLikeBack: boolean;
  numberSideGiven: boolean;
  /** Fields asked for that only the missing other side can give (the CVV of a non-Amex card). */
  needsOtherSide: boolean;
}

export const cardStatusTable: ReadonlyArray<{
  when: (s: CardSituation) => boolean;
  status: CardProcessingStatus;
  recognition: (s: CardSituation) => ResultState;
}> = [
  {
    when: (s) => s.numberOn === 'numberSide' && s.needsOtherSide,
    status: 'AWAITING_OTHER_SIDE',
    recognition: (s) => (s.numberValid ? 'STAGE_VALID' : 'UNCERTAIN'),
  },
  { when: (s) => s.numberOn === 'numberSide', status: 'SUCCESS', recognition: (s) => (s.numberValid ? 'VALID' : 'UNCERTAIN') },
  // The number was on the image sent as the other side: the sides are swapped.
  { when: (s) => s.numberOn === 'otherSide', status: 'SCANNING_WRONG_SIDE', recognition: () => 'UNCERTAIN' },
  { when: (s) => s.numberSideBlurred, status: 'FRAME_NOT_FOCUSED', recognition: () => 'EMPTY' },
  { when: (s) => !s.textFound, status: 'DETECTION_FAILED', recognition: () => 'EMPTY' },
  { when: (s) => s.numberSideGiven && s.numberSideLooksLikeBack, status: 'SCANNING_WRONG_SIDE', recognition: () => 'EMPTY' },
  // Only the other side was sent and read: the number side is still to come.
  { when: (s) => !s.numberSideGiven, status: 'AWAITING_OTHER_SIDE', recognition: () => 'EMPTY' },
  { when: () => true, status: 'FIELD_IDENTIFICATION_FAILED', recognition: () => 'EMPTY' },
];

export function cardStatus(situation: CardSituation): { processingStatus: CardProcessingStatus; recognitionStatus: ResultState } {
  const row = cardStatusTable.find((r) => r.when(situation))!;
  return { processingStatus: row.status, recognitionStatus: row.recognition(situation) };
}

/**
 * Words printed only on a card's back, without spaces (matched inside the side's text with its
 * spaces removed, because OCR of small back-side print often drops or adds them).
 */
export const backSideWords: readonly string[] = [
  'SIGNATURE',
  'UNLESSSIGNED',
  'CUSTOMERSERVICE',
  'MAGNETIC',
  'UNTERSCHRIFT',
  'SIGNATAIRE',
  'PROPERTYOF',
  'IFFOUND',
  'CARDHOLDERAGREEMENT',
  'ISSUEDBY',
  'ISSUEDPURSUANT',
  'CARDMEMBERAGREEMENT',
];
