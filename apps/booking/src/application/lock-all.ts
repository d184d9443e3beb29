import type { Lease, LockManager } from '@svc/lock';

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
  const leases: Lease[] = [];
  try {
    for (const key of keys) {
      const lease = await lock.acquire(key, { ttlMs: opts.ttlMs, waitMs: Math.max(0, deadline - opts.nowMs()) });
      if (!lease) {
        await releaseAll(lock, leases);
        return null;
      }
      leases.push(lease);
    }
    return leases;
  } catch (err) {
    // The backend failed part-way (Redis dropped): give back what we hold rather than wait for TTLs.
    await releaseAll(lock, leases);
    throw err;
  }
}

export async function releaseAll(lock: LockManager, leases: Lease[]): Promise<void> {
  // A lease that already expired is simply not ours any more; nothing to undo.
  await Promise.all(leases.map((l) => lock.release(l).catch(() => false)));
}
