import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { CorrectionOptions } from '../correct-mrz.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { voteUncheckedFields } from '../vote-unchecked.ts';

/**
 * Stage `merge`: the chosen reading's doubtful or disputed unchecked fields (names, codes, sex —
 * no check digit covers them) voted over every reading of the same zone (`voteUncheckedFields`).
 */
export function voteOverReadings(chosen: MrzReading, seen: readonly MrzReading[], correction: Partial<CorrectionOptions>, trace?: StageTrace): MrzReading {
  const voted = voteUncheckedFields(chosen, seen, correction);
  const outcome =
    voted === chosen
      ? 'the chosen reading stands'
      : voted.cells === chosen.cells
        ? 'the vote checked out worse: disputed fields only put in doubt'
        : 'doubtful or disputed unchecked fields voted on';
  trace?.({ stage: 'merge', decided: `${outcome} (${seen.length} ${seen.length === 1 ? 'reading' : 'readings'} of zones made)` });
  return voted;
}
