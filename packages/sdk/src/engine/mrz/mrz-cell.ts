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
