import { describe, expect, it } from 'vitest';
import { InProcessLockManager, LockUnavailableError, type LockManager } from '@svc/lock';
import { acquireAll } from '../../src/application/lock-all.js';
import { lockKeysFor } from '../../src/domain/lock-keys.js';

const opts = { ttlMs: 10_000, waitMs: 100, nowMs: Date.now };

describe('acquireAll', () => {
  it('takes every key, or none: a key that cannot be had releases the ones taken', async () => {
    const lock = new InProcessLockManager();
    const held = await lock.acquire('b', { ttlMs: 10_000, waitMs: 0 });
    expect(await acquireAll(lock, ['a', 'b'], opts)).toBeNull();
    expect(await lock.acquire('a', { ttlMs: 1_000, waitMs: 0 })).not.toBeNull();
    await lock.release(held!);
  });

  it('gives back what it holds when the backend fails part-way', async () => {
    const real = new InProcessLockManager();
    let calls = 0;
    const flaky: LockManager = {
      extend: (lease, ttl) => real.extend(lease, ttl),
      ping: () => real.ping(),
      close: () => real.close(),
      acquire: async (key, o) => {
        if (++calls === 2) throw new LockUnavailableError('redis went away');
        return real.acquire(key, o);
      },
      release: (lease) => real.release(lease),
    };
    await expect(acquireAll(flaky, ['a', 'b'], opts)).rejects.toBeInstanceOf(LockUnavailableError);
    expect(await real.acquire('a', { ttlMs: 1_000, waitMs: 0 })).not.toBeNull();
  });
});

describe('lockKeysFor', () => {
  const day = Date.UTC(2026, 5, 1);
  it('locks each listed staff member and resource per UTC day touched, sorted', () => {
    expect(
      lockKeysFor(
        't',
        { serviceId: 's', staffIds: ['st2', 'st1'], resourceIds: ['r1'] },
        day + 3_600_000,
        day + 7_200_000,
      ),
    ).toEqual(['t:resource:r1:2026-06-01', 't:staff:st1:2026-06-01', 't:staff:st2:2026-06-01']);
  });

  it('locks the service itself when it lists neither, and both days across midnight', () => {
    expect(lockKeysFor('t', { serviceId: 's', staffIds: [], resourceIds: [] }, day - 600_000, day + 600_000)).toEqual([
      't:service:s:2026-05-31',
      't:service:s:2026-06-01',
    ]);
  });
});
