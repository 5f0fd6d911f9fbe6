import { fieldLabels, type VisualField } from './field-labels.ts';

/**
 * How closely a piece of text holds each field's label, graded: per field, the best over its
 * dictionary labels of 1 − (edits to find the label somewhere in the text's letters) / (the label's
 * letters). The yes-or-no matches (`matchLabel`, `containsFuzzyLabel`: at most one edit in five)
 * lose the small multilingual labels the reader garbles ("Fanuly Dazne" for FAMILY NAME is three
 * edits in ten); a graded score lets the field assigner weigh a half-read label against the other
 * fields' instead of seeing no label at all. `folded`: text as `foldText` gives it.
 */
export function labelSimilarities(folded: string): ReadonlyMap<VisualField, number> {
  const letters = folded.replace(/[^A-Z]/g, '');
  const out = new Map<VisualField, number>();
  if (letters.length < 3) return out;
  for (const { compact, field } of gradedLabels) {
    // Text far shorter than the label cannot hold it well enough to tell anything.
    if (letters.length < compact.length / 2) continue;
    const score = 1 - substringEditCost(letters, compact) / compact.length;
    if (score > (out.get(field) ?? 0)) out.set(field, score);
  }
  return out;
}

/** Labels of six letters or more, without spaces (as the fuzzy matching's): shorter ones are found nearly anywhere. */
const gradedLabels = Object.entries(fieldLabels).flatMap(([field, labels]) =>
  labels.map((l) => ({ compact: l.replace(/[^A-Z]/g, ''), field: field as VisualField })).filter((l) => l.compact.length >= 6),
);

const column = new Int32Array(64);
const nextColumn = new Int32Array(64);

/**
 * The fewest edits (substitutions, insertions, deletions) that make `pattern` occur somewhere in
 * `text` (Sellers' dynamic programme: the text's prefix before the occurrence is free).
 */
export function substringEditCost(text: string, pattern: string): number {
  const m = pattern.length;
  const cost = m < column.length ? column : new Int32Array(m + 1);
  const next = m < nextColumn.length ? nextColumn : new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) cost[i] = i;
  let best = m;
  let a = cost;
  let b = next;
  for (let j = 0; j < text.length; j++) {
    const ch = text.charCodeAt(j);
    b[0] = 0;
    for (let i = 1; i <= m; i++) {
      const substitute = a[i - 1]! + (pattern.charCodeAt(i - 1) === ch ? 0 : 1);
      const insert = a[i]! + 1;
      const remove = b[i - 1]! + 1;
      b[i] = Math.min(substitute, insert, remove);
    }
    if (b[m]! < best) best = b[m]!;
    const t = a;
    a = b;
    b = t;
  }
  return best;
}
