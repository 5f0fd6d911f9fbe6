import type { CardImageAnalysisDetectionStatus } from '../../../api/card.ts';
import type { Frame } from '../../../core/frame.ts';
import type { DigitLine } from '../find-card-number.ts';
import type { SideReading } from '../read-card-side.ts';

/** The images a card is read from: its number side and/or its other side. */
export type CardSides = { cardNumberSide?: Frame | null; otherSide?: Frame | null };

/** A side as the result names it (the first side is the number side). */
export type SideName = 'numberSide' | 'otherSide';

/** A side of the card as read: its text rows, whether it is blurred, and each row's digits. */
export interface ReadSide {
  name: SideName;
  blur: CardImageAnalysisDetectionStatus;
  frame: Frame;
  reading: SideReading;
  /** Per row, the row read restricted to digits (`noDigits` for a row not read so). */
  digits: DigitLine[];
}

/** The digits of a row that does not look numeric. */
export const noDigits: DigitLine = { text: '', confidences: [] };
