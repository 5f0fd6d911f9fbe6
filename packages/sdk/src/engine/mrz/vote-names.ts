import { correctMrz, type CorrectionOptions } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import type { MrzFieldName } from './mrz-formats.ts';
import type { MrzReading } from './read-mrz.ts';
import { checksMostlyHold, score } from './reading-score.ts';

const nameFields: readonly MrzFieldName[] = ['names', 'givenNames'];

/**
 * Names are the one long field no check digit covers. When the chosen reading is unsure of a letter
 * there, the readings of the same zone vote (each recognizer once, averaged over its readings):
 * per position the symbols' probabilities are summed and the likeliest wins, with its mean
 * probability as its confidence — so the names may still be reported in doubt, but the letters
 * shown are the ones most readings saw. Only readings of the same layout whose check digits mostly
 * hold vote: they read this zone, not something else.
 */
export function voteNames(chosen: MrzReading, readings: readonly MrzReading[], correction: Partial<CorrectionOptions>): MrzReading {
  const format = chosen.corrected.parsed.format;
  const specs = format.fields.filter((s) => nameFields.includes(s.name) && chosen.corrected.uncertain.includes(s.name));
  if (specs.length === 0) return chosen;
  const voters = readings.filter((r) => r.corrected.parsed.format.id === format.id && checksMostlyHold(r));
  if (voters.length < 2) return chosen;
  const byRecognizer = new Map<string, MrzReading[]>();
  for (const voter of voters) byRecognizer.set(voter.recognizer, [...(byRecognizer.get(voter.recognizer) ?? []), voter]);
  const cells = chosen.cells.map((line) => [...line]);
  for (const spec of specs) {
    for (let col = spec.start; col < spec.start + spec.length; col++) {
      const votes = new Map<string, number>();
      for (const group of byRecognizer.values()) {
        // Each recognizer has one vote, however many readings it made (window sizes, merges, fits).
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
      const toCell = ([char, p]: [string, number]) => ({ char, p: p / byRecognizer.size });
      const [winner, ...others] = ranked.slice(0, 3).map(toCell);
      cells[spec.line]![col] = { char: winner!.char, confidence: winner!.p, alternatives: others } satisfies MrzCell;
    }
  }
  const corrected = correctMrz(cells, correction);
  if (!corrected || score(corrected) < score(chosen.corrected)) return chosen;
  return { ...chosen, corrected, cells };
}
