import { z } from '@hono/zod-openapi';
import { cardImageAnalysisDetectionStatuses, cardIssuers, cardProcessingStatuses, imageFormats, strictnessLevels } from '@idlens/sdk/api';
import { anonymizationModeSchema, dateResultStringSchema, imageSourceSchema, nullableBoolean, resultStateSchema, traceIdSchema, orNull } from './common.ts';

const digitsVisible = z.number().int().min(0).max(19).nullish();

export const anonymizationSettingsSchema = z
  .object({
    cardNumberAnonymizationSettings: z
      .object({ anonymizationMode: orNull(anonymizationModeSchema).optional(), prefixDigitsVisible: digitsVisible, suffixDigitsVisible: digitsVisible })
      .nullish(),
    cardNumberPrefixAnonymizationMode: orNull(anonymizationModeSchema).optional(),
    cvvAnonymizationMode: orNull(anonymizationModeSchema).optional(),
    ibanAnonymizationMode: orNull(anonymizationModeSchema).optional(),
    cardholderAnonymizationMode: orNull(anonymizationModeSchema).optional(),
  })
  .openapi('AnonymizationSettings');

const strictness = z.enum(strictnessLevels).nullish();

export const cardRequestSchema = z
  .object({
    cardNumberSide: orNull(imageSourceSchema).optional().openapi({ description: 'Image of the side with the card number' }),
    otherSide: orNull(imageSourceSchema).optional().openapi({ description: 'Image of the other side' }),
    extractIban: nullableBoolean,
    extractExpiryDate: nullableBoolean,
    extractCardholderName: nullableBoolean,
    extractCvv: nullableBoolean,
    returnFullCardImage: nullableBoolean,
    handToCardSizeRatio: z.number().min(0).max(1).nullish(),
    handCardOverlapThreshold: z.number().min(0).max(1).nullish(),
    enableCardHeldInHandCheck: nullableBoolean,
    screenCheckStrictnessLevel: strictness,
    photocopyCheckStrictnessLevel: strictness,
    anonymizationSettings: orNull(anonymizationSettingsSchema).optional(),
    imageFormat: z.enum(imageFormats).nullish(),
    skipImagesWithBlur: nullableBoolean,
    extractInvalidCardNumber: nullableBoolean,
    traceId: traceIdSchema,
  })
  .openapi('CardRequest');

const detection = z.enum(cardImageAnalysisDetectionStatuses).openapi('CardImageAnalysisDetectionStatus');
const liveness = z
  .object({ screenCheckResult: detection, photocopyCheckResult: detection, cardHeldInHandCheckResult: detection })
  .openapi('CardLivenessResult');
const s = () => z.string().nullable();

export const cardDataSchema = z
  .object({
    issuingNetwork: z.enum(cardIssuers).openapi('CardIssuer'),
    cardNumber: s(),
    cardNumberPrefix: s(),
    iban: s(),
    cvv: s(),
    cardholderName: s(),
    cardNumberValid: z.boolean().nullable(),
    expiryDate: orNull(dateResultStringSchema),
    fundingType: s(),
    cardCategory: s(),
    issuerName: s(),
    issuerCountryCode: s(),
    issuerCountry: s(),
    firstSideFullCardImage: s(),
    secondSideFullCardImage: s(),
    firstSideBlurDetectionStatus: orNull(detection),
    secondSideBlurDetectionStatus: orNull(detection),
    firstSideAnonymized: z.boolean().nullable(),
    secondSideAnonymized: z.boolean().nullable(),
    firstSideCardLivenessResult: orNull(liveness),
    secondSideCardLivenessResult: orNull(liveness),
    processingStatus: z.enum(cardProcessingStatuses).openapi('CardProcessingStatus'),
    scanningFirstSideDone: z.boolean(),
    recognitionStatus: resultStateSchema,
  })
  .openapi('CardData');
