import type { CardData } from '../../../api/card.ts';
import { modeEffects } from '../../anonymization.ts';
import type { Point } from '../../image/affine.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { fullCardImage } from '../full-card-image.ts';
import { locateCard } from '../locate-card.ts';
import type { SideRow } from '../side-row.ts';
import type { AnonymizationModes } from './anonymize-card.ts';
import type { ReadSide, SideName } from './card-side.ts';
import { rowMask, type FieldMask } from './field-mask.ts';
import type { LocatedNumber } from './locate-number.ts';

/** The returned card images, and the sides whose image had regions painted over. */
export interface CardImages {
  images: Pick<CardData, 'firstSideFullCardImage' | 'secondSideFullCardImage'>;
  anonymized: Set<SideName>;
}

/**
 * Stage `images` (`returnFullCardImage`): each used side's card, located around its text and
 * rectified, with the regions of fields whose mode masks images painted over — and, as a
 * precaution, every region that may show a number or code that was not read.
 */
export async function cardImages(
  sides: readonly ReadSide[],
  number: LocatedNumber | null,
  { masks, modes }: { masks: readonly FieldMask[]; modes: AnonymizationModes },
  trace?: StageTrace,
): Promise<CardImages> {
  const images: CardImages['images'] = { firstSideFullCardImage: null, secondSideFullCardImage: null };
  const anonymized = new Set<SideName>();
  for (const s of sides) {
    const imageMasks = [...masks.filter((m) => m.side === s.name), ...precautionMasks(s)].filter((m) => modeEffects[modes[m.field]].images);
    const image = await cardImage(
      s,
      // A stacked number's rows are short: the card's size is not read off them.
      number?.side === s && number.rows.length === 1 ? number.rows[0]! : null,
      imageMasks.map((m) => m.points),
    );
    if (imageMasks.length) anonymized.add(s.name);
    if (s.name === 'numberSide') images.firstSideFullCardImage = image;
    else images.secondSideFullCardImage = image;
    trace?.({ stage: 'images', decided: `${s.name}: ${image ? 'card image' : 'no card image'}, ${imageMasks.length} regions painted over` });
  }
  return { images, anonymized };
}

/**
 * Rows that may show a value even though it was not read (or read elsewhere): any row with 8 or
 * more digits may be the number, any short lone digit group may be the CVV. Image anonymization
 * masks them too, so an unread number or code never leaves in the pixels.
 */
function precautionMasks(s: ReadSide): FieldMask[] {
  return s.reading.rows.flatMap((r): FieldMask[] => {
    const digits = (r.digits?.text ?? r.text).replace(/\D/g, '');
    if (digits.length >= 8) return [rowMask(s.name, 'cardNumber', r)];
    if (r.digits && /^\s*(\d{4}\s+)?\d{3,4}\s*$/.test(r.digits.text) && !/\d\s?[/\\]\s?\d/.test(r.text)) return [rowMask(s.name, 'cvv', r)];
    return [];
  });
}

/** The side's card image, located around its text (null when nothing places the card). */
async function cardImage(s: ReadSide, numberRow: SideRow | null, masks: ReadonlyArray<readonly Point[]>): Promise<string | null> {
  const rows = s.reading.rows.filter((r) => r.confidence >= 0.5);
  const ref = numberRow ?? rows[0];
  if (!ref) return null;
  const d = ref.row.dir;
  const pts = rows.flatMap((r) => r.row.quad.points);
  const us = pts.map((p) => p.x * d.x + p.y * d.y);
  const vs = pts.map((p) => -p.x * d.y + p.y * d.x);
  const c = ref.row.centre;
  const outline = locateCard(s.frame, {
    dir: d,
    u0: Math.min(...us),
    u1: Math.max(...us),
    v0: Math.min(...vs),
    v1: Math.max(...vs),
    numberRow: numberRow ? { u: c.x * d.x + c.y * d.y, v: -c.x * d.y + c.y * d.x, length: numberRow.row.quad.width } : null,
  });
  return outline ? fullCardImage(s.frame, outline, masks) : null;
}
