import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../core/frame.ts';
import type { LineReader, LineReading } from '../../ocr/create-line-reader.ts';
import { readingHolds, secondLookHeight, secondReadingsAgree } from './second-look.ts';

describe('readingHolds', () => {
  it('holds a value read the same, whatever the spaces, signs and the rest of the line', () => {
    expect(readingHolds('Date of birth: 12.03.1984', { field: 'dateOfBirth', text: '12.03.1984' })).toBe(true);
    expect(readingHolds('AB 12 3456', { field: 'documentNumber', text: 'AB123456' })).toBe(true);
    expect(readingHolds('JØRGENSEN', { field: 'lastName', text: 'JØRGENSEN' })).toBe(true);
  });

  it('counts letters that look like digits as those digits in dates and numbers', () => {
    expect(readingHolds('O8 NOV 1971', { field: 'dateOfBirth', text: '08 NOV 1971' })).toBe(true);
    expect(readingHolds('L2345678', { field: 'documentNumber', text: '12345678' })).toBe(true);
  });

  it('does not hold a value read with another digit or another accent', () => {
    expect(readingHolds('04 JUL 1975', { field: 'dateOfBirth', text: '01 JUL 1975' })).toBe(false);
    expect(readingHolds('date of birth: 1967-06-12', { field: 'dateOfBirth', text: '1907-06-12' })).toBe(false);
    expect(readingHolds('KOVAĆ', { field: 'lastName', text: 'KOVAČ' })).toBe(false);
    // Names compare every letter: O and 0 are not the same there.
    expect(readingHolds('J0NES', { field: 'lastName', text: 'JONES' })).toBe(false);
  });
});

describe('secondReadingsAgree', () => {
  const page: Frame = { width: 200, height: 100, data: new Uint8ClampedArray(200 * 100 * 4).fill(255) };
  /** A reader that answers each crop in turn from `texts`, and records the crops' sizes. */
  const fakeReader = (texts: string[]) => {
    const sizes: Array<[number, number]> = [];
    const reader: LineReader = {
      name: 'fake',
      charset: { symbols: [] } as unknown as LineReader['charset'],
      async read(lines) {
        sizes.push(...lines.map((l): [number, number] => [l.width, l.height]));
        return lines.map((_, i): LineReading => ({ text: texts[i]!, chars: [], confidence: 1, stride: 4, inputWidth: 1 }));
      },
    };
    return { reader, sizes };
  };

  it('reads each value’s line again at its own height and says which readings still hold the value', async () => {
    const { reader, sizes } = fakeReader(['Surname KOVAČ', '01 JUL 1976']);
    const agree = await secondReadingsAgree(reader, page, [
      { field: 'lastName', text: 'KOVAČ', line: { x: 10, y: 10, width: 120, height: 20 } },
      { field: 'dateOfBirth', text: '01 JUL 1975', line: { x: 10, y: 40, width: 80, height: 20 } },
    ]);
    expect(agree).toEqual([true, false]);
    expect(sizes).toEqual([
      [(120 * secondLookHeight) / 20, secondLookHeight],
      [(80 * secondLookHeight) / 20, secondLookHeight],
    ]);
  });

  it('reads nothing when there is nothing to check', async () => {
    const { reader, sizes } = fakeReader([]);
    expect(await secondReadingsAgree(reader, page, [])).toEqual([]);
    expect(sizes).toEqual([]);
  });
});
