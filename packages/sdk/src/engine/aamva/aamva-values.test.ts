import { describe, expect, it } from 'vitest';
import { normalizePostalCode, parseHeight, sexOf, weightKeyOf } from './aamva-values.ts';

describe('sexOf', () => {
  it.each([
    ['1', 'M'],
    ['2', 'F'],
    ['9', 'X'],
    ['M', 'M'],
    ['f', 'F'],
    ['X', 'X'],
    ['0', null],
    ['', null],
    [null, null],
  ] as const)('%j → %j', (code, sex) => {
    expect(sexOf(code)).toBe(sex);
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['360931234  ', 'USA', '360931234'],
    ['85641-4321', 'USA', '85641-4321'],
    ['123450000  ', 'USA', '12345'],
    ['44556-     ', 'USA', '44556'],
    ['96826     0', 'USA', '96826'],
    ['0210800000  ', 'USA', '02108'],
    ['633011      ', 'USA', '633011'],
    ['00783', 'USA', '00783'],
    ['T4G 7A7', 'CAN', 'T4G 7A7'],
    ['N1M3J6    ', 'CAN', 'N1M 3J6'],
    ['C0A 2B4    ', null, 'C0A 2B4'],
    ['12345', null, '12345'],
    ['   ', 'USA', null],
    ['NONE', 'USA', null],
  ] as const)('%j (%s) → %j', (value, country, expected) => {
    expect(normalizePostalCode(value, country)).toBe(expected);
  });
});

describe('parseHeight', () => {
  it.each([
    ['069 in', { inches: 69 }],
    ['72 IN ', { inches: 72 }],
    [' 65 IN', { inches: 65 }],
    ['155 CM', { centimetres: 155 }],
    ['175 cm', { centimetres: 175 }],
    ['506', { inches: 66 }],
    ['600', { inches: 72 }],
    ["5'11", { inches: 71 }],
    ['070', { inches: 70 }],
    ['', null],
    ['TALL', null],
    ['515', null],
  ] as const)('%j → %j', (value, height) => {
    expect(parseHeight(value)).toEqual(height);
  });
});

describe('weightKeyOf', () => {
  it('files a weight under the unit its value names', () => {
    expect(weightKeyOf('50 KG', 'WEIGHT_POUNDS')).toBe('WEIGHT_KILOGRAMS');
    expect(weightKeyOf('110 LBS', 'WEIGHT_KILOGRAMS')).toBe('WEIGHT_POUNDS');
    expect(weightKeyOf('160', 'WEIGHT_POUNDS')).toBe('WEIGHT_POUNDS');
  });
});
