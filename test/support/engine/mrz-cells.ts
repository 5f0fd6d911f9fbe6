import type { MrzCell } from '../../../packages/sdk/src/engine/mrz/mrz-cell.ts';

/** Cells of a line read with full confidence: a reading from plain text, without probabilities. */
export function cellsFromText(text: string, confidence = 1): MrzCell[] {
  return [...text].map((char) => ({ char, confidence, alternatives: [] }));
}
