import { describe, expect, it } from 'vitest';
import { printedValue } from './printed-values.ts';

const o = { dateOrder: 'DMY' as const, now: new Date('2026-12-02T12:00:00Z') };

describe('printedValue for numbers', () => {
  it('reads a number printed in groups without its spaces', () => {
    expect(printedValue('documentNumber', 'AB 12 3456', o)?.text).toBe('AB123456');
    expect(printedValue('documentNumber', '0312 75 123456', o)?.text).toBe('031275123456');
  });

  it('takes no number from a run laid out as a date, even one read with a slip', () => {
    // A birth date `16 11 1983` read as `106 11 1983` is not the document number 106111983.
    expect(printedValue('documentNumber', '106 11 1983', o)).toBeNull();
    expect(printedValue('personalIdNumber', '16-11-1983', o)).toBeNull();
    // The number beside it on the same line is still read.
    expect(printedValue('documentNumber', '16 11 1983 / XM4R2CF34', o)?.text).toBe('XM4R2CF34');
  });
});
