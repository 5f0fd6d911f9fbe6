import { describe, expect, it } from 'vitest';
import { FrameMemo } from './frame-memo.ts';

describe('FrameMemo', () => {
  it('computes once per anchor and key: objects in the key by identity, values by value', () => {
    const memo = new FrameMemo();
    const frame = {};
    const detector = {};
    let runs = 0;
    const compute = () => ++runs;
    expect(memo.get(frame, ['page', detector, 2], compute)).toBe(1);
    expect(memo.get(frame, ['page', detector, 2], compute)).toBe(1);
    expect(memo.get(frame, ['page', {}, 2], compute)).toBe(2); // another detector, though alike
    expect(memo.get(frame, ['page', detector, 3], compute)).toBe(3);
    expect(memo.get(frame, ['page', detector, '2'], compute)).toBe(4); // '2' is not 2
    expect(memo.get({}, ['page', detector, 2], compute)).toBe(5); // another frame
  });

  it('forgets a computation that failed, so the next call computes again', async () => {
    const memo = new FrameMemo();
    const frame = {};
    const cancelled = memo.get(frame, ['mrz'], () => Promise.reject(new Error('cancelled')));
    await expect(cancelled).rejects.toThrow('cancelled');
    await expect(memo.get(frame, ['mrz'], () => Promise.resolve('read'))).resolves.toBe('read');
    expect(() =>
      memo.get(frame, ['outline'], () => {
        throw new Error('bad');
      }),
    ).toThrow('bad');
    expect(memo.get(frame, ['outline'], () => 'found')).toBe('found');
  });
});
