import { describe, expect, it } from 'vitest';
import { CountCache } from '../../api-mock/src/lib/listCount';

describe('the cache of list counts', () => {
  it('serves a count until its time is up, then no more', () => {
    const cache = new CountCache(60_000, 10);
    cache.set('a', { count: 5, exact: true }, 1_000);
    expect(cache.get('a', 60_999)).toEqual({ count: 5, exact: true });
    expect(cache.get('a', 61_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its number of counts, dropping the least recently used first', () => {
    const cache = new CountCache(60_000, 2);
    cache.set('a', { count: 1, exact: true }, 0);
    cache.set('b', { count: 2, exact: true }, 0);
    expect(cache.get('a', 1)).toEqual({ count: 1, exact: true });
    cache.set('c', { count: 3, exact: false }, 2);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toEqual({ count: 1, exact: true });
    expect(cache.get('c', 3)).toEqual({ count: 3, exact: false });
  });
});
