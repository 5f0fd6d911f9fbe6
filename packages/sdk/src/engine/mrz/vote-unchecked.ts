import { correctMrz, type CorrectionOptions } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import type { MrzFieldName } from './mrz-formats.ts';
import { offsetOf } from './locate-mrz.ts';
import type { MrzReading } from './mrz-reading.ts';
import { checksMostlyHold, score } from './reading-score.ts';

/**
 * Readings of the same physical lines: every line of `a` lies on one of `b`'s — less than half a
 * line height across, overlapping along (two fits of one line differ in length, not in place) —
 * and not on a second document on the same photo.
 */
function sameZone(a: MrzReading, b: MrzReading): boolean {
  return a.lines.every((la) =>
    b.lines.some((lb) => {
      const { along, across } = offsetOf(la, lb, la);
      return Math.abs(across) < 0.5 * Math.max(la.height, lb.height) && Math.abs(along) < 0.25 * Math.max(la.width, lb.width);
    }),
  );
}

/**
 * Names, state codes, sex and some optional data are covered by no check digit of their own. When
 * the chosen reading is unsure of such a field, the readings of the same zone vote (each model
 * once, averaged over its readings): per position the symbols' probabilities are summed and the
 * likeliest wins, with its mean probability as its confidence — so the field may still be reported
 * in doubt, but the symbols shown are the ones most readings saw. Only readings of the same lines
 * and layout whose check digits mostly hold vote: they read this zone, not something else. The
 * vote is kept only if the zone then checks out at least as well.
 */
export function voteUncheckedFields(chosen: MrzReading, readings: readonly MrzReading[], correction: Partial<CorrectionOptions>): MrzReading {
  const format = chosen.corrected.parsed.format;
  const checkDigits = new Set<MrzFieldName>(['compositeCheck', ...format.fields.flatMap((s) => (s.check ? [s.check] : []))]);
  const specs = format.fields.filter((s) => !s.check && !checkDigits.has(s.name) && chosen.corrected.uncertain.includes(s.name));
  if (specs.length === 0) return chosen;
  const voters = readings.filter((r) => r.corrected.parsed.format.id === format.id && checksMostlyHold(r) && sameZone(r, chosen));
  if (voters.length < 2) return chosen;
  const byModel = new Map<string, MrzReading[]>();
  for (const voter of voters) byModel.set(voter.model, [...(byModel.get(voter.model) ?? []), voter]);
  const cells = chosen.cells.map((line) => [...line]);
  for (const spec of specs) {
    for (let col = spec.start; col < spec.start + spec.length; col++) {
      const votes = new Map<string, number>();
      for (const group of byModel.values()) {
        // Each model has one vote, however many readings it made (window sizes, merges, fits).
        const vote = (char: string, p: number) => votes.set(char, (votes.get(char) ?? 0) + p / group.length);
        for (const voter of group) {
          const cell = voter.cells[spec.line]?.[col];
          if (!cell) continue;
          vote(cell.char, cell.confidence);
          for (const alternative of cell.alternatives) vote(alternative.char, alternative.p);
        }
      }
      const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      if (ranked.length === 0) continue;
      const toCell = ([char, p]: [string, number]) => ({ char, p: p / byModel.size });
      const [winner, ...others] = ranked.slice(0, 3).map(toCell);
      cells[spec.line]![col] = { char: winner!.char, confidence: winner!.p, alternatives: others } satisfies MrzCell;
    }
  }
  const corrected = correctMrz(cells, correction);
  if (!corrected || score(corrected) < score(chosen.corrected)) return chosen;
  return { ...chosen, corrected, cells };
}
