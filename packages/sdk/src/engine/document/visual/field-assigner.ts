import {
  type AssignableField,
  type CandidateContext,
  type FieldCandidate,
  candidateFeatureNames,
  fieldCandidates,
  afterOtherFieldsLabel,
  fuzzyLabelSearch,
} from './field-candidates.ts';
import { mixedAlphabetDoubts } from './accent-alphabets.ts';
import { candidateContext, contextFeatureNames } from './candidate-context.ts';
import { isNationalityWord, nationalityWordDoubts } from './nationality-words.ts';
import { eitherWayRound } from './printed-dates.ts';
import { type FoundFields, type LabelledLine, type PrintedField, spanBox } from './printed-fields.ts';
import { isLabelText } from './match-label.ts';
import { dayOrdinal, isIssueDateFor } from '../validity-period.ts';

/**
 * Gradient-boosted trees (models/training/train_field_assigner.py, exported from scikit-learn): each
 * tree's nodes as parallel arrays — split feature (−2 at a leaf), threshold (`x ≤ t` goes left),
 * children, and the leaf's value already scaled by the learning rate.
 */
export interface BoostedTrees {
  /** Log-odds before the first tree. */
  base: number;
  /** Per field, the least probability that counts (chosen for ≤ 0.5 % wrong on generated documents). */
  thresholds: Readonly<Record<string, number>>;
  trees: ReadonlyArray<{ f: readonly number[]; t: readonly number[]; l: readonly number[]; r: readonly number[]; v: readonly number[] }>;
}

/**
 * Two questions asked of every candidate, because a wrong field and a misread letter fail apart:
 * `assign` — is this span this field's value at all (below its threshold the field stays empty)? —
 * and `read` — is the value read exactly (below its threshold it is returned marked uncertain)?
 * With `assignAlone`, `assign` is a second look: `assignAlone` scores each candidate on its own
 * features, and `assign` weighs those features with what that first look says of the page's other
 * candidates (`candidateContext`, after the features in `features`).
 */
export interface FieldAssignerModel {
  features: readonly string[];
  assignAlone?: BoostedTrees;
  assign: BoostedTrees;
  read: BoostedTrees;
}

/**
 * The assign score of each candidate (in their order): the first look's alone, or — for a model with
 * a second look — the second look's over the first's context. Throws for a model trained on other
 * features than the engine computes.
 */
export function assignScores(model: FieldAssignerModel, candidates: readonly FieldCandidate[]): number[] {
  const expected = model.assignAlone ? [...candidateFeatureNames, ...contextFeatureNames] : candidateFeatureNames;
  if (model.features.length !== expected.length || model.features.some((f, i) => f !== expected[i])) {
    throw new Error('the field assigner model was trained on other features than the engine computes');
  }
  const firstLook = model.assignAlone;
  if (!firstLook) return candidates.map((c) => candidateScore(model.assign, c.features));
  const alone = candidates.map((c) => candidateScore(firstLook, c.features));
  const context = candidateContext(candidates, alone);
  return candidates.map((c, i) => candidateScore(model.assign, [...c.features, ...context[i]!]));
}

/** The probability the trees give for a candidate's features. */
export function candidateScore(model: BoostedTrees, x: readonly number[]): number {
  let sum = model.base;
  for (const tree of model.trees) {
    let node = 0;
    while (tree.l[node]! >= 0) node = x[tree.f[node]!]! <= tree.t[node]! ? tree.l[node]! : tree.r[node]!;
    sum += tree.v[node]!;
  }
  return 1 / (1 + Math.exp(-sum));
}

/** A field the assigner read, with the score that let it in and whether its reading is in doubt. */
export interface AssignedField extends PrintedField {
  field: AssignableField;
  score: number;
  uncertain: boolean;
}

/**
 * How much the assign model must believe a value the label rules found (`findPrintedFields`) for a
 * field it left empty before that value is taken: the rules find values by their labels, which the
 * model weighs against everything else on the page; where the model is unsure of every candidate but
 * does not object to the rules' one, the two together are right more often than either alone
 * (`test/support/procedural/compare-assigners.ts`; docs/documents.md). The rules' document number
 * stands wherever the model placed none: the rules also find it without a label, after the title or
 * alone in a corner, where the generated layouts the model learned from never print it, so the
 * model's score says nothing there (0.06 for a number after the title on a clean card).
 */
export const ruleConfirmation: Readonly<Partial<Record<AssignableField, number>>> & { default: number } = {
  default: 0.2,
  documentNumber: 0,
};

/**
 * Which printed value is which field, decided by the learned model instead of label rules: every
 * candidate (`fieldCandidates`) is scored but those after another field's label; the best-scored are
 * taken first, each field once and each piece of a line for one field only, and only at or above the field's threshold. A field still
 * empty then takes the value the label rules found for it (`ruleFields`) if the model scores that
 * same value at its `confirmation` or more; otherwise it is left empty rather than filled with a guess. A
 * value the reading model doubts, or the rules flagged, is `uncertain`; so is a nationality a letter or
 * two from a known word (a misread one), a name that is a nationality word (another field's value), and
 * a value with a word whose accents no one language's alphabet holds together (`mixesAlphabets`).
 */
export function assignFields(
  model: FieldAssignerModel,
  lines: readonly LabelledLine[],
  ctx: CandidateContext,
  rules: FoundFields = { fields: [], invalidCharacterFields: [] },
  confirmation: typeof ruleConfirmation = ruleConfirmation,
): AssignedField[] {
  const fuzzy = fuzzyLabelSearch();
  const candidates = fieldCandidates(lines, ctx);
  const scores = assignScores(model, candidates);
  // The read model's score, asked for ties among sure candidates and for those taken: once each.
  const reads = new Map<FieldCandidate, number>();
  const readScore = (c: FieldCandidate) => reads.get(c) ?? reads.set(c, candidateScore(model.read, c.features)).get(c)!;
  const scored = candidates
    .map((c, i) => ({ c, score: scores[i]! }))
    // Never a value after another field's label, however sure the model is: the label printed
    // before a value is the best evidence of its field there is, and on a layout the model never saw
    // it scored the date of issue of a French card's back as the holder's birth date, undoubted
    // (`pnpm eval printed`, id_card_td2_a/back). A label misread as another field's costs a value
    // (left empty), not a wrong one.
    // Nor a value that is itself a label (`isLabelText`), nor a sex away from the page's sex label.
    .filter(({ c }) => !afterOtherFieldsLabel(c, lines, fuzzy) && !isLabelText(c.value.text) && !sexAwayFromItsLabel(c))
    .sort((a, b) => Math.min(b.score, sureAssignScore) - Math.min(a.score, sureAssignScore) || readScore(b.c) - readScore(a.c));
  const filled = new Set<AssignableField>();
  const used: FieldCandidate[] = [];
  const out: AssignedField[] = [];
  const free = (c: FieldCandidate) => !filled.has(c.field) && !used.some((u) => u.span.line === c.span.line && u.start < c.end && c.start < u.end);
  const taken = new Map<AssignableField, FieldCandidate>();
  const assigned = (c: FieldCandidate, score: number, flagged: boolean): AssignedField => ({
    field: c.field,
    text: c.value.text,
    box: spanBox(lines[c.span.line]!, c.start, c.end),
    confidence: c.features[candidateFeatureNames.indexOf('meanConfidence')] ?? 0,
    date: c.value.date,
    score,
    uncertain:
      flagged ||
      readScore(c) < (model.read.thresholds[c.field] ?? 1) ||
      nationalityWordDoubts(c.field, c.value.text) ||
      mixedAlphabetDoubts(c.field, c.value.text) ||
      (ctx.dateOrderContested === true && c.value.date !== null && eitherWayRound(c.value.date)),
  });
  const take = (c: FieldCandidate, score: number, flagged: boolean) => {
    filled.add(c.field);
    used.push(c);
    taken.set(c.field, c);
    out.push(assigned(c, score, flagged));
  };
  for (const { c, score } of scored) {
    if (score >= (model.assign.thresholds[c.field] ?? 1) && free(c)) take(c, score, false);
  }
  for (const rule of rules.fields) {
    const confirmAt = confirmation[rule.field as AssignableField] ?? confirmation.default;
    const match = scored.find(({ c, score }) => c.field === rule.field && score >= confirmAt && sameValue(c, rule) && free(c));
    if (match) take(match.c, match.score, rules.invalidCharacterFields.includes(rule.field));
  }
  // Evidence beyond the model's threshold and the rules: a value one of these finds is taken if its piece of line is free.
  const takeIfFree = (found: ScoredCandidate | null) => {
    if (found && free(found.c)) take(found.c, found.score, false);
  };
  if (!filled.has('nationality')) takeIfFree(listedNationality(scored, lines, ctx, confirmation.default));
  for (const [field, partner] of namePartners) {
    const beside = taken.get(partner);
    if (!filled.has(field) && beside && !out.find((f) => f.field === partner)?.uncertain) takeIfFree(stackedName(scored, lines, field, beside));
  }
  const swapped = validityDatesSwapped(taken.get('dateOfIssue'), taken.get('dateOfExpiry'));
  if (!swapped) return out;
  // Each value taken again as the other field's candidate, and judged as that (its read score).
  const counterpart = (c: FieldCandidate, field: AssignableField) =>
    candidates.find((o) => o.field === field && o.span.line === c.span.line && o.start === c.start && o.end === c.end);
  const asExpiry = counterpart(swapped.issue, 'dateOfExpiry');
  const asIssue = counterpart(swapped.expiry, 'dateOfIssue');
  if (!asExpiry || !asIssue) return out;
  return [
    ...out.filter((f) => f.field !== 'dateOfIssue' && f.field !== 'dateOfExpiry'),
    ...[asIssue, asExpiry].map((c) => assigned(c, scores[candidates.indexOf(c)]!, false)),
  ];
}

/** A candidate with its assign score. */
type ScoredCandidate = { c: FieldCandidate; score: number };

/**
 * Assign scores at or above this are all as sure, their order the read model's: the trees saturate
 * near 1, and of an issue date and an expiry both scored 0.9999 as the expiry the one first on the
 * page was taken — the issue date, to which the read model, for an expiry in the past, gave 0.001.
 */
const sureAssignScore = 0.999;

/**
 * An issue date and an expiry whole years apart (`isIssueDateFor`), the issue the later: the two
 * dates of the document's validity, each placed on the other's field. A document is issued before it
 * expires, so the earlier is the issue date. On the generated check pages the trees scored an
 * unlabelled expiry ten years ahead as the issue date above the date under `data eliberării`
 * (0.99996 to 0.99986): the two came back swapped on 28 of the 66 pages that print both. Dates not
 * whole years apart are left as placed (the order check doubts both, `implausiblePrintedDates`):
 * nothing says they are that pair.
 */
function validityDatesSwapped(issue: FieldCandidate | undefined, expiry: FieldCandidate | undefined): { issue: FieldCandidate; expiry: FieldCandidate } | null {
  const [i, e] = [issue?.value.date, expiry?.value.date];
  // Whole years apart means both dates are complete: their ordinals are numbers.
  if (!issue || !expiry || !i || !e || !isIssueDateFor(e, i)) return null;
  return dayOrdinal(i)! > dayOrdinal(e)! ? { issue, expiry } : null;
}

/** How far down the page its header reaches: the issuing state's name stands there, not the holder's nationality. */
const headerShare = 0.25;

/**
 * The nationality printed as a word of the list (`isNationalityWord`: `DANSK`, `SUOMI`, `ESPAÑOLA`)
 * where the model placed none: its best-scored candidate below the header, if the model scores it
 * at `confirmAt` (the label rules' confirmation) or more and no other listed word stands there as a
 * nationality candidate. The list is the evidence a label gives elsewhere: on the generated check pages
 * nationalities printed without a label, read exactly, scored 0.003–0.83 under a threshold of 0.83.
 */
function listedNationality(
  scored: readonly ScoredCandidate[],
  lines: readonly LabelledLine[],
  ctx: CandidateContext,
  confirmAt: number,
): ScoredCandidate | null {
  const listed = scored.filter(
    ({ c }) => c.field === 'nationality' && isNationalityWord(c.value.text) && lines[c.span.line]!.box.y >= headerShare * ctx.height,
  );
  if (new Set(listed.map(({ c }) => c.value.text.toUpperCase())).size !== 1) return null;
  return listed[0]!.score >= confirmAt ? listed[0]! : null;
}

/** Each name field and the partner it is printed under (the given names) or over (the surname). */
const namePartners: ReadonlyArray<readonly [AssignableField, AssignableField]> = [
  ['lastName', 'firstName'],
  ['firstName', 'lastName'],
];

/** The lowest assign score at which a name stacked on its partner is taken (`stackedName`). */
const stackedNameScore = 0.5;

/**
 * The empty name field's value where it is printed stacked on its partner: the nearest line in the
 * partner's column, over the given names for the surname and under the surname for the given names,
 * 0.5–2.5 line heights away, read whole as the field's candidate and scored `stackedNameScore` or
 * more. Surname over given names is the ICAO 9303 order and the EU cards'. On the generated check
 * pages unlabelled surnames read exactly scored 0.5–0.97, under a threshold of 0.97, while the given
 * names under them were taken sure.
 */
function stackedName(
  scored: readonly ScoredCandidate[],
  lines: readonly LabelledLine[],
  field: AssignableField,
  partner: FieldCandidate,
): ScoredCandidate | null {
  const home = lines[partner.span.line]!.box;
  const direction = field === 'lastName' ? -1 : 1;
  const away = (i: number) => (direction * (lines[i]!.box.y - home.y)) / home.height;
  const nearest = lines
    .map((_, i) => i)
    .filter((i) => Math.abs(lines[i]!.box.x - home.x) < 1.5 * home.height && away(i) > 0.5 && away(i) < 2.5)
    .sort((a, b) => away(a) - away(b))[0];
  if (nearest === undefined) return null;
  // `scored` runs from the surest down: the first whole-line candidate is the best.
  const best = scored.find(({ c }) => c.field === field && c.span.line === nearest && c.start === 0 && c.end === lines[nearest]!.text.length);
  return best && best.score >= stackedNameScore ? best : null;
}

/** Whether a candidate reads as the rules' value: the same date, or the same text. */
function sameValue(c: FieldCandidate, rule: PrintedField): boolean {
  if (c.value.date && rule.date) return c.value.date.year === rule.date.year && c.value.date.month === rule.date.month && c.value.date.day === rule.date.day;
  return c.value.text === rule.text;
}

const sexLabelFeatures = ['ownLabelSame', 'aboveLabelSame', 'leftLabelSame', 'aboveFuzzySame', 'prefixFuzzySame'].map((n) => candidateFeatureNames.indexOf(n));
const sameLabelsOnPage = candidateFeatureNames.indexOf('sameLabelsOnPage');
const nearestSameLabelDy = candidateFeatureNames.indexOf('nearestSameLabelDy');
const nearestSameLabelDx = candidateFeatureNames.indexOf('nearestSameLabelDx');

/**
 * A sex value that stands by no sex label (on its line, above it, to its left, fuzzily matched too)
 * on a page that prints one: a lone letter elsewhere is not the sex the page labels. On a held-out
 * template the trees took an `F` read from a seal's ring over the `M` under `SEX`; on the generated
 * check pages this veto turns 3 wrong sexes into 1 (`pnpm eval printed`, docs/documents.md).
 */
function sexAwayFromItsLabel(c: FieldCandidate): boolean {
  return c.field === 'sex' && c.features[sameLabelsOnPage]! > 0 && sexLabelFeatures.every((i) => !c.features[i]) && !underNearestSameLabel(c);
}

/**
 * Whether the page's nearest label of the candidate's field stands just above it, in its column: a
 * label in two languages on two lines whose lower one the reader garbled (`Spol:` over `SCx:` over
 * `F`) is still the value's label, though not the line above it.
 */
function underNearestSameLabel(c: FieldCandidate): boolean {
  const dy = c.features[nearestSameLabelDy]!;
  return dy > 0 && dy <= 3.5 && Math.abs(c.features[nearestSameLabelDx]!) <= 1.5;
}
