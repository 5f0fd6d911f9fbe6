import { describe, expect, it } from 'vitest';
import { checkMrz, mrzCheckDigit } from './mrz-check-digits.ts';

// ICAO 9303 specimen MRZs (part 4 TD3, part 5 TD1, part 6 TD2).
const td3 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';
const td1 = 'I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<';
const td2 = 'I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nD231458907UTO7408122F1204159<<<<<<<6';

describe('MRZ check digits', () => {
  it('computes ICAO 9303 check digits', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6);
    expect(mrzCheckDigit('740812')).toBe(2);
    expect(mrzCheckDigit('<<<<')).toBe(0);
  });

  it.each([['TD3', td3], ['TD1', td1], ['TD2', td2]])('accepts the %s specimen', (type, mrz) => {
    expect(checkMrz(mrz)).toMatchObject({ mrzType: type, valid: true });
  });

  it('names the field whose check digit is wrong', () => {
    const tampered = td3.replace('7408122', '7408132');
    const result = checkMrz(tampered)!;
    expect(result.valid).toBe(false);
    expect(result.fields.filter((f) => !f.valid).map((f) => f.name)).toEqual(['dateOfBirth', 'composite']);
  });

  it('handles TD1 document numbers longer than nine characters', () => {
    // Number D23145890734 (12 chars): 9 in the number field, '<', the rest + its check digit in optional data.
    const number = 'D23145890734';
    const check = mrzCheckDigit(number);
    const line1 = `I<UTO${number.slice(0, 9)}<${number.slice(9)}${check}`.padEnd(30, '<');
    const line2base = '7408122F1204159UTO<<<<<<<<<<<';
    const composite = mrzCheckDigit(line1.slice(5, 30) + line2base.slice(0, 7) + line2base.slice(8, 15) + line2base.slice(18, 29));
    const mrz = `${line1}\n${line2base}${composite}\nERIKSSON<<ANNA<MARIA<<<<<<<<<<`;
    expect(checkMrz(mrz)).toMatchObject({ mrzType: 'TD1', valid: true });
  });

  it('answers null for text that is no MRZ', () => {
    expect(checkMrz('hello\nworld')).toBeNull();
    expect(checkMrz(td3.replace('L', 'l').replace('<', '#'))).toBeNull();
  });
});
