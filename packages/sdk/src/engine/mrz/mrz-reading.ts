import type { CorrectedMrz } from './correct-mrz.ts';
import type { LineQuad } from './locate-mrz.ts';
import type { MrzCells } from './mrz-cell.ts';

/** A machine-readable zone found and read on a frame. */
export interface MrzReading {
  corrected: CorrectedMrz;
  /** The zone's lines in frame coordinates, top line first, reading direction left to right. */
  lines: LineQuad[];
  /** The line reader's raw texts, one a line. */
  rawLines: string[];
  /** The reading fitted to the zone's grid, before correction: symbols with their probabilities. */
  cells: MrzCells[];
  /** Manifest name of the model that read the lines (`mrz-rec`, `ppocr-rec`). */
  model: string;
  /** Share of positions read with confidence ≥ 0.9 (a clear reading whose checks fail is a misprint, not a misread). */
  clarity: number;
}
