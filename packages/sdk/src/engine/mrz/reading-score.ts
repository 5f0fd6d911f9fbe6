import type { CorrectedMrz } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import type { MrzReading } from './mrz-reading.ts';

/** How well a corrected zone checks out: holding check digits, less fields in doubt and changes made. */
export function score(c: CorrectedMrz): number {
  return standing(c) - c.changes.length * 0.1;
}

/** The score before the changes correction made: holding check digits, less fields in doubt. */
export function standing(c: CorrectedMrz): number {
  return c.parsed.checks.filter((k) => k.ok).length * 10 - c.uncertain.length;
}

/**
 * Check digits first, then how clearly the zone was read: text upside down or not text at all
 * reads as a murky string that can pass a check or two by chance, while the right way up reads
 * clearly even where its print breaks the rules (a specimen with a missing check digit).
 */
export function rank(r: MrzReading): number {
  return score(r.corrected) + 20 * r.clarity;
}

/** At least half the check digits hold: a reading of a zone, even if misprinted or partly misread. */
export function checksMostlyHold(r: MrzReading): boolean {
  const checks = r.corrected.parsed.checks;
  return checks.filter((c) => c.ok).length * 2 >= checks.length;
}

/** A position read with at least this probability is read clearly (the measure of `clarity` and `tooMurkyForAZone`). */
const clearConfidence = 0.9;

export function clearlyRead(cell: MrzCell | null): boolean {
  return cell !== null && cell.confidence >= clearConfidence;
}

/** Share of a zone's positions not read clearly beyond which it is no zone. */
const murkyShare = 1 / 3;

/**
 * Whether the reading is too murky to be a zone, whatever its check digits say: more than a third
 * of its positions unread or read below 0.9. Ordinary text forced into the MRZ alphabet reads so
 * (two-thirds of its positions, on generated pages of prose), and correction can then make every
 * check hold by turning letters into digits; a real zone, even photographed badly, reads most of its
 * positions clearly (at most 14 % below 0.9 on the corpus).
 */
export function tooMurkyForAZone(r: Pick<MrzReading, 'cells'>): boolean {
  const all = r.cells.flat();
  const murky = all.filter((c) => !clearlyRead(c)).length;
  return murky > murkyShare * all.length;
}
