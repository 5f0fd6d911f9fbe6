import type { CardData } from '../../api/card.ts';

/** The answer when no card was read: every field null, the required ones at their "nothing" value. */
export function emptyCardData(processingStatus: CardData['processingStatus'] = 'DETECTION_FAILED'): CardData {
  return {
    issuingNetwork: 'ISSUER_OTHER',
    cardNumber: null,
    cardNumberPrefix: null,
    iban: null,
    cvv: null,
    cardholderName: null,
    cardNumberValid: null,
    expiryDate: null,
    fundingType: null,
    cardCategory: null,
    issuerName: null,
    issuerCountryCode: null,
    issuerCountry: null,
    firstSideFullCardImage: null,
    secondSideFullCardImage: null,
    firstSideBlurDetectionStatus: null,
    secondSideBlurDetectionStatus: null,
    firstSideAnonymized: null,
    secondSideAnonymized: null,
    firstSideCardLivenessResult: null,
    secondSideCardLivenessResult: null,
    processingStatus,
    scanningFirstSideDone: false,
    recognitionStatus: 'EMPTY',
  };
}
