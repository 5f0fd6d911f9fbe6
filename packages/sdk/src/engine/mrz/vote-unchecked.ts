import { correctMrz, type CorrectionOptions } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import type { MrzFieldName, MrzFieldSpec } from './mrz-formats.ts';
import { offsetOf } from './locate-mrz.ts';
import type { MrzReading } from './mrz-reading.ts';
import { checksMostlyHold, standing } from './reading-score.ts';

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
 * Whether a model other than the chosen reading's gives the field another text: the text most of
 * its readings give (after correction: a 0 read where the layout wants O is no dispute) is not the
 * chosen one, or shares the most readings with another text.
 */
function disputed(chosen: MrzReading, byModel: ReadonlyMap<string, readonly MrzReading[]>, spec: MrzFieldSpec): boolean {
  const fieldText = (r: MrzReading) => r.corrected.parsed.lines[spec.line]?.slice(spec.start, spec.start + spec.length) ?? '';
  const own = fieldText(chosen);
  for (const [model, group] of byModel) {
    if (model === chosen.model) continue;
    const counts = new Map<string, number>();
    for (const voter of group) counts.set(fieldText(voter), (counts.get(fieldText(voter)) ?? 0) + 1);
    // Disputed unless the chosen text is the model's most common one (a tie counts as a dispute).
    const most = Math.max(0, ...counts.values());
    if (most > 0 && (counts.get(own) !== most || [...counts.values()].filter((n) => n === most).length > 1)) return true;
  }
  return false;
}

/**
 * Names, state codes, sex and some optional data are covered by no check digit of their own. When
 * the chosen reading is unsure of such a field — or another model read the same zone and saw other
 * symbols there (two confident models that disagree: one of them is wrong, and no check digit says
 * which) — the readings of the zone vote (each model once, averaged over its readings): per
 * position the symbols' probabilities are summed and the likeliest wins, with its share of the
 * votes as its confidence, so a disputed field stays in doubt, but the symbols shown are the ones
 * most readings saw. Only readings of the same lines
 * and layout whose check digits mostly hold vote: they read this zone, not something else. The
 * vote is kept only if the zone then checks out at least as well.
 */
export function voteUncheckedFields(chosen: MrzReading, readings: readonly MrzReading[], correction: Partial<CorrectionOptions>): MrzReading {
  const format = chosen.corrected.parsed.format;
  const checkDigits = new Set<MrzFieldName>(['compositeCheck', ...format.fields.flatMap((s) => (s.check ? [s.check] : []))]);
  const unchecked = format.fields.filter((s) => !s.check && !checkDigits.has(s.name));
  const voters = readings.filter((r) => r.corrected.parsed.format.id === format.id && checksMostlyHold(r) && sameZone(r, chosen));
  if (voters.length < 2) return chosen;
  const byModel = new Map<string, MrzReading[]>();
  for (const voter of voters) byModel.set(voter.model, [...(byModel.get(voter.model) ?? []), voter]);
  const votesAt = (line: number, col: number) => {
    const votes = new Map<string, number>();
    for (const group of byModel.values()) {
      // Each model has one vote, however many readings it made (window sizes, merges, fits).
      const vote = (char: string, p: number) => votes.set(char, (votes.get(char) ?? 0) + p / group.length);
      for (const voter of group) {
        const cell = voter.cells[line]?.[col];
        if (!cell) continue;
        vote(cell.char, cell.confidence);
        for (const alternative of cell.alternatives) vote(alternative.char, alternative.p);
      }
    }
    return votes;
  };
  const specs = unchecked.filter((s) => chosen.corrected.uncertain.includes(s.name) || disputed(chosen, byModel, s));
  if (specs.length === 0) return chosen;
  const cells = chosen.cells.map((line) => [...line]);
  for (const spec of specs) {
    for (let col = spec.start; col < spec.start + spec.length; col++) {
      const votes = votesAt(spec.line, col);
      const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      if (ranked.length === 0) continue;
      const toCell = ([char, p]: [string, number]) => ({ char, p: p / byModel.size });
      const [winner, ...others] = ranked.slice(0, 3).map(toCell);
      cells[spec.line]![col] = { char: winner!.char, confidence: winner!.p, alternatives: others } satisfies MrzCell;
    }
  }
  // A disputed field is in doubt whatever the vote gives: the chosen reading is compared as if it said so.
  const disputes = specs.map((s) => s.name).filter((name) => !chosen.corrected.uncertain.includes(name));
  const doubted: MrzReading =
    disputes.length === 0 ? chosen : { ...chosen, corrected: { ...chosen.corrected, uncertain: [...chosen.corrected.uncertain, ...disputes] } };
  const recorrected = correctMrz(cells, correction);
  const voted = recorrected && { ...recorrected, uncertain: [...new Set([...recorrected.uncertain, ...disputes])] };
  // Changes are not counted: a vote for 0 where a name wants O is turned back by correction, no worse a reading.
  if (!voted || standing(voted) < standing(doubted.corrected)) return doubted;
  return { ...chosen, corrected: voted, cells };
}
