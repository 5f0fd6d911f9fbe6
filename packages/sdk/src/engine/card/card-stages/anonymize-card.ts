import type { AnonymizationSettings, CardData } from '../../../api/card.ts';
import type { AnonymizationMode } from '../../../api/common.ts';
import { maskValue, modeEffects } from '../../anonymization.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { fieldMode, type AnonymizedField } from '../anonymize.ts';
import type { CardSides, SideName } from './card-side.ts';
import type { FieldMask } from './field-mask.ts';

/** Each anonymizable field's mode. */
export type AnonymizationModes = Record<AnonymizedField, AnonymizationMode>;

/** The fields anonymization applies to, in the order they are masked. */
const anonymizedFields: readonly AnonymizedField[] = ['cardNumber', 'cardNumberPrefix', 'cvv', 'iban', 'cardholderName'];

export function anonymizationModes(settings: AnonymizationSettings | null | undefined): AnonymizationModes {
  return Object.fromEntries(anonymizedFields.map((field) => [field, fieldMode(settings, field)])) as AnonymizationModes;
}

/**
 * Stage `anonymize`, last: the values whose mode masks result fields are masked here, before
 * anything leaves the engine, and each side sent says whether anything read from it (or returned
 * for it: `imagesAnonymized`) was masked. Validity and network were taken from the unmasked number.
 */
export function anonymizeCard(
  data: CardData,
  {
    masks,
    modes,
    settings,
    sides,
    imagesAnonymized,
  }: {
    masks: readonly FieldMask[];
    modes: AnonymizationModes;
    settings: AnonymizationSettings | null | undefined;
    sides: CardSides;
    /** Sides whose returned image had regions painted over. */
    imagesAnonymized: ReadonlySet<SideName>;
  },
  trace?: StageTrace,
): CardData {
  const out = { ...data };
  const anonymizedSides = new Set(imagesAnonymized);
  const numberSettings = settings?.cardNumberAnonymizationSettings;
  const masked: AnonymizedField[] = [];
  for (const field of anonymizedFields) {
    const value = out[field];
    if (value === null || !modeEffects[modes[field]].fields) continue;
    out[field] =
      field === 'cardNumber' ? maskValue(value, numberSettings?.prefixDigitsVisible ?? 0, numberSettings?.suffixDigitsVisible ?? 0) : maskValue(value);
    masked.push(field);
    for (const m of masks) if (m.field === field) anonymizedSides.add(m.side);
  }
  out.firstSideAnonymized = sides.cardNumberSide ? anonymizedSides.has('numberSide') : null;
  out.secondSideAnonymized = sides.otherSide ? anonymizedSides.has('otherSide') : null;
  trace?.({ stage: 'anonymize', decided: `fields masked: ${masked.join(', ') || 'none'}; sides anonymized: ${[...anonymizedSides].join(', ') || 'none'}` });
  return out;
}
