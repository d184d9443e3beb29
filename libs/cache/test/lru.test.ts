import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, LruCache, stringBytes } from '../src/index.js';

/** Bytes of one entry of a one-character key and a value of `n` bytes. */
const entryOf = (n: number) => stringBytes('a') + n + ENTRY_OVERHEAD_BYTES;

describe('LruCache', () => {
  it('refuses to be built without both bounds', () => {
    expect(() => new LruCache({ maxEntries: 0, maxBytes: 1_000 })).toThrow(/both bounds/);
    expect(() => new LruCache({ maxEntries: 10, maxBytes: Number.NaN })).toThrow(/both bounds/);
  });

  it('keeps at most maxEntries, evicting the least recently used first', () => {
    const cache = new LruCache<number>({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    expect(cache.get('a')).toBe(1); // a is now the most recently used; b the least
    cache.set('d', 1);
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(3);
  });

  it('keeps at most maxBytes of keys, values and overhead, evicting the least recently used first', () => {
    const cache = new LruCache<string>({ maxEntries: 1_000, maxBytes: 3 * entryOf(200), sizeOf: stringBytes });
    for (const key of ['a', 'b', 'c']) cache.set(key, 'x'.repeat(100)); // 200 bytes each
    expect(cache.bytes).toBe(3 * entryOf(200));
    cache.get('a');
    cache.set('d', 'x'.repeat(150)); // 300 bytes: b and c must go to make room
    expect(cache.keys()).toEqual(['a', 'd']);
    expect(cache.bytes).toBe(entryOf(200) + entryOf(300));
    expect(cache.bytes).toBeLessThanOrEqual(cache.bounds.maxBytes);
  });

  it('counts a long key against the byte bound, and never keeps an entry larger than the bound', () => {
    const cache = new LruCache<number>({ maxEntries: 1_000, maxBytes: 10_000 });
    cache.set('small', 1);
    cache.set('k'.repeat(60_000), 1); // 120 KB of key alone
    expect(cache.keys()).toEqual(['small']);
    for (let i = 0; i < 1_000; i++) cache.set(`${i}-${'k'.repeat(40)}`, i);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(1_000);
  });

  it('replacing a value updates its bytes and makes it the most recently used', () => {
    const cache = new LruCache<string>({ maxEntries: 2, maxBytes: 1_000_000, sizeOf: stringBytes });
    cache.set('a', 'one');
    cache.set('b', 'two');
    cache.set('a', 'longer value');
    expect(cache.keys()).toEqual(['b', 'a']);
    expect(cache.bytes).toBe(entryOf(stringBytes('two')) + entryOf(stringBytes('longer value')));
    expect(cache.delete('a')).toBe(true);
    expect(cache.delete('a')).toBe(false);
    expect(cache.bytes).toBe(entryOf(stringBytes('two')));
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
