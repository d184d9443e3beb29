// The embedded profile's rate limit counters hold their bounds in entries and bytes, forgetting
// the window hit least recently first (docs/operations.md "Memory bounds").

import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, stringBytes } from '@svc/cache';
import { InMemoryCounters } from '../src/index.js';

const key = (n: number) => `create:2001:db8::${n}`.padEnd(40, '0');
const entryBytes = stringBytes(key(0)) + 32 + ENTRY_OVERHEAD_BYTES;

describe('in-memory rate limit counters', () => {
  it.each([
    ['entries', { maxEntries: 2, maxBytes: 1_000_000 }],
    ['bytes', { maxEntries: 1_000, maxBytes: 2 * entryBytes }],
  ])('keep at most their bound in %s, forgetting the window hit least recently', async (_bound, bounds) => {
    const counters = new InMemoryCounters(() => 1_000, bounds);
    const count = async (n: number) => (await counters.hit(key(n), 60_000)).count;
    expect([await count(0), await count(1), await count(0)]).toEqual([1, 1, 2]);
    expect(await count(2)).toBe(1); // window 1, hit least recently, goes
    expect(await count(0)).toBe(3); // the subject being hammered keeps its count
    expect(await count(1)).toBe(1); // back with a fresh window
  });

  it('start a new window once the old one is over', async () => {
    let now = 1_000;
    const counters = new InMemoryCounters(() => now);
    expect((await counters.hit('a', 60_000)).count).toBe(1);
    expect(await counters.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 60_000 });
    now += 60_000;
    expect(await counters.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
