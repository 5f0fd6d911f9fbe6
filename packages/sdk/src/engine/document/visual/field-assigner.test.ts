import { describe, expect, it } from 'vitest';
import { contextFeatureNames } from './candidate-context.ts';
import { assignFields, assignScores, candidateScore, type FieldAssignerModel } from './field-assigner.ts';
import { candidateFeatureNames } from './field-candidates.ts';
import { findPrintedFields, labelLines, type PrintedLine } from './printed-fields.ts';

const feature = (name: string) => {
  const i = candidateFeatureNames.indexOf(name);
  if (i < 0) throw new Error(`no feature ${name}`);
  return i;
};

/** One stump: `feature ≤ 0.5` gives `low`, else `high` (log-odds). */
const stump = (name: string, low: number, high: number) => ({ f: [feature(name), -2, -2], t: [0.5, 0, 0], l: [1, -1, -1], r: [2, -1, -1], v: [0, low, high] });

const thresholds = Object.fromEntries(
  ['lastName', 'firstName', 'dateOfBirth', 'documentNumber', 'additionalNameInformation', 'nationality'].map((f) => [f, 0.9]),
);

/**
 * A model that believes a value when its own line's label names its field, and distrusts everything
 * else; it trusts the reading of a value read with high confidence.
 */
const labelBeliever: FieldAssignerModel = {
  features: candidateFeatureNames,
  assign: { base: 0, thresholds, trees: [stump('ownLabelSame', -4, 4)] },
  read: { base: 0, thresholds, trees: [stump('minConfidence', -4, 4)] },
};

const line = (text: string, y: number, x = 40): PrintedLine => ({
  text,
  confidences: [...text].map(() => 0.99),
  positions: [...text].map((_, i) => (i + 0.5) / text.length),
  box: { x, y, width: text.length * 12, height: 20 },
});

const ctx = { width: 800, height: 500, dateOrder: 'DMY' as const, now: new Date(Date.UTC(2026, 5, 15)) };

describe('field assigner', () => {
  it('scores a candidate as the sigmoid of the base and the leaves its features reach', () => {
    const x = candidateFeatureNames.map(() => 0);
    x[feature('ownLabelSame')] = 1;
    const trees = { base: -1, thresholds, trees: [stump('ownLabelSame', -4, 2), stump('hasLower', 0.5, -3)] };
    expect(candidateScore(trees, x)).toBeCloseTo(1 / (1 + Math.exp(-(-1 + 2 + 0.5))), 10);
  });

  it('takes each field from the candidate the model believes, each value once; a field nobody vouches for stays empty', () => {
    const lines = labelLines([line('SURNAME: MÜLLER', 40), line('GIVEN NAMES: ANNA MARIA', 80), line('14.07.1986', 120), line('AB1234567', 160)], null);
    const fields = assignFields(labelBeliever, lines, ctx);
    const byField = Object.fromEntries(fields.map((f) => [f.field, f.text]));
    expect(byField).toEqual({ lastName: 'MÜLLER', firstName: 'ANNA MARIA' });
    // The unlabelled date and number score below their thresholds: left out, not guessed.
    expect(fields.every((f) => f.score >= 0.9 && !f.uncertain)).toBe(true);
  });

  it("returns a name in doubt whose accents no one language's alphabet holds together", () => {
    const lines = labelLines([line('SURNAME: SĮMÕES', 40), line('GIVEN NAMES: ŠARŪNAS', 80)], null);
    const doubted = Object.fromEntries(assignFields(labelBeliever, lines, ctx).map((f) => [f.text, f.uncertain]));
    expect(doubted).toEqual({ SĮMÕES: true, ŠARŪNAS: false });
  });

  it("never takes a value after another field's dictionary label, however sure the model is", () => {
    // A model sure of exactly those values (the eval's French card back: its date of issue scored as a birth date).
    const otherLabelBeliever: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds, trees: [stump('ownLabelOther', -6, 6)] },
      read: labelBeliever.read,
    };
    const lines = labelLines([line('SURNAME: MÜLLER', 40), line('délivrée le 15 01 2019', 80)], null);
    expect(lines[1]!.segments.map((s) => s.label.field)).toEqual(['dateOfIssue']);
    expect(assignFields(otherLabelBeliever, lines, ctx)).toEqual([]);
  });

  it("gives a date in a labelled date's value to that label's field only, whichever piece of the line is scored", () => {
    const believesAll: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 6, thresholds: { ...thresholds, dateOfIssue: 0.9, dateOfExpiry: 0.9 }, trees: [] },
      read: labelBeliever.read,
    };
    const lines = labelLines([line('délivrée le15 01 2019', 80)], null);
    const taken = assignFields(believesAll, lines, ctx).filter((f) => f.text.includes('2019'));
    expect(taken.map((f) => f.field)).toEqual(['dateOfIssue']);
    // The label read with a letter lost ("le" → "e"): no dictionary match, the same refusal.
    const misread = labelLines([line('délivrée e10 05 2018', 80)], null);
    expect(misread[0]!.segments).toEqual([]);
    expect(assignFields(believesAll, misread, ctx).filter((f) => f.field !== 'dateOfIssue' && f.text.includes('2018'))).toEqual([]);
  });

  it("takes a number printed after the document's title: the title's words are no field's label", () => {
    const believesAll: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 6, thresholds: { ...thresholds, documentNumber: 0.9 }, trees: [] },
      read: labelBeliever.read,
    };
    const numberAfter = (text: string) =>
      assignFields(believesAll, labelLines([line(text, 40)], null), ctx)
        .filter((f) => f.field === 'documentNumber')
        .map((f) => f.text);
    // NATIONALE is a letter or two from a nationality label; inside the title it is none.
    expect(numberAfter("CARTE NATIONALE D'IDENTITÉ N: NJ6V5CB93")).toContain('NJ6V5CB93');
    // The same word as a label of its own still holds the number off.
    expect(numberAfter('NATIONALE N: NJ6V5CB93')).toEqual([]);
  });

  it('never takes a label as a value: a bilingual label whose other half the reader garbled, however sure the model is', () => {
    const believesAll: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 6, thresholds: { ...thresholds, placeOfBirth: 0.9 }, trees: [] },
      read: labelBeliever.read,
    };
    // "SEX/SESSO" read "SEK/SESSO": no label the dictionary matches at its start, so the line is a value's
    // (a place of birth's, say).
    const lines = labelLines([line('SEK/SESSO', 40), line('ERIKSSON', 80)], null);
    expect(lines[0]!.segments).toEqual([]);
    const fields = assignFields(believesAll, lines, ctx);
    expect(fields.map((f) => f.text)).toContain('ERIKSSON');
    expect(fields.filter((f) => f.text.includes('SESSO'))).toEqual([]);
  });

  it("knows a residence permit's type and remarks as labels of no field: their values are not taken for the authority", () => {
    // A model that believes any issuing authority not under another field's label (the held-out
    // permit card's type of permit was taken for the authority so).
    const believesUnlabelled: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: {
        base: 0,
        thresholds: { ...thresholds, issuingAuthority: 0.9 },
        trees: [stump('field=issuingAuthority', -10, 0), stump('aboveLabelOther', 4, -6)],
      },
      read: labelBeliever.read,
    };
    const small = (text: string, y: number): PrintedLine => ({ ...line(text, y), box: { x: 40, y, width: text.length * 8, height: 12 } });
    const values = [line('SOGGIORNANTE DI LUNGO PERIODO', 60), line('AUTORIZZA AL LAVORO', 120)];
    const alone = assignFields(believesUnlabelled, labelLines(values, null), ctx);
    expect(alone.map((f) => f.field)).toContain('issuingAuthority');
    const labelled = labelLines([small('Tipo di permesso', 40), values[0]!, small('Annotazioni', 100), values[1]!], null);
    expect(assignFields(believesUnlabelled, labelled, ctx)).toEqual([]);
  });

  it('takes no sex away from the sex label a page prints, however sure the model is; a lone letter is the sex only on a page without one', () => {
    // A model that prefers a sex with no label above it (the trees took an F read from a seal's ring so).
    const prefersUnlabelled: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds: { ...thresholds, sex: 0.9 }, trees: [stump('field=sex', -10, 0), stump('aboveLabelSame', 4, -4)] },
      read: labelBeliever.read,
    };
    const small = (text: string, y: number, x = 40): PrintedLine => ({ ...line(text, y, x), box: { x, y, width: text.length * 8, height: 12 } });
    const labelled = labelLines([small('SEX', 40), line('M', 56), line('F', 200, 400)], null);
    expect(assignFields(prefersUnlabelled, labelled, ctx).filter((f) => f.field === 'sex')).toEqual([]);
    const unlabelled = labelLines([line('F', 200, 400)], null);
    expect(assignFields(prefersUnlabelled, unlabelled, ctx).find((f) => f.field === 'sex')?.text).toBe('F');
  });

  it('takes a sex under its label printed in two languages on two lines, the lower one garbled, as standing by its label', () => {
    const believesSex: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds: { ...thresholds, sex: 0.9 }, trees: [stump('field=sex', -10, 10)] },
      read: labelBeliever.read,
    };
    const small = (text: string, y: number, x = 40): PrintedLine => ({ ...line(text, y, x), box: { x, y, width: text.length * 8, height: 12 } });
    // `Spol:` (Croatian), then `Sex:` read `SCx:`, then the value: its label is two lines up.
    const stacked = labelLines([small('Spol:', 40), small('SCx:', 54), line('F', 70)], null);
    expect(assignFields(believesSex, stacked, ctx).find((f) => f.field === 'sex')?.text).toBe('F');
    // A letter elsewhere on that page is still not its sex.
    const elsewhere = labelLines([small('Spol:', 40), small('SCx:', 54), line('F', 200, 400)], null);
    expect(assignFields(believesSex, elsewhere, ctx).filter((f) => f.field === 'sex')).toEqual([]);
  });

  it('takes a nationality printed as a listed word the model half believes, not one of two listed words, nor the state named in the header', () => {
    // A model that gives every nationality candidate 0.5: under its threshold (0.9), over the rules' confirmation (0.2).
    const halfBelieves: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds, trees: [stump('field=nationality', -10, 0)] },
      read: labelBeliever.read,
    };
    const nationality = (lines: PrintedLine[]) => assignFields(halfBelieves, labelLines(lines, null), ctx).find((f) => f.field === 'nationality')?.text;
    expect(nationality([line('HANSEN', 200), line('DANSK', 240)])).toBe('DANSK');
    // Not a listed word, two listed words, or the header's state name: left empty.
    expect(nationality([line('HANSEN', 200), line('DANSKI', 240)])).toBeUndefined();
    expect(nationality([line('DANSK', 200), line('SVENSK', 240)])).toBeUndefined();
    expect(nationality([line('ÖSTERREICH', 40), line('HANSEN', 200)])).toBeUndefined();
  });

  it('takes a name the model half believes stacked on its partner: the surname over the given names, the given names under the surname', () => {
    // Sure of a labelled value; gives the stacked field's unlabelled candidates 0.6 (under its threshold, over 0.5).
    const stackedBeliever = (field: string): FieldAssignerModel => ({
      features: candidateFeatureNames,
      assign: { base: -10, thresholds, trees: [stump('ownLabelSame', 0, 20), stump(`field=${field}`, 0, 10.4)] },
      read: labelBeliever.read,
    });
    const name = (field: string, lines: PrintedLine[]) =>
      assignFields(stackedBeliever(field), labelLines(lines, null), ctx).find((f) => f.field === field)?.text;
    expect(name('lastName', [line('NOWAK', 200), line('GIVEN NAMES: ANNA', 230)])).toBe('NOWAK');
    expect(name('firstName', [line('SURNAME: NOWAK', 200), line('ANNA', 230)])).toBe('ANNA');
    // Not under the given names, not in their column, not three lines away: left empty.
    expect(name('lastName', [line('GIVEN NAMES: ANNA', 200), line('NOWAK', 230)])).toBeUndefined();
    expect(name('lastName', [line('NOWAK', 200, 400), line('GIVEN NAMES: ANNA', 230)])).toBeUndefined();
    expect(name('lastName', [line('NOWAK', 170), line('GIVEN NAMES: ANNA', 230)])).toBeUndefined();
    // Nor beside given names whose reading is doubted.
    const doubted = { ...line('GIVEN NAMES: ANNA', 230), confidences: [...'GIVEN NAMES: ANNA'].map(() => 0.3) };
    expect(name('lastName', [line('NOWAK', 200), doubted])).toBeUndefined();
  });

  it('takes of two values the model is equally sure of (its scores saturate) the one the read model believes', () => {
    // Sure of every date as the expiry; the read model believes only a value beside its own label.
    const sureOfDates: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds: { ...thresholds, dateOfExpiry: 0.9 }, trees: [stump('field=dateOfExpiry', -12, 12)] },
      read: { base: 0, thresholds: { ...thresholds, dateOfExpiry: 0.9 }, trees: [stump('ownLabelSame', -4, 4)] },
    };
    const lines = labelLines([line('11.02.2022', 40), line('EXPIRY: 11.02.2028', 80)], null);
    const expiry = assignFields(sureOfDates, lines, ctx).find((f) => f.field === 'dateOfExpiry');
    expect([expiry?.text, expiry?.uncertain]).toEqual(['11.02.2028', false]);
  });

  it('gives the earlier of an issue date and an expiry whole years apart to the issue, however the model placed them', () => {
    // A model that takes a date ahead of today for the issue and one behind it for the expiry (the
    // trees placed an unlabelled expiry on the issue so, over the date under its label).
    const yearsAgo = feature('yearsAgo');
    const split = (f: number, t: number, l: number, r: number) => ({ f, t, l, r });
    const nodes = [split(feature('field=dateOfIssue'), 0.5, 1, 2), split(yearsAgo, 0, 3, 4), split(yearsAgo, 0, 5, 6)];
    const leaves = [-4, 4, 4, -4];
    const tree = {
      f: [...nodes.map((n) => n.f), -2, -2, -2, -2],
      t: [...nodes.map((n) => n.t), 0, 0, 0, 0],
      l: [...nodes.map((n) => n.l), -1, -1, -1, -1],
      r: [...nodes.map((n) => n.r), -1, -1, -1, -1],
      v: [0, 0, 0, ...leaves],
    };
    const swapsValidity: FieldAssignerModel = {
      features: candidateFeatureNames,
      assign: { base: 0, thresholds: { dateOfIssue: 0.9, dateOfExpiry: 0.9 }, trees: [tree] },
      read: { ...labelBeliever.read, thresholds: { dateOfIssue: 0.9, dateOfExpiry: 0.9 } },
    };
    const placed = (texts: string[]) =>
      Object.fromEntries(
        assignFields(
          swapsValidity,
          labelLines(
            texts.map((t, i) => line(t, 40 + 40 * i)),
            null,
          ),
          ctx,
        ).map((f) => [f.field, [f.text, f.uncertain]]),
      );
    // Ten years less a day: the pair of a document's validity, the earlier its issue.
    expect(placed(['15.03.2019', '14.03.2029'])).toEqual({ dateOfIssue: ['15.03.2019', false], dateOfExpiry: ['14.03.2029', false] });
    // Not whole years apart: nothing says they are that pair; left as placed (the order check doubts both).
    expect(placed(['15.03.2019', '02.07.2029'])).toEqual({ dateOfIssue: ['02.07.2029', false], dateOfExpiry: ['15.03.2019', false] });
  });

  it('returns a rightly placed value it doubts the reading of as uncertain', () => {
    const lines = labelLines([line('SURNAME: MÜLLER', 40), { ...line('GIVEN NAMES: ANNA', 80), confidences: [...'GIVEN NAMES: ANNA'].map(() => 0.3) }], null);
    const fields = assignFields(labelBeliever, lines, ctx);
    expect(fields.map((f) => [f.field, f.text, f.uncertain])).toEqual([
      ['lastName', 'MÜLLER', false],
      ['firstName', 'ANNA', true],
    ]);
  });

  it('doubts a nationality that is no listed word, and a name that is a nationality, however sure the reading', () => {
    const read = (nationality: string, surname: string) =>
      assignFields(labelBeliever, labelLines([line(`SURNAME: ${surname}`, 40), line(`NATIONALITY: ${nationality}`, 80)], null), ctx).map((f) => [
        f.field,
        f.text,
        f.uncertain,
      ]);
    expect(read('NEDERLANDSE', 'JANSEN')).toEqual([
      ['lastName', 'JANSEN', false],
      ['nationality', 'NEDERLANDSE', false],
    ]);
    // "L" misread as "I"; the nationality beside the surname taken for it.
    expect(read('NEDERIANDSE', 'SUOMI')).toEqual([
      ['lastName', 'SUOMI', true],
      ['nationality', 'NEDERIANDSE', true],
    ]);
    // A surname taken for the nationality.
    expect(read('SVENSSON', 'JANSEN')).toContainEqual(['nationality', 'SVENSSON', true]);
  });

  it('doubts the dates that could run either way round on a page where a date reads only the other way', () => {
    const dates = (contested: boolean) =>
      assignFields(
        {
          ...labelBeliever,
          assign: { ...labelBeliever.assign, thresholds: { ...thresholds, dateOfExpiry: 0.9 } },
          read: { ...labelBeliever.read, thresholds: { ...thresholds, dateOfExpiry: 0.9 } },
        },
        labelLines([line('DATE OF BIRTH: 05/08/1986', 40), line('DATE OF EXPIRY: 21/05/2031', 80)], null),
        { ...ctx, dateOrderContested: contested },
      ).map((f) => [f.field, f.uncertain]);
    expect(dates(false)).toEqual([
      ['dateOfBirth', false],
      ['dateOfExpiry', false],
    ]);
    // 05/08 is 5 August or 8 May; 21/05 is one date only, whichever way the page runs.
    expect(dates(true)).toEqual([
      ['dateOfBirth', true],
      ['dateOfExpiry', false],
    ]);
  });

  it("takes the label rules' value for a field it is unsure of only when it does not object to that value", () => {
    const lines = labelLines([line('SURNAME: MÜLLER', 40), line('GIVEN NAMES: ANNA', 80)], null);
    const rules = findPrintedFields(lines, { dateOrder: 'DMY', now: ctx.now });
    expect(rules.fields.map((f) => f.text)).toEqual(['MÜLLER', 'ANNA']);
    // Believes labelled values at 0.73: under the fields' thresholds (0.9), over the confirmation (0.2); the objecting one at 0.12.
    const unsure: FieldAssignerModel = { ...labelBeliever, assign: { base: 0, thresholds, trees: [stump('ownLabelSame', -4, 1)] } };
    expect(assignFields(unsure, lines, ctx)).toEqual([]);
    const confirmed = assignFields(unsure, lines, ctx, rules);
    expect(confirmed.map((f) => [f.field, f.text, f.uncertain])).toEqual([
      ['lastName', 'MÜLLER', false],
      ['firstName', 'ANNA', false],
    ]);
    // A rules' value the model flags as doubtful in the rules' own terms stays marked; one it objects to is left out.
    expect(assignFields(unsure, lines, ctx, { ...rules, invalidCharacterFields: ['firstName'] }).find((f) => f.field === 'firstName')?.uncertain).toBe(true);
    const objecting: FieldAssignerModel = { ...labelBeliever, assign: { base: 0, thresholds, trees: [stump('ownLabelSame', -4, -2)] } };
    expect(assignFields(objecting, lines, ctx, rules)).toEqual([]);
  });

  it('gives a value to one field only, even when the model would believe it for two', () => {
    const believesAll: FieldAssignerModel = { ...labelBeliever, assign: { base: 0, thresholds, trees: [stump('kind=afterLabel', 3, 3)] } };
    const lines = labelLines([line('SURNAME: MÜLLER', 40)], null);
    const fields = assignFields(believesAll, lines, ctx);
    expect(fields.map((f) => f.text)).toEqual(['MÜLLER']);
  });

  it('refuses a model trained on other features', () => {
    expect(() => assignFields({ ...labelBeliever, features: ['something else'] }, [], ctx)).toThrow(/other features/);
    // A second look needs the context's features after the candidate's own.
    expect(() => assignFields({ ...labelBeliever, assignAlone: labelBeliever.assign }, [], ctx)).toThrow(/other features/);
  });

  it('with a second look, leaves a field empty that the first look finds twice equally', () => {
    // The first look takes any whole line for a surname; the second believes a surname only where
    // the first found one likely candidate of the field on the page.
    const contextual = (name: string) => candidateFeatureNames.length + contextFeatureNames.indexOf(name);
    const twoLooks: FieldAssignerModel = {
      features: [...candidateFeatureNames, ...contextFeatureNames],
      assignAlone: { base: 0, thresholds: {}, trees: [stump('kind=wholeLine', -4, 4)] },
      assign: { base: 0, thresholds, trees: [{ ...stump('kind=wholeLine', 0, 0), f: [contextual('likelyOfField'), -2, -2], t: [1.5, 0, 0], v: [0, 4, -4] }] },
      read: labelBeliever.read,
    };
    const one = labelLines([line('MÜLLER', 40)], null);
    expect(assignFields(twoLooks, one, ctx).find((f) => f.field === 'lastName')?.text).toBe('MÜLLER');
    const two = labelLines([line('MÜLLER', 40), line('SCHMIDT', 80)], null);
    expect(assignFields(twoLooks, two, ctx).find((f) => f.field === 'lastName')).toBeUndefined();
    // The first look alone would have taken one of them.
    const firstLookOnly: FieldAssignerModel = { ...labelBeliever, assign: { ...twoLooks.assignAlone!, thresholds } };
    expect(assignFields(firstLookOnly, two, ctx).find((f) => f.field === 'lastName')).toBeDefined();
    expect(assignScores(twoLooks, [])).toEqual([]);
  });
});
