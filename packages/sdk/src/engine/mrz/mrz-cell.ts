/**
 * One character position of an MRZ line as read: the best symbol, its probability and the runner-up
 * symbols. `null` marks a position the reader saw nothing at (a dropped character).
 */
export interface MrzCell {
  char: string;
  confidence: number;
  alternatives: ReadonlyArray<{ char: string; p: number }>;
}

export type MrzCells = ReadonlyArray<MrzCell | null>;

/** Cells of a line read with full confidence (tests, and text given without probabilities). */
export function cellsFromText(text: string, confidence = 1): MrzCell[] {
  return [...text].map((char) => ({ char, confidence, alternatives: [] }));
}
