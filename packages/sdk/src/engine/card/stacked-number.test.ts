import { describe, expect, it } from 'vitest';
import { type StackableRow, stackedNumbers } from './stacked-number.ts';

const row = (text: string | null, y: number, x = 1, height = 20): StackableRow => ({
  digits: text === null ? null : { text, confidences: [...text].map(() => 0.99) },
  y,
  x,
  height,
});

describe('stackedNumbers', () => {
  it('joins a column of four digit groups into one line, top first, whatever order the rows came in', () => {
    const rows = [row('1111', 3.4), row('4111', 0), row('ANNA', 6, 1), row('1111', 1.7), row('1111', 5.1)];
    const found = stackedNumbers(rows);
    expect(found.map((f) => f.line.text)).toContain('4111 1111 1111 1111');
    const column = found.find((f) => f.line.text === '4111 1111 1111 1111')!;
    expect(column.rows).toEqual([1, 3, 0, 4]);
    expect(column.line.confidences).toHaveLength(column.line.text.length);
  });

  it('joins two rows of two groups', () => {
    expect(stackedNumbers([row('5555 5555', 0), row('5555 4444', 1.5)]).map((f) => f.line.text)).toEqual(['5555 5555 5555 4444']);
  });

  it('does not join rows that start apart, differ in height, lie too far apart or at an uneven pitch', () => {
    const shifted = [row('4111', 0), row('1111', 1.7, 3), row('1111', 3.4), row('1111', 5.1)];
    const sized = [row('4111', 0), row('1111', 1.7), row('1111', 3.4, 1, 40), row('1111', 5.1)];
    const far = [row('4111', 0), row('1111', 4), row('1111', 8), row('1111', 12)];
    const uneven = [row('4111', 0), row('1111', 1.2), row('1111', 3.4), row('1111', 4.6)];
    for (const rows of [shifted, sized, far, uneven]) expect(stackedNumbers(rows).filter((f) => f.line.text.replace(/\s/g, '').length === 16)).toEqual([]);
  });

  it('takes only rows of digit groups, and never more than 19 digits', () => {
    expect(stackedNumbers([row('4111', 0), row('11A1', 1.7), row('1111', 3.4), row('1111', 5.1)]).map((f) => f.line.text)).not.toContain('4111 1111 1111 1111');
    const long = [row('411111', 0), row('111111', 1.7), row('111111', 3.4), row('111111', 5.1)];
    expect(stackedNumbers(long).every((f) => f.line.text.replace(/\s/g, '').length <= 19)).toBe(true);
  });
});
