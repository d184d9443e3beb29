import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { LockUnavailableError, type Lease, type LockManager } from '../src/index.js';

/** Fails the test (instead of a non-null assertion) when a lease was expected. */
export function leased(lease: Lease | null): Lease {
  if (lease === null) throw new Error('expected the lock to be acquired');
  return lease;
}

function sleepUntil(atMs: number): Promise<void> {
  return sleep(Math.max(0, atMs - performance.now()));
}

/**
 * Behaviour every LockManager adapter must show. `make` answers a fresh, open manager; keys are
 * unique per test so adapters backed by a shared server do not see each other's leftovers.
 */
/**
 * `count` contenders each take `key` (through the manager `pick` gives them), hold it briefly and
 * release it; answers the most holders seen at once (1 when the lock excludes) and how many got it.
 */
export async function contend(
  count: number,
  key: string,
  pick: (contender: number) => LockManager,
): Promise<{ maxHolders: number; served: number }> {
  let holders = 0;
  let maxHolders = 0;
  let served = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const locks = pick(i);
      const lease = leased(await locks.acquire(key, { ttlMs: 10_000, waitMs: 20_000 }));
      holders++;
      maxHolders = Math.max(maxHolders, holders);
      await sleep(2);
      // Leave before releasing: after release someone else may enter at once.
      holders--;
      served++;
      if (!(await locks.release(lease))) throw new Error('release of a held lease was refused');
    }),
  );
  return { maxHolders, served };
}

export function lockContract(name: string, make: () => Promise<LockManager>): void {
  describe(`${name} (LockManager contract)`, () => {
    let open: LockManager[] = [];
    const manager = async (): Promise<LockManager> => {
      const locks = await make();
      open.push(locks);
      return locks;
    };
    const key = (): string => `contract:${randomUUID()}`;

    afterEach(async () => {
      await Promise.all(open.map((locks) => locks.close()));
      open = [];
    });

    it('lets exactly one of 50 concurrent contenders hold a key at a time, and all get it', async () => {
      const locks = await manager();
      expect(await contend(50, key(), () => locks)).toEqual({ maxHolders: 1, served: 50 });
    });

    it('frees a key when its TTL runs out', async () => {
      const locks = await manager();
      const k = key();
      leased(await locks.acquire(k, { ttlMs: 100, waitMs: 0 }));

      const started = performance.now();
      expect(await locks.acquire(k, { ttlMs: 100, waitMs: 0 })).toBeNull();
      expect(performance.now() - started).toBeLessThan(50);

      await sleep(150);
      leased(await locks.acquire(k, { ttlMs: 100, waitMs: 0 }));
    });

    it('refuses release with a wrong token and keeps the key held; the right token frees it', async () => {
      const locks = await manager();
      const k = key();
      const lease = leased(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 }));

      expect(await locks.release({ key: k, token: 'not-the-token' })).toBe(false);
      expect(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 })).toBeNull();

      expect(await locks.release(lease)).toBe(true);
      expect(await locks.release(lease)).toBe(false); // already released
      leased(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 }));
    });

    it('refuses release by a lease whose TTL ran out and whose key was taken again', async () => {
      const locks = await manager();
      const k = key();
      const stale = leased(await locks.acquire(k, { ttlMs: 50, waitMs: 0 }));
      await sleep(100);
      const fresh = leased(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 }));

      expect(await locks.release(stale)).toBe(false);
      expect(await locks.extend(stale, 10_000)).toBe(false);
      expect(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 })).toBeNull();
      expect(await locks.release(fresh)).toBe(true);
    });

    it('extend with the right token keeps the key past its first TTL; a wrong token answers false', async () => {
      const locks = await manager();
      const k = key();
      const acquiredAt = performance.now();
      const lease = leased(await locks.acquire(k, { ttlMs: 300, waitMs: 0 }));

      expect(await locks.extend({ key: k, token: 'not-the-token' }, 10_000)).toBe(false);
      await sleep(50);
      const extendedAt = performance.now();
      expect(await locks.extend(lease, 1_000)).toBe(true);
      await sleepUntil(acquiredAt + 400); // past the first TTL, inside the new one
      expect(await locks.acquire(k, { ttlMs: 100, waitMs: 0 })).toBeNull();

      await sleepUntil(extendedAt + 1_100); // the extension ran out too
      expect(await locks.extend(lease, 500)).toBe(false);
      leased(await locks.acquire(k, { ttlMs: 100, waitMs: 0 }));
    });

    it('answers null within about waitMs when the key stays held', async () => {
      const locks = await manager();
      const k = key();
      leased(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 }));

      const started = performance.now();
      expect(await locks.acquire(k, { ttlMs: 10_000, waitMs: 100 })).toBeNull();
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(90);
      expect(elapsed).toBeLessThan(400);
    });

    it('gets a key that is released while it waits', async () => {
      const locks = await manager();
      const k = key();
      const first = leased(await locks.acquire(k, { ttlMs: 10_000, waitMs: 0 }));
      const waiting = locks.acquire(k, { ttlMs: 10_000, waitMs: 2_000 });
      await sleep(50);
      expect(await locks.release(first)).toBe(true);
      const second = leased(await waiting);
      expect(second.token).not.toBe(first.token);
    });

    it('keeps keys independent', async () => {
      const locks = await manager();
      const a = key();
      const b = key();
      const leaseA = leased(await locks.acquire(a, { ttlMs: 10_000, waitMs: 0 }));
      const leaseB = leased(await locks.acquire(b, { ttlMs: 10_000, waitMs: 0 }));
      expect(leaseA.key).toBe(a);
      expect(leaseB.key).toBe(b);

      // A's token does not own B.
      expect(await locks.release({ key: b, token: leaseA.token })).toBe(false);
      expect(await locks.extend({ key: b, token: leaseA.token }, 10_000)).toBe(false);

      expect(await locks.release(leaseA)).toBe(true);
      expect(await locks.acquire(b, { ttlMs: 10_000, waitMs: 0 })).toBeNull();
      leased(await locks.acquire(a, { ttlMs: 10_000, waitMs: 0 }));
    });

    it('hands out a different random token on every acquisition', async () => {
      const locks = await manager();
      const tokens = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const lease = leased(await locks.acquire(key(), { ttlMs: 10_000, waitMs: 0 }));
        expect(lease.token.length).toBeGreaterThanOrEqual(16);
        tokens.add(lease.token);
      }
      expect(tokens.size).toBe(20);
    });

    it('rejects a TTL that is not a positive whole number of milliseconds, and a negative waitMs', async () => {
      const locks = await manager();
      await expect(locks.acquire(key(), { ttlMs: 0, waitMs: 0 })).rejects.toBeInstanceOf(RangeError);
      await expect(locks.acquire(key(), { ttlMs: 1.5, waitMs: 0 })).rejects.toBeInstanceOf(RangeError);
      await expect(locks.acquire(key(), { ttlMs: 100, waitMs: -1 })).rejects.toBeInstanceOf(RangeError);
      const lease = leased(await locks.acquire(key(), { ttlMs: 100, waitMs: 0 }));
      await expect(locks.extend(lease, -5)).rejects.toBeInstanceOf(RangeError);
    });

    it('pings while open; after close every call rejects with LockUnavailableError', async () => {
      const locks = await manager();
      await expect(locks.ping()).resolves.toBeUndefined();
      const lease = leased(await locks.acquire(key(), { ttlMs: 10_000, waitMs: 0 }));
      await locks.close();

      await expect(locks.ping()).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.acquire(key(), { ttlMs: 100, waitMs: 1_000 })).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.release(lease)).rejects.toBeInstanceOf(LockUnavailableError);
      await expect(locks.extend(lease, 100)).rejects.toBeInstanceOf(LockUnavailableError);
      await locks.close(); // a second close is harmless
    });
  });
}
