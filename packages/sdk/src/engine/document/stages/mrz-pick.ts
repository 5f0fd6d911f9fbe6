import type { MrzReading } from '../../mrz/mrz-reading.ts';
import { everyCheckHolds } from '../../mrz/mrz-stages/best-reading.ts';
import type { Side } from './document-request.ts';

/** The MRZ reading that fills the result, and the side it was read on. */
export interface PickedMrz {
  reading: MrzReading;
  side: Side;
}

/** The better of the two sides' readings: one that checks out, else the one with more passing check digits (the first on a tie). */
export function chooseMrz(first: MrzReading | null, second: MrzReading | null): PickedMrz | null {
  if (first && (everyCheckHolds(first) || !second || !everyCheckHolds(second))) {
    const passing = (r: MrzReading) => r.corrected.parsed.checks.filter((c) => c.ok).length;
    if (!second || everyCheckHolds(first) || passing(first) >= passing(second)) return { reading: first, side: 'FIRST' };
  }
  return second ? { reading: second, side: 'SECOND' } : null;
}

/** The picked MRZ when it was read on `side`. */
export function mrzOnSide(pick: PickedMrz | null, side: Side): MrzReading | null {
  return pick?.side === side ? pick.reading : null;
}

/** A pick in a few words for the stage trace: layout, side and whether it checks out (no field values). */
export function describeMrz(pick: PickedMrz | null): string {
  if (!pick) return 'no MRZ';
  const { parsed, uncertain } = pick.reading.corrected;
  const failing = parsed.checks.filter((c) => !c.ok).map((c) => c.name);
  const doubts = [...(failing.length ? [`failing ${failing.join(', ')}`] : []), ...(uncertain.length ? [`in doubt ${uncertain.join(', ')}`] : [])];
  return `MRZ ${parsed.format.type} on ${pick.side}, ${doubts.length ? `does not check out: ${doubts.join('; ')}` : 'checks out'}`;
}
