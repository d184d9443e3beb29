/**
 * The one retry schedule of background work: after attempt n (1 = the first failure) wait
 * first × factor^(n−1), at most `capMs`, spread by ±`jitter` (a fraction; 0 for none) so that
 * work that failed together does not come back together, and never over the cap.
 */
export interface Backoff {
  firstMs: number;
  factor: number;
  capMs: number;
  /** ±fraction of the wait, e.g. 0.1; 0 = exactly the schedule. */
  jitter: number;
}

/** The wait after attempt `attemptNo` before jitter, capped. */
export const baseBackoffMs = (attemptNo: number, b: Backoff): number =>
  Math.min(b.capMs, b.firstMs * b.factor ** (attemptNo - 1));

/** The wait after attempt `attemptNo`; `random` in [0, 1) (0.5 = the middle of the spread). */
export function backoffMs(attemptNo: number, b: Backoff, random: number): number {
  const spread = 1 + (random * 2 - 1) * b.jitter;
  return Math.min(b.capMs, Math.round(baseBackoffMs(attemptNo, b) * spread));
}
