import { describe, expect, it } from 'vitest';
import { keptByHttpCache } from './kept-by-http-cache.ts';

const kept = (cacheControl?: string) => keptByHttpCache(new Headers(cacheControl === undefined ? {} : { 'cache-control': cacheControl }));

describe('keptByHttpCache', () => {
  it('keeps what the host lets the browser reuse without asking', () => {
    expect(kept('public, max-age=31536000, immutable')).toBe(true);
    expect(kept('max-age=600')).toBe(true);
    expect(kept('Public, Max-Age="86400"')).toBe(true);
    expect(kept('immutable')).toBe(true);
  });

  it('does not keep what must be revalidated or not stored, or has no lifetime', () => {
    expect(kept()).toBe(false);
    expect(kept('no-cache')).toBe(false);
    expect(kept('max-age=0')).toBe(false);
    expect(kept('public, max-age=31536000, no-store')).toBe(false);
    expect(kept('max-age=600, no-cache')).toBe(false);
    expect(kept('s-maxage=600')).toBe(false);
  });
});
