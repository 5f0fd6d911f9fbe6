import type { CardData, CardOptions } from '../../api/card.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import type { StageTrace } from '../pipeline/stage-trace.ts';
import { anonymizationModes, anonymizeCard } from './card-stages/anonymize-card.ts';
import { cardImages, type CardImages } from './card-stages/card-images.ts';
import type { CardSides } from './card-stages/card-side.ts';
import { judgeCard } from './card-stages/judge-card.ts';
import { locateNumber } from './card-stages/locate-number.ts';
import { mergeFields } from './card-stages/merge-fields.ts';
import { readSides } from './card-stages/read-sides.ts';
import { emptyCardData } from './empty-card-data.ts';
import { issuingNetwork } from './iin-ranges.ts';

/** Engine-level settings of card reading (not request options). */
export interface ReadCardSettings {
  /** Text sharpness (laplacianSharpness at 48 px) under which a side counts as blurred. */
  blurThreshold: number;
  /**
   * Where the stages record what they decided (for evaluation reports and tests): statuses, side
   * and field names and counts — never a value read off the card. None by default (nothing is built for it then).
   */
  trace?: StageTrace;
}

export const defaultReadCardSettings: ReadCardSettings = { blurThreshold: 0.012 };

/**
 * `readCard` with the OCR engine's detector cascade (`TextDetectorChoice`): a card read with the
 * faster detector is kept when it checks out — a Luhn-valid number, and the expiry when asked for
 * — else it is read again with the surer one, and the fuller of the two readings is returned.
 */
export async function readCardCascading(
  ocr: OcrEngine,
  sides: CardSides,
  options: CardOptions,
  settings: ReadCardSettings = defaultReadCardSettings,
): Promise<CardData> {
  const trace = settings.trace;
  const fast = await readCard(ocr, sides, options, settings);
  if (!ocr.fallback || (fast.cardNumberValid && (!options.extractExpiryDate || fast.expiryDate))) return fast;
  trace?.({ stage: 'cascade', decided: 'the first reading does not check out: read again with the fallback detector' });
  const sure = await readCard(ocr.fallback, sides, options, settings);
  const fullness = (data: CardData) => (data.cardNumberValid ? 4 : 0) + (data.cardNumber ? 2 : 0) + (data.expiryDate ? 1 : 0);
  const keepSure = fullness(sure) >= fullness(fast);
  trace?.({ stage: 'cascade', decided: `kept the ${keepSure ? "fallback detector's" : 'first'} reading` });
  return keepSure ? sure : fast;
}

/**
 * Reads a payment card from its number side and/or other side, in stages: every side's text rows
 * (`read`), the number among them (`locate`, Luhn-checked, the network from the IIN table), the
 * other fields from whichever side gives them (`merge`), statuses from the status table (`judge`),
 * optional rectified card images (`images`), and anonymization last (`anonymize`) — masked values
 * are masked here, before anything leaves the engine.
 */
export async function readCard(
  ocr: OcrEngine,
  sides: CardSides,
  options: CardOptions,
  settings: ReadCardSettings = defaultReadCardSettings,
): Promise<CardData> {
  const trace = settings.trace;
  const read = await readSides(ocr, sides, { blurThreshold: settings.blurThreshold, skipBlurred: !!options.skipImagesWithBlur }, trace);
  const number = locateNumber(read.used, !!options.extractInvalidCardNumber, trace);
  const network = issuingNetwork(number?.value ?? null);
  const fields = mergeFields(read.used, number, options, { network, otherSideGiven: !!sides.otherSide }, trace);
  const judged = judgeCard(read, number, { sides, needsOtherSide: fields.needsOtherSide }, trace);
  const modes = anonymizationModes(options.anonymizationSettings);
  const images: CardImages = options.returnFullCardImage
    ? await cardImages(read.used, number, { masks: fields.masks, modes }, trace)
    : { images: { firstSideFullCardImage: null, secondSideFullCardImage: null }, anonymized: new Set() };
  const data: CardData = {
    ...emptyCardData(),
    issuingNetwork: network,
    cardNumber: number?.value ?? null,
    cardNumberValid: number ? number.valid : null,
    ...fields.values,
    ...judged,
    ...images.images,
  };
  return anonymizeCard(data, { masks: fields.masks, modes, settings: options.anonymizationSettings, sides, imagesAnonymized: images.anonymized }, trace);
}
