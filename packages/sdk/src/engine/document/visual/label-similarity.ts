import { sharedCharacters, substringEditCost } from './approximate-substring.ts';
import type { VisualField } from './field-labels.ts';
import { fuzzyLabels } from './match-label.ts';

/**
 * How closely a piece of text holds each field's label, graded: per field, the best over its
 * dictionary labels of 1 − (edits to find the label somewhere in the text's letters) / (the label's
 * letters). The yes-or-no matches (`matchLabel`, `containsFuzzyLabel`: at most one edit in five)
 * lose the small multilingual labels the reader garbles past one edit in five ("Placo of bterth" is
 * three edits from PLACE OF BIRTH's twelve letters); a graded score lets the field assigner weigh a half-read label against the other
 * fields' instead of seeing no label at all. The labels are the fuzzy match's (six letters or more).
 * `folded`: text as `foldText` gives it.
 */
export function labelSimilarities(folded: string): ReadonlyMap<VisualField, number> {
  const letters = folded.replace(/[^A-Z]/g, '');
  const out = new Map<VisualField, number>();
  if (letters.length < 3) return out;
  for (const { compact, field } of fuzzyLabels) {
    // Text far shorter than the label cannot hold it well enough to tell anything.
    if (letters.length < compact.length / 2) continue;
    // The score cannot pass the share of the label's letters the text holds at all: no better, no programme.
    if (sharedCharacters(letters, compact) / compact.length <= (out.get(field) ?? 0)) continue;
    const score = 1 - substringEditCost(letters, compact) / compact.length;
    if (score > (out.get(field) ?? 0)) out.set(field, score);
  }
  return out;
}
