/**
 * lru-cache 5 (the version the lock file already holds for Babel) ships no types: what the server uses of it.
 * Entries older than `maxAge` ms (per entry when `set` is given one) are not served; beyond `max` entries the least
 * recently used goes.
 */
declare module 'lru-cache' {
  interface Options {
    max?: number;
    maxAge?: number;
  }
  class LRUCache<K, V> {
    constructor(options?: Options);
    get(key: K): V | undefined;
    set(key: K, value: V, maxAge?: number): boolean;
    has(key: K): boolean;
    del(key: K): void;
    reset(): void;
    /** Entries held, also those past their age that were not read since. */
    readonly itemCount: number;
  }
  export default LRUCache;
}
