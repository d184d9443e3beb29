import { setTimeout as sleep } from 'node:timers/promises';

// Jittered so that many waiters on one key do not poll in lockstep.
const MIN_DELAY_MS = 5;
const MAX_DELAY_MS = 25;

/**
 * Calls `tryOnce` at once, then again after short jittered sleeps until it answers non-null or
 * `waitMs` has passed (the last try lands on the deadline), and then answers null.
 * Errors from `tryOnce` propagate at once: an unreachable backend is not a busy key.
 */
export async function retryWithin<T>(waitMs: number, tryOnce: () => Promise<T | null>): Promise<T | null> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    const got = await tryOnce();
    if (got !== null) return got;
    const left = deadline - performance.now();
    if (left <= 0) return null;
    await sleep(Math.min(left, MIN_DELAY_MS + Math.random() * (MAX_DELAY_MS - MIN_DELAY_MS)));
  }
}
