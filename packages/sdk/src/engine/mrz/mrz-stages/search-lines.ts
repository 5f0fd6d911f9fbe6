import type { Quad } from '../../ocr/min-area-rect.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { longLines, sameBlock, type LineQuad } from '../locate-mrz.ts';
import { profileBlocks } from '../profile-block.ts';
import { lineBlocks } from './line-blocks.ts';
import type { ZoneSearch } from './zone-search.ts';

/** Gap (in line heights) across which detected pieces of one line make an anchor for profiling. */
const profileGapHeights = 20;
/** Longest lines profiled (a card back's long printed notes can outrank its MRZ lines). */
const profileAnchors = 4;

/**
 * Stage `locate` on the lines detected on a frame, each candidate read as it is found: the
 * likeliest blocks of the lines themselves, then blocks found by the ink around the longest lines.
 * True once a reading settles.
 */
export async function searchLines(
  search: ZoneSearch,
  found: readonly Quad[],
  { maxAttempts, source }: { maxAttempts: number; source: string },
  trace?: StageTrace,
): Promise<boolean> {
  if (await search.tryBlocks(lineBlocks(found, maxAttempts, source, trace))) return true;
  // Then by the ink itself around the longest lines: the detector fuses, splits or misses lines
  // (or stretches of them, under a hologram) of small or slanted zones, while the print stays
  // 2–3 equal bands at one pitch. Pieces on one line are joined across wide gaps for this. Any
  // paragraph of long lines looks like that too, so these readings only count when most checks
  // hold.
  // Neighbouring anchors (the lines of one zone) profile the same bands: each block is read once.
  const profiled: LineQuad[][] = [];
  for (const anchor of longLines(found, undefined, profileGapHeights).slice(0, profileAnchors)) {
    const fresh = profileBlocks(search.frame, anchor).filter((block) => !profiled.some((seenBlock) => sameBlock(seenBlock, block)));
    profiled.push(...fresh);
    trace?.({ stage: 'locate', decided: `${fresh.length} new ${fresh.length === 1 ? 'block' : 'blocks'} from the ink around a long line ${source}` });
    if (await search.tryBlocks(fresh, { mostlyChecking: true })) return true;
  }
  return false;
}
