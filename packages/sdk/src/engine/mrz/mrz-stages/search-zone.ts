import type { TextDetector } from '../../ocr/create-text-detector.ts';
import type { Quad } from '../../ocr/min-area-rect.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { pickBest } from './best-reading.ts';
import { lineBlocks } from './line-blocks.ts';
import { searchFrame } from './search-frame.ts';
import type { ZoneSearch } from './zone-search.ts';

/**
 * Stages `locate`, `straighten` and `read`, block after block until a reading settles: the
 * likeliest block of the lines the caller already found (`lines`), then the frame's own search
 * (`searchFrame`) unless `searchFrame` is false. Returns the best reading.
 */
export async function searchZone(
  search: ZoneSearch,
  detector: TextDetector,
  { lines, searchFrame: frameToo, maxAttempts }: { lines: readonly Quad[]; searchFrame: boolean; maxAttempts: number },
  trace?: StageTrace,
): Promise<MrzReading | null> {
  // The caller's lines: their likeliest block only, and only a zone whose every check holds ends
  // the search there (settling on a clear misprint there too cost `pnpm eval mrz`'s dedicated-model
  // row 2 of 30 exact-and-VALID). Anything less waits aside while the frame is searched from
  // scratch as before, so a frame without a zone (most of a live camera's) pays one block's
  // reading for the shortcut.
  if (lines.length > 0 && (await search.tryBlocks(lineBlocks(lines, 1, 'given by the caller', trace), { acceptMisprint: false }))) return search.best;
  const fromLines = search.setBestAside();
  if (!frameToo) {
    trace?.({ stage: 'locate', decided: 'the frame is not searched on its own (the given lines only)' });
    return fromLines;
  }
  return pickBest(await searchFrame(search, detector, maxAttempts, trace), fromLines);
}
