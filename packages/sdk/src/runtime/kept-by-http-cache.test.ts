import { describe, expect, it } from 'vitest';
import { keptByHttpCache } from './kept-by-http-cache.ts';

const kept = (cacheControl?: string, age?: string) =>
  keptByHttpCache(new Headers({ ...(cacheControl === undefined ? {} : { 'cache-control': cacheControl }), ...(age === undefined ? {} : { age }) }));

describe('keptByHttpCache', () => {
  it('keeps what the host lets the browser reuse without asking, while it is fresh', () => {
    expect(kept('public, max-age=31536000, immutable')).toBe(true);
    expect(kept('max-age=600')).toBe(true);
    expect(kept('Public, Max-Age="86400"')).toBe(true);
    expect(kept('max-age=600', '30')).toBe(true);
  });

  it('does not keep what must be revalidated, is not stored, or is stale already', () => {
    expect(kept()).toBe(false);
    expect(kept('no-cache')).toBe(false);
    expect(kept('max-age=0')).toBe(false);
    expect(kept('immutable')).toBe(false);
    expect(kept('max-age=0, immutable')).toBe(false);
    expect(kept('max-age=600', '600')).toBe(false);
    expect(kept('public, max-age=31536000, no-store')).toBe(false);
    expect(kept('max-age=600, no-cache')).toBe(false);
    expect(kept('s-maxage=600')).toBe(false);
  });
});
