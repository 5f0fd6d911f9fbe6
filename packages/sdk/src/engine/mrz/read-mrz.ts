import type { Frame } from '../../core/frame.ts';
import type { OcrEngine } from '../ocr/create-ocr-engine.ts';
import type { Quad } from '../ocr/min-area-rect.ts';
import type { StageTrace } from '../pipeline/stage-trace.ts';
import type { CorrectionOptions } from './correct-mrz.ts';
import type { MrzReading } from './mrz-reading.ts';
import { isAZone, judgeZone } from './mrz-stages/judge-zone.ts';
import { searchZone } from './mrz-stages/search-zone.ts';
import { voteOverReadings } from './mrz-stages/vote-readings.ts';
import { createZoneSearch } from './mrz-stages/zone-search.ts';
import { zoneReaders, type MrzModelChoice } from './mrz-stages/zone-readers.ts';

export type { MrzModelChoice } from './mrz-stages/zone-readers.ts';

export interface ReadMrzOptions {
  model: MrzModelChoice;
  correction: Partial<CorrectionOptions>;
  /** Candidate line blocks tried before giving up. */
  maxAttempts: number;
  /**
   * Text lines already found on the frame (on its document, straightened and detected for its
   * print): their likeliest block is read first, and the frame is searched on its own (its
   * detection…) unless that block holds a zone whose every check holds; a lesser reading of it
   * then competes with the frame's best.
   */
  lines: readonly Quad[];
  /**
   * Whether the frame is searched on its own after `lines` (default true). False reads the likeliest
   * block of `lines` only: for a second look with a surer detector where a first full search found
   * nothing zone-like.
   */
  searchFrame: boolean;
  /**
   * Where the stages record what they decided (for evaluation reports and tests): counts, models,
   * layouts, check-digit and field-name verdicts — never a symbol of the zone. None by default (nothing is built for it then).
   */
  trace?: StageTrace;
}

export const defaultReadMrzOptions: ReadMrzOptions = { model: 'auto', correction: {}, maxAttempts: 4, lines: [], searchFrame: true };

/**
 * Finds and reads the MRZ of a frame, in stages. Locate: candidate blocks of lines come from the
 * likeliest block of the lines the caller already found (`lines`), then from the frame's detected
 * lines, then from ink profiles around the longest lines, then (for photos taken a quarter turned)
 * from detection on the turned frame, then from a closer second detection of the likeliest region
 * (where some block read so far was zone-like). Straighten and read: each block's lines fitted to
 * the fixed-width grid and read both ways up, restricted to the 37 MRZ symbols, with
 * checksum-guided correction — until one parses with every check digit holding (and, when the MRZ
 * model was not quite sure of a name letter, the line reader has read it too). Judge and merge: the
 * best reading is returned with its doubtful or disputed unchecked fields voted over all readings
 * of the zone (`voteUncheckedFields`), or null when nothing parses or the best reading is too murky
 * to be a zone (`tooMurkyForAZone`).
 */
export async function readMrz(frame: Frame, ocr: OcrEngine, options: Partial<ReadMrzOptions> = {}): Promise<MrzReading | null> {
  const o = { ...defaultReadMrzOptions, ...options };
  const trace = o.trace;
  const search = createZoneSearch(frame, { readers: zoneReaders(ocr, o.model, trace), correction: o.correction }, trace);
  const found = await searchZone(search, ocr.detector, o, trace);
  if (!isAZone(found, trace)) return null;
  return judgeZone(voteOverReadings(found, search.seen, o.correction, trace), trace);
}
