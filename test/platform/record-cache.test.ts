import { describe, expect, it } from 'vitest';
import { createRecordCache } from '../../packages/server/src/platform/transactions/record-cache.ts';

describe('record cache', () => {
  it('answers a record only at the version it was stored at; another version drops it', () => {
    const cache = createRecordCache(1000);
    expect(cache.holds('t1')).toBe(false);
    cache.set('t1', 3, '{"v":3}');
    expect(cache.holds('t1')).toBe(true);
    expect(cache.get('t1', 3)).toBe('{"v":3}');
    expect(cache.get('t1', 4)).toBeUndefined();
    // Dropped, not kept for a later read at the old version.
    expect(cache.get('t1', 3)).toBeUndefined();
    expect(cache.holds('t1')).toBe(false);
  });

  it('stays within its size, evicting the least recently read first; a record too large is not kept', () => {
    const cache = createRecordCache(100);
    const record = (c: string) => c.repeat(20);
    for (const id of ['a', 'b', 'c', 'd', 'e']) cache.set(id, 1, record(id)); // 100 characters: full
    expect(cache.get('a', 1)).toBe(record('a')); // a is now the most recently used
    cache.set('f', 1, record('f'));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd', 'e', 'f'].map((id) => cache.get(id, 1))).toEqual(['a', 'c', 'd', 'e', 'f'].map(record));
    cache.set('big', 1, 'x'.repeat(26));
    expect(cache.get('big', 1)).toBeUndefined();
  });

  it('of size 0 keeps nothing (RECORD_CACHE_MIB=0)', () => {
    const cache = createRecordCache(0);
    cache.set('t1', 1, '{}');
    expect(cache.get('t1', 1)).toBeUndefined();
  });
});
