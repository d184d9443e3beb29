/**
 * The fields of work tried in attempts under a lease (a webhook delivery, a send record): the
 * worker claims it by compare-and-set on `revision`, which sets the lease (claimLeases), and
 * records each attempt's outcome in a write that matches the lease token.
 */
export type AttemptFields = {
  /** 1 + replays or resends: the series the next attempt belongs to. */
  series: number;
  /** Attempts made in the current series. */
  attemptCount: number;
  /** When the next attempt of pending work is due (shown to users); null otherwise. */
  nextAttemptAtMs: number | null;
  /**
   * When a worker may pick it up: `nextAttemptAtMs`, or the end of the lease while an attempt
   * runs; null when nothing is due. Workers query by it.
   */
  dueAtMs: number | null;
  /** Set while a worker holds it. */
  leaseToken: string | null;
  leaseUntilMs: number | null;
  /** Grows with every write; the compare-and-set field of claims, replays and resends. */
  revision: number;
};

/** New work, due at once: first series, no attempt yet, no lease. */
export const firstAttemptDue = (nowMs: number): AttemptFields & { status: 'pending' } => ({
  status: 'pending',
  series: 1,
  attemptCount: 0,
  nextAttemptAtMs: nowMs,
  dueAtMs: nowMs,
  leaseToken: null,
  leaseUntilMs: null,
  revision: 0,
});
