import type { CardImageAnalysisDetectionStatus } from '../../../api/card.ts';
import type { Frame } from '../../../core/frame.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { readCardSide } from '../read-card-side.ts';
import { noDigits, type CardSides, type ReadSide, type SideName } from './card-side.ts';

/** The sides given, read. */
export interface SidesRead {
  /** Every side given (number side first): their blur is reported even when they are not used. */
  all: ReadSide[];
  /** The sides fields are read from (number side first): all but blurred ones with `skipBlurred`. */
  used: ReadSide[];
}

/**
 * Stage `read`: every side given is read (text rows, found the right way up — `readCardSide`) and
 * judged for blur by its sharpest text row; a blurred side is left out with `skipBlurred`.
 */
export async function readSides(
  ocr: OcrEngine,
  sides: CardSides,
  { blurThreshold, skipBlurred }: { blurThreshold: number; skipBlurred: boolean },
  trace?: StageTrace,
): Promise<SidesRead> {
  const given: Array<{ name: SideName; frame: Frame }> = [];
  if (sides.cardNumberSide) given.push({ name: 'numberSide', frame: sides.cardNumberSide });
  if (sides.otherSide) given.push({ name: 'otherSide', frame: sides.otherSide });
  const all: ReadSide[] = [];
  // One side after the other: the OCR engine's sessions run one call at a time anyway.
  for (const g of given) {
    const reading = await readCardSide(g.frame, ocr);
    const blur: CardImageAnalysisDetectionStatus =
      reading.sharpness === null ? 'NOT_AVAILABLE' : reading.sharpness < blurThreshold ? 'DETECTED' : 'NOT_DETECTED';
    all.push({ ...g, reading, blur, digits: reading.rows.map((r) => r.digits ?? noDigits) });
  }
  const used = all.filter((s) => !(skipBlurred && s.blur === 'DETECTED'));
  for (const s of all) {
    const way = s.reading.flipped ? 'turned 180°' : 'upright';
    const left = used.includes(s) ? '' : ', not used';
    trace?.({ stage: 'read', decided: `${s.name}: ${s.reading.rows.length} rows read ${way}, blur ${s.blur}${left}` });
  }
  return { all, used };
}
