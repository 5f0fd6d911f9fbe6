import type { Frame } from '../../../core/frame.ts';
import type { StageTrace } from '../../pipeline/stage-trace.ts';
import { doubtfulName, isNames, type CorrectionOptions } from '../correct-mrz.ts';
import { fitLineQuad } from '../fit-line-quad.ts';
import { interpret, mergeReadings } from '../interpret-lines.ts';
import { flipLine, type LineQuad } from '../locate-mrz.ts';
import type { MrzReading } from '../mrz-reading.ts';
import { readMrzLines, type ReadLine } from '../read-mrz-line.ts';
import { checksSummary, isSettled, pickBest } from './best-reading.ts';
import type { ZoneReader } from './zone-readers.ts';

/** A name letter the first reader read below this gets the second reader's opinion, even in a zone that checks out. */
const sureNameConfidence = 0.95;

interface BlockReading {
  reading: MrzReading | null;
  upsideDown: boolean;
  /** The first reader settled the zone unsure of a name letter, and the next reader read it too. */
  secondOpinion: boolean;
}

/**
 * Stages `straighten` and `read` of one candidate block: each line fitted to the zone's grid, the
 * block read the right way up and then upside down by each reader in turn (a reader after the first
 * only where the first saw something zone-like), until a reading settles. Every reading that
 * parses as a zone goes into `seen` (the vote at the end counts them); the best is returned.
 */
export async function readBlock(
  frame: Frame,
  block: LineQuad[],
  { readers, correction, seen }: { readers: readonly ZoneReader[]; correction: Partial<CorrectionOptions>; seen: MrzReading[] },
  trace?: StageTrace,
): Promise<MrzReading | null> {
  const read = await readBothWaysUp(frame, block, readers, correction, seen);
  const { reading } = read;
  const secondOpinion = read.secondOpinion ? ', names given a second opinion' : '';
  trace?.({
    stage: 'read',
    decided: reading
      ? `block of ${block.length} lines, ${read.upsideDown ? 'upside down' : 'upright'}, by ${reading.model}: ${checksSummary(reading)}${secondOpinion}`
      : `block of ${block.length} lines: no zone either way up`,
  });
  return reading;
}

async function readBothWaysUp(
  frame: Frame,
  block: LineQuad[],
  readers: readonly ZoneReader[],
  correction: Partial<CorrectionOptions>,
  seen: MrzReading[],
): Promise<BlockReading> {
  let best: MrzReading | null = null;
  let upsideDown = false;
  // Set when the first reader settled the zone but was not quite sure of a name letter: the next
  // reader then reads it in every windowing (its readings vote in voteUncheckedFields), and the
  // zone is not read the other way up.
  let secondOpinion = false;
  const outcome = (): BlockReading => ({ reading: best, upsideDown, secondOpinion });
  for (const [way, lines] of [block, block.map(flipLine).reverse()].entries()) {
    const fitted = lines.map((l) => fitLineQuad(frame, l));
    let anyZone = false;
    for (const [index, { reader, allowed, height, windowings }] of readers.entries()) {
      // The general reader is the slow second opinion: it is asked only where the first reader saw
      // something zone-like (text that is no MRZ, or upside down, would cost seconds for nothing).
      if (index > 0 && !anyZone) break;
      // Only the last reader may settle on a clear reading with failing checks ("a misprint"):
      // a confident misreading by the first must still get the second reader's opinion.
      const last = index === readers.length - 1;
      const readings: ReadLine[][] = [];
      for (const windowHeights of windowings) {
        const read = await readMrzLines(frame, fitted, reader, { height, allowed, windowHeights });
        readings.push(read);
        // Each reading alone, then (from the second on) all of them merged position by position.
        const tries = readings.length > 1 ? [read, ...mergeReadings(readings)] : [read];
        for (const attempt of tries) {
          const interpreted = interpret(attempt, correction);
          anyZone ||= interpreted !== null;
          if (!interpreted) continue;
          const reading: MrzReading = { ...interpreted, lines: fitted, rawLines: read.map((r) => r.text), model: reader.name };
          seen.push(reading);
          const better = pickBest(best, reading);
          if (better !== best) upsideDown = way === 1;
          best = better;
        }
        if (secondOpinion || !isSettled(best, last)) continue;
        // Names are covered by no check digit: a zone that checks out can still hold a misread
        // letter (I read as T). The next reader looks too when the first was not quite sure of one.
        if (last || !namesWantSecondOpinion(best!)) return outcome();
        secondOpinion = true;
        break;
      }
    }
    if (secondOpinion) return outcome();
  }
  return outcome();
}

function namesWantSecondOpinion(r: MrzReading): boolean {
  return r.corrected.parsed.format.fields.some(
    (spec) => isNames(spec.name) && doubtfulName(r.cells[spec.line]?.slice(spec.start, spec.start + spec.length) ?? [], sureNameConfidence),
  );
}
