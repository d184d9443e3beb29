import type { Lease, LockManager } from '@svc/lock';

/**
 * Takes every key in order, each waited for as long as `waitMs(key)` says; all or nothing: the
 * leases, or the first key that could not be had (the ones already taken are released).
 */
async function takeAll(
  lock: LockManager,
  keys: string[],
  ttlMs: number,
  waitMs: () => number,
): Promise<{ leases: Lease[] } | { busyKey: string }> {
  const leases: Lease[] = [];
  try {
    for (const key of keys) {
      const lease = await lock.acquire(key, { ttlMs, waitMs: waitMs() });
      if (!lease) {
        await releaseAll(lock, leases);
        return { busyKey: key };
      }
      leases.push(lease);
    }
    return { leases };
  } catch (err) {
    // The backend failed part-way (Redis dropped): give back what we hold rather than wait for TTLs.
    await releaseAll(lock, leases);
    throw err;
  }
}

/**
 * Takes every key in order within one overall wait budget; all or nothing. Answers null
 * when some key could not be had in time (the ones already taken are released).
 */
export async function acquireAll(
  lock: LockManager,
  keys: string[],
  opts: { ttlMs: number; waitMs: number; nowMs: () => number },
): Promise<Lease[] | null> {
  const deadline = opts.nowMs() + opts.waitMs;
  const got = await takeAll(lock, keys, opts.ttlMs, () => Math.max(0, deadline - opts.nowMs()));
  return 'leases' in got ? got.leases : null;
}

/**
 * Tries every key once, in order, without waiting: all the leases, or the first key another
 * holder has. Lets a create move on to another owner instead of queueing behind one
 * (slot-guard.ts withChosenOwnerLocks).
 */
export function tryAll(
  lock: LockManager,
  keys: string[],
  ttlMs: number,
): Promise<{ leases: Lease[] } | { busyKey: string }> {
  return takeAll(lock, keys, ttlMs, () => 0);
}

export async function releaseAll(lock: LockManager, leases: Lease[]): Promise<void> {
  // A lease that already expired is simply not ours any more; nothing to undo.
  await Promise.all(leases.map((l) => lock.release(l).catch(() => false)));
}
