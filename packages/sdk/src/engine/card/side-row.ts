import type { CardRow } from './card-rows.ts';
import type { DigitLine } from './find-card-number.ts';

/**
 * One text row of a card side: where it is, what the general line reader read, and its digits.
 * In its own file so the side reader and the stacked-number search share it without importing each other.
 */
export interface SideRow {
  row: CardRow;
  text: string;
  confidence: number;
  /** The general reading stands evenly spaced but for a step a lost character would fill (`skipsACharacter`). */
  skipsACharacter: boolean;
  /** The row re-read restricted to digits and spaces (only rows that look numeric). */
  digits: DigitLine | null;
  /** Centre across and start along the reading direction, in median text heights. */
  y: number;
  x: number;
}
