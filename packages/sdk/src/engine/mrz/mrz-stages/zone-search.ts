import type { Frame } from '../../../core/frame.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { CorrectionOptions } from '../correct-mrz.ts';
import type { LineQuad } from '../locate-mrz.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { checksMostlyHold } from '../reading-score.ts';
import { everyCheckHolds, isSettled, pickBest } from './best-reading.ts';
import { readBlock } from './read-block.ts';
import type { ZoneReader } from './zone-readers.ts';

/** One frame's search for its zone, fed candidate blocks by the locating stages. */
export interface ZoneSearch {
  readonly frame: Frame;
  /** Every reading of every block read that parsed as a zone (the vote at the end counts them). */
  readonly seen: readonly MrzReading[];
  /** The best reading so far. */
  readonly best: MrzReading | null;
  /**
   * Reads the blocks in turn into `best`; true as soon as it is settled. `mostlyChecking`: only
   * readings whose checks mostly hold count (blocks that any paragraph of long lines can give).
   * `acceptMisprint`: a clear reading with failing checks settles too.
   */
  tryBlocks(blocks: readonly LineQuad[][], trial?: { mostlyChecking?: boolean; acceptMisprint?: boolean }): Promise<boolean>;
  /** Takes the best reading so far out of the search, which goes on from nothing. */
  setBestAside(): MrzReading | null;
}

export function createZoneSearch(
  frame: Frame,
  { readers, correction }: { readers: readonly ZoneReader[]; correction: Partial<CorrectionOptions> },
  trace?: StageTrace,
): ZoneSearch {
  const seen: MrzReading[] = [];
  let best: MrzReading | null = null;
  return {
    frame,
    seen,
    get best() {
      return best;
    },
    async tryBlocks(blocks, { mostlyChecking = false, acceptMisprint = true } = {}) {
      for (const [index, block] of blocks.entries()) {
        const reading = await readBlock(frame, block, { readers, correction, seen }, trace);
        if (!mostlyChecking || (reading && checksMostlyHold(reading))) best = pickBest(best, reading);
        if (isSettled(best, acceptMisprint)) {
          const why = everyCheckHolds(best!) ? 'every check holds' : 'read clearly, most checks hold (a misprint)';
          trace?.({ stage: 'read', decided: `settled on candidate ${index + 1} of ${blocks.length}: ${why}` });
          return true;
        }
      }
      return false;
    },
    setBestAside() {
      const aside = best;
      best = null;
      return aside;
    },
  };
}
