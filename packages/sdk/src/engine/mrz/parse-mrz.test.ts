import { describe, expect, it } from 'vitest';
import { mrzNames, parseMrz } from './parse-mrz.ts';
import { frenchIdSpecimen, specimens } from '@idlens/test-support/engine/mrz-specimens.ts';

describe('parseMrz', () => {
  it.each(Object.entries(specimens))('parses the ICAO %s specimen with every check digit valid', (type, lines) => {
    const parsed = parseMrz(lines)!;
    expect(parsed.format.type).toBe(type);
    expect(parsed.valid).toBe(true);
    expect(parsed.checks.every((c) => c.ok)).toBe(true);
    expect(parsed.fields.names).toMatch(/^ERIKSSON<<ANNA<MARIA<+$/);
  });

  it('parses the French national card (2×36, not ICAO) by its own layout, reported as TD2', () => {
    const p = parseMrz(frenchIdSpecimen)!;
    expect(p.format.id).toBe('FRA_CNI');
    expect(p.format.type).toBe('TD2');
    expect(p.valid).toBe(true);
    expect(p.checks.map((c) => c.name)).toEqual(['documentNumberCheck', 'dateOfBirthCheck', 'compositeCheck']);
    expect(p.fields).toMatchObject({ documentCode: 'ID', issuer: 'FRA', optional1: '075034', dateOfBirth: '800101', sex: 'M' });
    expect(p.fields.dateOfExpiry).toBeUndefined();
    expect(p.documentNumber).toBe('061275012345');
    expect(mrzNames(p.fields)).toEqual({ primary: 'MARTIN', secondary: 'JEAN PIERRE' });
    // The same size from another issuer is an ICAO TD2.
    expect(parseMrz(specimens.TD2)!.format.id).toBe('TD2');
    // One changed symbol breaks the composite over both lines.
    expect(parseMrz([frenchIdSpecimen[0].replace('MARTIN', 'MARTYN'), frenchIdSpecimen[1]])!.checks.find((c) => !c.ok)?.name).toBe('compositeCheck');
  });

  it('splits ICAO names at the double filler', () => {
    expect(mrzNames(parseMrz(specimens.TD3)!.fields)).toEqual({ primary: 'ERIKSSON', secondary: 'ANNA MARIA' });
  });

  it('reads the TD3 fields from their table positions', () => {
    const p = parseMrz(specimens.TD3)!;
    expect(p.fields).toMatchObject({
      documentCode: 'P<',
      issuer: 'UTO',
      documentNumber: 'L898902C3',
      documentNumberCheck: '6',
      nationality: 'UTO',
      dateOfBirth: '740812',
      sex: 'F',
      dateOfExpiry: '120415',
      optional1: 'ZE184226B<<<<<',
      optional1Check: '1',
      compositeCheck: '0',
    });
    expect(p.documentNumber).toBe('L898902C3');
    expect(p.checks.map((c) => c.name)).toEqual(['documentNumberCheck', 'dateOfBirthCheck', 'dateOfExpiryCheck', 'optional1Check', 'compositeCheck']);
  });

  it('has no composite check on visas', () => {
    expect(parseMrz(specimens.MRVA)!.checks.map((c) => c.name)).toEqual(['documentNumberCheck', 'dateOfBirthCheck', 'dateOfExpiryCheck']);
  });

  it('reports which check fails', () => {
    const lines = [specimens.TD3[0], specimens.TD3[1].replace('7408122', '7408123')];
    const p = parseMrz(lines)!;
    expect(p.valid).toBe(false);
    expect(p.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['dateOfBirthCheck', 'compositeCheck']); // the composite covers the check digit too
  });

  it('joins a TD1 document number that overflows into the optional data', () => {
    // ICAO 9303-5 note j: number D23145890734 (12 symbols), check digit 9 after it.
    const line1 = 'I<UTOD23145890<7349<<<<<<<<<<<';
    const line2 = '7408122F1204159UTO<<<<<<<<<<<?';
    const composite = compositeDigit(line1, line2);
    const p = parseMrz([line1, line2.replace('?', composite), specimens.TD1[2]])!;
    expect(p.documentNumber).toBe('D23145890734');
    expect(p.checks.find((c) => c.name === 'documentNumberCheck')!.ok).toBe(true);
  });

  it('returns null for sizes that are no MRZ', () => {
    expect(parseMrz(['ABC', 'DEF'])).toBeNull();
    expect(parseMrz([specimens.TD3[0], specimens.TD2[1]])).toBeNull();
  });
});

function compositeDigit(line1: string, line2: string): string {
  const text = line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29);
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * weights[i % 3]!;
  }
  return String(sum % 10);
}
