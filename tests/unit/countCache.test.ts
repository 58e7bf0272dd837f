import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountCache } from '../../api-mock/src/lib/listCount';

describe('the cache of list counts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a count until its time is up, then no more', () => {
    const cache = new CountCache(60_000, 10);
    vi.setSystemTime(1_000);
    cache.set('a', { count: 5, exact: true });
    vi.setSystemTime(61_000);
    expect(cache.get('a')).toEqual({ count: 5, exact: true });
    vi.setSystemTime(61_001);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its number of counts, dropping the least recently used first', () => {
    const cache = new CountCache(60_000, 2);
    cache.set('a', { count: 1, exact: true });
    cache.set('b', { count: 2, exact: true });
    vi.setSystemTime(1);
    expect(cache.get('a')).toEqual({ count: 1, exact: true });
    vi.setSystemTime(2);
    cache.set('c', { count: 3, exact: false });
    expect(cache.size).toBe(2);
    vi.setSystemTime(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ count: 1, exact: true });
    expect(cache.get('c')).toEqual({ count: 3, exact: false });
  });

  it('keeps a count its time from when it was counted, however often it is read', () => {
    const cache = new CountCache(60_000, 10);
    vi.setSystemTime(1_000);
    cache.set('a', { count: 7, exact: false });
    vi.setSystemTime(60_000);
    expect(cache.get('a')).toEqual({ count: 7, exact: false });
    vi.setSystemTime(61_001);
    expect(cache.get('a')).toBeUndefined();
  });
});
