import type { TextDetector } from '../../ocr/create-text-detector.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { tooMurkyForAZone } from '../reading-score.ts';
import { lookCloser } from './closer-look.ts';
import { detectTurned, mostlyVertical } from './quarter-turn.ts';
import { searchLines } from './search-lines.ts';
import type { ZoneSearch } from './zone-search.ts';

/**
 * The frame's own search for its zone: its detected lines (and the ink around them), then — for a
 * photo taken a quarter turned — the frame detected again turned, then a closer look at the
 * likeliest region. Returns the search's best reading.
 */
export async function searchFrame(search: ZoneSearch, detector: TextDetector, maxAttempts: number, trace?: StageTrace): Promise<MrzReading | null> {
  const quads = await detector.detect(search.frame);
  if (await searchLines(search, quads, { maxAttempts, source: 'detected on the frame' }, trace)) return search.best;
  // A photo taken a quarter turned: the detector finds vertical lines less completely (a zone read
  // bottom to top especially), so most of the text running vertically means detecting again on
  // the frame turned upright (or upside down, which reading handles).
  if (mostlyVertical(quads)) {
    trace?.({ stage: 'straighten', decided: 'text runs mostly up and down: the frame is detected again turned a quarter' });
    const turned = await detectTurned(search.frame, detector);
    if (await searchLines(search, turned, { maxAttempts, source: 'detected on the turned frame' }, trace)) return search.best;
  }
  // Second pass only where some block read so far was zone-like. Prose and a page of print read
  // murky (`tooMurkyForAZone`): a closer look at a photo without a zone cost seconds for nothing
  // (`pnpm bench negative`).
  if (!search.seen.some((reading) => !tooMurkyForAZone(reading))) {
    trace?.({ stage: 'locate', decided: 'no closer look: nothing read so far was zone-like' });
    return search.best;
  }
  await lookCloser(search, detector, quads, trace);
  return search.best;
}
