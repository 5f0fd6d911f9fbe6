import type { MrzReading } from '../mrz-reading.ts';
import { checksMostlyHold, rank } from '../reading-score.ts';

/** The better ranked of two readings (`rank`: check digits, then clarity); the first on a tie. */
export function pickBest(a: MrzReading | null, b: MrzReading | null): MrzReading | null {
  if (!a) return b;
  if (!b) return a;
  return rank(b) > rank(a) ? b : a;
}

/**
 * Done searching: every check holds — or the zone was read clearly and most checks hold, so the
 * failing ones are in the print (looking at other candidates would only cost time).
 */
export function isSettled(r: MrzReading | null, acceptMisprint = true): boolean {
  if (!r) return false;
  if (everyCheckHolds(r)) return true;
  if (!acceptMisprint) return false;
  return r.clarity >= 0.97 && checksMostlyHold(r);
}

/** Every check digit holds and no field is in doubt. */
export function everyCheckHolds(r: MrzReading): boolean {
  return r.corrected.parsed.valid && r.corrected.uncertain.length === 0;
}

/** How many check digits hold, and which fields are in doubt — for a trace (no field's value). */
export function checksSummary(r: MrzReading): string {
  const checks = r.corrected.parsed.checks;
  const doubt = r.corrected.uncertain.length ? `, in doubt: ${r.corrected.uncertain.join(' ')}` : '';
  return `${r.corrected.parsed.format.id}, ${checks.filter((c) => c.ok).length} of ${checks.length} checks hold${doubt}`;
}
