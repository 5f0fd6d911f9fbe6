import { describe, expect, it } from 'vitest';
import { candidateFeatureNames, fieldCandidates } from './field-candidates.ts';
import { labelLines, type PrintedLine } from './printed-fields.ts';

const line = (text: string, y: number, height = 20): PrintedLine => ({
  text,
  confidences: [...text].map(() => 0.99),
  positions: [...text].map((_, i) => (i + 0.5) / text.length),
  box: { x: 40, y, width: text.length * 12, height },
});

const ctx = { width: 800, height: 500, dateOrder: 'DMY' as const, now: new Date(Date.UTC(2026, 5, 15)) };

/** The named features of the candidate of `field` whose value is `text`. */
function featuresOf(lines: PrintedLine[], field: string, text: string): Record<string, number> {
  const found = fieldCandidates(labelLines(lines, null), ctx).find((c) => c.field === field && c.value.text === text);
  if (!found) throw new Error(`no ${field} candidate ${text}`);
  return Object.fromEntries(candidateFeatureNames.map((name, i) => [name, found.features[i]!]));
}

describe('field candidates', () => {
  it('take a sex only from a word of its own: not a unit after a number, not a letter glued to digits or after a digit and a sign', () => {
    const sexes = (text: string) =>
      fieldCandidates(labelLines([line(text, 40)], null), ctx)
        .filter((c) => c.field === 'sex')
        .map((c) => c.value.text);
    for (const text of ['1,53 m', '175 cm', '05/06/202F', 'DNITN4:H']) expect(sexes(text), text).toEqual([]);
    for (const [text, sex] of [
      ['F', 'F'],
      ['SEX: M', 'M'],
      ['Sukupuol1 F', 'F'],
      ['M/M', 'M'],
    ])
      expect(sexes(text!), text).toContain(sex);
  });

  it('tell the second value line under a label by the fields that label names', () => {
    // Given names under the surname beneath one label; a permit's type on two lines.
    const page = [
      line('NAME, Vornamen / SURNAME, Given names', 40, 12),
      line('KOVAČ', 60),
      line('MARTA', 85),
      line('Art des Titels / Type of permit', 140, 12),
      line('LONG-TERM RESIDENT', 160),
      line('EMPLOYMENT PERMITTED', 185),
    ];
    const surnameLine = featuresOf(page, 'lastName', 'KOVAČ');
    expect([surnameLine.aboveLabelSame, surnameLine.secondUnderLabelSame]).toEqual([1, 0]);
    const givenNames = featuresOf(page, 'firstName', 'MARTA');
    expect([givenNames.aboveLabelSame, givenNames.secondUnderLabelSame, givenNames.secondUnderLabelOther]).toEqual([0, 1, 0]);
    const permitSecondLine = featuresOf(page, 'issuingAuthority', 'EMPLOYMENT PERMITTED');
    expect([permitSecondLine.secondUnderLabelSame, permitSecondLine.secondUnderLabelOther]).toEqual([0, 1]);
    // A line under its own label is no second line.
    const permitFirstLine = featuresOf(page, 'issuingAuthority', 'LONG-TERM RESIDENT');
    expect([permitFirstLine.aboveLabelOther, permitFirstLine.secondUnderLabelOther]).toEqual([1, 0]);
  });

  it('find no second line under a label when the line above is unlabelled text of its own', () => {
    const page = [line('KOVAČ', 60), line('MARTA', 85)];
    const second = featuresOf(page, 'firstName', 'MARTA');
    expect([second.secondUnderLabelSame, second.secondUnderLabelOther]).toEqual([0, 0]);
  });
});

describe('field candidates and specimen stamps', () => {
  const valuesOf = (texts: string[]) =>
    fieldCandidates(
      labelLines(
        texts.map((text, i) => line(text, 40 + i * 25)),
        null,
      ),
      ctx,
    ).map((c) => `${c.field}=${c.value.text}`);

  it('take no stamp across the fields for a name, place or authority, in any of its languages', () => {
    for (const stamp of ['SPECIMEN', 'Spécimen', 'MUSTER', 'WZÓR', 'VZOR', 'MINTA', 'PRØVE', 'FAC-SIMILE', 'Fake Document', 'SPECIMEN / MUSTER']) {
      const values = valuesOf(['Surname / Nom', 'ERIKSSON', 'Given names / Prénoms', stamp, 'Place of birth', 'UPPSALA']);
      expect(values, stamp).toEqual(expect.arrayContaining(['lastName=ERIKSSON', 'placeOfBirth=UPPSALA']));
      expect(
        values.filter((v) => v.endsWith(`=${stamp}`)),
        stamp,
      ).toEqual([]);
    }
  });

  it('still take names that hold a stamp word, or a stamp word beside other words', () => {
    const values = valuesOf(['Surname', 'MUSTERMANN', 'Given names', 'ERIKA', 'Authority', 'SPECIMEN OFFICE BERLIN']);
    expect(values).toEqual(expect.arrayContaining(['lastName=MUSTERMANN', 'firstName=ERIKA', 'issuingAuthority=SPECIMEN OFFICE BERLIN']));
  });
});
