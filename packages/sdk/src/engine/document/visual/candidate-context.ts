import type { FieldCandidate } from './field-candidates.ts';

/**
 * The names of the features `candidateContext` computes, in order, after the candidate's own
 * (`candidateFeatureNames`): the field assigner's second look (models/training/train_field_assigner.py
 * computes the same from its first look's out-of-fold scores; a change here is a change there).
 */
export const contextFeatureNames: readonly string[] = [
  'aloneScore',
  'rankInField',
  'bestOtherOfField',
  'marginInField',
  'bestRivalOnSpan',
  'marginOnSpan',
  'likelyOfField',
  'rivalHomeMargin',
];

/**
 * What the first look at every candidate says about each one: a candidate scored 0.9 is another
 * matter when its field has a 0.95 elsewhere on the page, or when its span is another field's
 * only good value. Per candidate, from the first look's scores (`alone`, in the candidates' order):
 * its own score; how many of its field's candidates score higher; the best other of its field and
 * the margin to it; the best candidate of another field on an overlapping piece of its line and the
 * margin to it; how many of its field's candidates score above one half; and, among those rivals
 * on its span, how much better the span is for them than their field's best elsewhere (−1 without
 * rivals).
 */
export function candidateContext(candidates: readonly FieldCandidate[], alone: readonly number[]): number[][] {
  const bestOfFieldBesides = (i: number) => {
    let best = 0;
    candidates.forEach((c, j) => {
      if (j !== i && c.field === candidates[i]!.field && alone[j]! > best) best = alone[j]!;
    });
    return best;
  };
  const bestOther = candidates.map((_, i) => bestOfFieldBesides(i));
  const overlaps = (a: FieldCandidate, b: FieldCandidate) => a.span.line === b.span.line && a.start < b.end && b.start < a.end;
  return candidates.map((c, i) => {
    const s = alone[i]!;
    let rank = 0;
    let likely = 0;
    let rival = 0;
    let rivalHome = -1;
    candidates.forEach((o, j) => {
      if (o.field === c.field) {
        if (alone[j]! > s) rank++;
        if (alone[j]! > 0.5) likely++;
      } else if (overlaps(c, o)) {
        rival = Math.max(rival, alone[j]!);
        rivalHome = Math.max(rivalHome, alone[j]! - bestOther[j]!);
      }
    });
    return [s, rank, bestOther[i]!, s - bestOther[i]!, rival, s - rival, likely, rivalHome];
  });
}
