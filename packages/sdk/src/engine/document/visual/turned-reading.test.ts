import { describe, expect, it } from 'vitest';
import { keepTurned } from './turned-reading.ts';

describe('which way up a side without an MRZ or portrait is read', () => {
  it('takes the turned reading only for a document’s worth of fields, more than upright', () => {
    expect(keepTurned(0, 5)).toBe(true);
    expect(keepTurned(1, 2)).toBe(true);
    // One field out of upside-down print (a lone letter taken for the sex) does not outvote upright.
    expect(keepTurned(0, 1)).toBe(false);
    expect(keepTurned(1, 1)).toBe(false);
    expect(keepTurned(3, 2)).toBe(false);
  });
});
