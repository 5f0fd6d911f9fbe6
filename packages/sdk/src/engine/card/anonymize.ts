import type { AnonymizationMode } from '../../api/common.ts';
import type { AnonymizationSettings } from '../../api/card.ts';

/** The fields anonymization can apply to. */
export type AnonymizedField = 'cardNumber' | 'cardNumberPrefix' | 'cvv' | 'iban' | 'cardholderName';

export function fieldMode(settings: AnonymizationSettings | null | undefined, field: AnonymizedField): AnonymizationMode {
  const s = settings ?? {};
  const mode = {
    cardNumber: s.cardNumberAnonymizationSettings?.anonymizationMode,
    cardNumberPrefix: s.cardNumberPrefixAnonymizationMode,
    cvv: s.cvvAnonymizationMode,
    iban: s.ibanAnonymizationMode,
    cardholderName: s.cardholderAnonymizationMode,
  }[field];
  return mode ?? 'NONE';
}
