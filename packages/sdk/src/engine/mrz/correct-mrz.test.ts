import { describe, expect, it } from 'vitest';
import { correctMrz } from './correct-mrz.ts';
import type { MrzCell } from './mrz-cell.ts';
import { cellsFromText } from '@idlens/test-support/engine/mrz-cells.ts';
import { frenchIdSpecimen, specimens } from '@idlens/test-support/engine/mrz-specimens.ts';

const read = (lines: readonly string[], confidence = 0.99) => lines.map((l) => cellsFromText(l, confidence));

describe('correctMrz', () => {
  it('leaves a correct zone alone', () => {
    const c = correctMrz(read(specimens.TD3))!;
    expect(c.parsed.lines).toEqual(specimens.TD3);
    expect(c.parsed.valid).toBe(true);
    expect(c.uncertain).toEqual([]);
    expect(c.changes).toEqual([]);
  });

  it('coerces symbols by field type: O/0 in the nationality, letters in dates', () => {
    const c = correctMrz(read([specimens.TD3[0], 'L898902C36UT07408I22F12O4159ZE184226B<<<<<10']))!;
    expect(c.parsed.lines[1]).toBe(specimens.TD3[1]);
    expect(c.parsed.valid).toBe(true);
    expect(c.uncertain).toEqual([]);
  });

  it('repairs an alphanumeric field through its check digit when the reader was unsure', () => {
    const cells = read(specimens.TD3);
    // Document number L898902C3 read as L898902G3 with low confidence and C as the runner-up.
    const line2 = [...cells[1]!] as MrzCell[];
    line2[7] = { char: 'G', confidence: 0.55, alternatives: [{ char: 'C', p: 0.4 }] };
    const c = correctMrz([cells[0]!, line2])!;
    expect(c.parsed.fields.documentNumber).toBe('L898902C3');
    expect(c.parsed.valid).toBe(true);
    expect(c.changes).toEqual(['2:8 G→C']);
  });

  it('does not rewrite a confident reading to satisfy a check digit: the field is uncertain', () => {
    const printed = 'L898902C36UTO7408129F1204159ZE184226B<<<<<10'; // birth check digit misprinted
    const c = correctMrz(read([specimens.TD3[0], printed]))!;
    expect(c.parsed.lines[1]).toBe(printed);
    expect(c.parsed.valid).toBe(false);
    expect(c.uncertain).toContain('dateOfBirth');
  });

  it('reports a position that was not read at all instead of guessing it when two values fit', () => {
    const cells = read(specimens.TD3) as MrzCell[][];
    cells[0]![8] = null as unknown as MrzCell; // a name letter: unchecked, cannot be recovered
    const c = correctMrz(cells as never)!;
    expect(c.uncertain).toContain('names');
  });

  it('recovers a single unread digit of a checked field from its check digit', () => {
    const cells = read(specimens.TD3) as Array<Array<MrzCell | null>>;
    cells[1]![15] = null; // birth date 740812 → 74?812
    const c = correctMrz(cells)!;
    expect(c.parsed.fields.dateOfBirth).toBe('740812');
    expect(c.parsed.valid).toBe(true);
  });

  it('turns filler misreads at the end of the names back into fillers', () => {
    const c = correctMrz(read(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<K<<<<<<<<<<<<', specimens.TD3[1]]))!;
    expect(c.parsed.lines[0]).toBe(specimens.TD3[0]);
  });

  it('keeps a state code printed with digits as printed, uncertain, when no coercion makes it a known code', () => {
    const printed = specimens.TD2[1].replace('UTO', '132'); // as on a Romanian card; no check digit covers it
    const c = correctMrz(read([specimens.TD2[0], printed]))!;
    expect(c.parsed.lines[1]).toBe(printed);
    expect(c.uncertain).toEqual(['nationality']);
    expect(c.parsed.valid).toBe(true);
  });

  it('holds the names in doubt when one of their letters was read unsure, even when every check digit holds', () => {
    const cells = read(specimens.TD3) as MrzCell[][];
    cells[0]![26] = { char: 'K', confidence: 0.6, alternatives: [{ char: '<', p: 0.35 }] }; // MARIA<… read MARIAK…
    const c = correctMrz(cells)!;
    expect(c.parsed.valid).toBe(true);
    expect(c.uncertain).toEqual(['names']);
  });

  it('holds the names in doubt when a filler between name letters was read unsure', () => {
    const cells = read(specimens.TD3) as MrzCell[][];
    cells[0]![23] = { char: '<', confidence: 0.6, alternatives: [{ char: 'I', p: 0.35 }] }; // MARIA read MAR<A
    expect(correctMrz(cells)!.uncertain).toEqual(['names']);
  });

  it("holds the fields only the composite covers in doubt when it fails (the French card's names)", () => {
    const cells = read(frenchIdSpecimen) as MrzCell[][];
    cells[0]![9] = { char: 'L', confidence: 0.85, alternatives: [] }; // MARTIN read MARTLN
    const c = correctMrz(cells)!;
    expect(c.parsed.checks.find((k) => k.name === 'compositeCheck')!.ok).toBe(false);
    expect(c.uncertain).toEqual(expect.arrayContaining(['compositeCheck', 'names', 'givenNames', 'sex', 'optional1']));
  });

  it('holds an issuer that is no state code in doubt, even when every check digit holds', () => {
    const c = correctMrz(read([specimens.TD3[0].replace('P<UTO', 'P<UYO'), specimens.TD3[1]]))!;
    expect(c.parsed.fields.issuer).toBe('UYO');
    expect(c.uncertain).toEqual(['issuer']);
    // A nationality left blank (all fillers) is not given, not in doubt (no check digit covers it on TD1).
    const blank = correctMrz(read([specimens.TD1[0], specimens.TD1[1].replace('UTO', '<<<'), specimens.TD1[2]]))!;
    expect(blank.parsed.fields.nationality).toBe('<<<');
    expect(blank.uncertain).toEqual([]);
  });

  it('reports the printed symbols of a checked field whose check digit cannot be satisfied', () => {
    const printed = '7408122F120415UTO<<<<<<<<<<<<6'; // a defective specimen: no expiry check digit
    const c = correctMrz(read([specimens.TD1[0], printed, specimens.TD1[2]]))!;
    expect(c.parsed.lines[1]).toBe(printed); // not 7408122F1204150TO…: a coercion that checks nothing is a guess
    expect(c.uncertain).toContain('dateOfExpiry');
    expect(c.parsed.valid).toBe(false);
  });

  it('reads the French national card layout and repairs it through its check digits', () => {
    const misread = [frenchIdSpecimen[0], frenchIdSpecimen[1].replace('8001014', '80O1014')];
    const c = correctMrz(read(misread))!;
    expect(c.parsed.format.id).toBe('FRA_CNI');
    expect(c.parsed.lines).toEqual(frenchIdSpecimen);
    expect(c.parsed.valid).toBe(true);
    expect(c.uncertain).toEqual([]);
  });

  it.each(Object.entries(specimens))('accepts the %s specimen', (_, lines) => {
    expect(correctMrz(read(lines))!.parsed.valid).toBe(true);
  });
});
