import type { AnonymizationMode, DateResult, ResultState } from './common.ts';

export const cardIssuers = [
  'ISSUER_OTHER',
  'AMERICAN_EXPRESS',
  'CHINA_UNION_PAY',
  'DINERS',
  'DISCOVER',
  'ELO',
  'JCB',
  'MAESTRO',
  'MASTERCARD',
  'RUPAY',
  'INTERAC',
  'VISA',
  'VERVE',
] as const;
export type CardIssuer = (typeof cardIssuers)[number];

export const cardProcessingStatuses = [
  'SUCCESS',
  'DETECTION_FAILED',
  'IMAGE_PREPROCESSING_FAILED',
  'STABILITY_TEST_FAILED',
  'SCANNING_WRONG_SIDE',
  'FIELD_IDENTIFICATION_FAILED',
  'IMAGE_RETURN_FAILED',
  'AWAITING_OTHER_SIDE',
  'NOT_SCANNED',
  'FRAME_NOT_FOCUSED',
] as const;
export type CardProcessingStatus = (typeof cardProcessingStatuses)[number];

/** Detection statuses beyond NOT_AVAILABLE are not in the spec; these are the ones idlens reports. */
export const cardImageAnalysisDetectionStatuses = ['NOT_AVAILABLE', 'NOT_DETECTED', 'DETECTED'] as const;
export type CardImageAnalysisDetectionStatus = (typeof cardImageAnalysisDetectionStatuses)[number];

export const strictnessLevels = ['DISABLED', 'LEVEL_1', 'LEVEL_2', 'LEVEL_3', 'LEVEL_4', 'LEVEL_5'] as const;
export type StrictnessLevel = (typeof strictnessLevels)[number];

export const imageFormats = ['PNG', 'JPEG'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export interface CardNumberAnonymizationSettings {
  anonymizationMode?: AnonymizationMode | null;
  prefixDigitsVisible?: number | null;
  suffixDigitsVisible?: number | null;
}

export interface AnonymizationSettings {
  cardNumberAnonymizationSettings?: CardNumberAnonymizationSettings | null;
  cardNumberPrefixAnonymizationMode?: AnonymizationMode | null;
  cvvAnonymizationMode?: AnonymizationMode | null;
  ibanAnonymizationMode?: AnonymizationMode | null;
  cardholderAnonymizationMode?: AnonymizationMode | null;
}

/** Recognition options of `POST /card` (the request without its images and `traceId`). */
export interface CardOptions {
  extractIban?: boolean | null;
  extractExpiryDate?: boolean | null;
  extractCardholderName?: boolean | null;
  extractCvv?: boolean | null;
  returnFullCardImage?: boolean | null;
  handToCardSizeRatio?: number | null;
  handCardOverlapThreshold?: number | null;
  enableCardHeldInHandCheck?: boolean | null;
  screenCheckStrictnessLevel?: StrictnessLevel | null;
  photocopyCheckStrictnessLevel?: StrictnessLevel | null;
  anonymizationSettings?: AnonymizationSettings | null;
  imageFormat?: ImageFormat | null;
  skipImagesWithBlur?: boolean | null;
  extractInvalidCardNumber?: boolean | null;
}

export interface CardLivenessResult {
  screenCheckResult: CardImageAnalysisDetectionStatus;
  photocopyCheckResult: CardImageAnalysisDetectionStatus;
  cardHeldInHandCheckResult: CardImageAnalysisDetectionStatus;
}

/** `data` of the card response. */
export interface CardData {
  issuingNetwork: CardIssuer;
  cardNumber: string | null;
  cardNumberPrefix: string | null;
  iban: string | null;
  cvv: string | null;
  cardholderName: string | null;
  cardNumberValid: boolean | null;
  expiryDate: DateResult | null;
  fundingType: string | null;
  cardCategory: string | null;
  issuerName: string | null;
  issuerCountryCode: string | null;
  issuerCountry: string | null;
  firstSideFullCardImage: string | null;
  secondSideFullCardImage: string | null;
  firstSideBlurDetectionStatus: CardImageAnalysisDetectionStatus | null;
  secondSideBlurDetectionStatus: CardImageAnalysisDetectionStatus | null;
  firstSideAnonymized: boolean | null;
  secondSideAnonymized: boolean | null;
  firstSideCardLivenessResult: CardLivenessResult | null;
  secondSideCardLivenessResult: CardLivenessResult | null;
  processingStatus: CardProcessingStatus;
  scanningFirstSideDone: boolean;
  recognitionStatus: ResultState;
}
