import type { MrzCell } from '../../../packages/sdk/src/engine/mrz/mrz-cell.ts';
import type { LineQuad } from '../../../packages/sdk/src/engine/mrz/locate-mrz.ts';

/** Cells of a line read with full confidence: a reading from plain text, without probabilities. */
export function cellsFromText(text: string, confidence = 1): MrzCell[] {
  return [...text].map((char) => ({ char, confidence, alternatives: [] }));
}

/** A detected MRZ line's box: 880×30 px at (10, `top`), level. */
export function mrzLineBox(top: number): LineQuad {
  return {
    points: [
      { x: 10, y: top },
      { x: 890, y: top },
      { x: 890, y: top + 30 },
      { x: 10, y: top + 30 },
    ],
    width: 880,
    height: 30,
    angle: 0,
  };
}
