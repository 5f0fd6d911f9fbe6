import type { StageTrace } from '../../pipeline/stage-trace.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { tooMurkyForAZone } from '../reading-score.ts';
import { checksSummary } from './best-reading.ts';

/**
 * Stage `judge`, before the vote: whether the search's best reading is a zone at all — nothing
 * parsed as one, or the best reading is too murky for a zone whatever its check digits say
 * (`tooMurkyForAZone`: prose forced into the MRZ alphabet).
 */
export function isAZone(found: MrzReading | null, trace?: StageTrace): found is MrzReading {
  if (!found) trace?.({ stage: 'judge', decided: 'no zone: nothing read parsed as one' });
  else if (tooMurkyForAZone(found)) trace?.({ stage: 'judge', decided: 'no zone: the best reading is too murky for one' });
  else return true;
  return false;
}

/** Stage `judge`, last: the zone returned — its layout, how many check digits hold, the fields in doubt. */
export function judgeZone(reading: MrzReading, trace?: StageTrace): MrzReading {
  trace?.({ stage: 'judge', decided: `${reading.corrected.parsed.valid ? 'valid' : 'not valid'}: ${checksSummary(reading)}` });
  return reading;
}
