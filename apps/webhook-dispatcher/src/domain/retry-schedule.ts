/**
 * When a delivery is tried again (docs/decisions.md "Webhooks"). Pure: the caller passes the
 * clock and the random source.
 *
 * After attempt n (1 to 5) fails in a retryable way, attempt n + 1 waits first × 5^(n−1)
 * (first = WEBHOOK_FIRST_RETRY_MS, 60 s in production: 60 s, 5 min, 25 min, 125 min, then the
 * 6-hour cap) with ±10 % jitter, never over the cap. A `Retry-After` on 429 or 503 can make the
 * wait longer, up to the cap; never shorter than the schedule. Attempt 6 is the last.
 */
import { backoffMs, baseBackoffMs, retryAfterMs, type Backoff } from '@svc/background';
import { HOUR_MS } from '@svc/rules';

export const MAX_ATTEMPTS = 6;
export const RETRY_MULTIPLIER = 5;
export const RETRY_CAP_MS = 6 * HOUR_MS;
export const RETRY_JITTER = 0.1;

/** Statuses worth another attempt; any other non-2xx (3xx included: redirects are not followed) is final. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Statuses whose `Retry-After` is honoured. */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export const isSuccessStatus = (status: number): boolean => status >= 200 && status <= 299;

/** The webhook schedule (@svc/background's one backoff). */
const SCHEDULE = (firstRetryMs: number): Backoff => ({
  firstMs: firstRetryMs,
  factor: RETRY_MULTIPLIER,
  capMs: RETRY_CAP_MS,
  jitter: RETRY_JITTER,
});

/** The wait after attempt `attemptNo` before jitter, capped. */
export const baseRetryDelayMs = (attemptNo: number, firstRetryMs: number): number =>
  baseBackoffMs(attemptNo, SCHEDULE(firstRetryMs));

/** The wait after attempt `attemptNo` with jitter; `random` in [0, 1) (0.5 = no jitter). */
export const retryDelayMs = (attemptNo: number, firstRetryMs: number, random: number): number =>
  backoffMs(attemptNo, SCHEDULE(firstRetryMs), random);

/** What one attempt came to, as far as scheduling is concerned. */
export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter?: string | undefined }
  | { kind: 'network'; error: string }
  /** Not sent, and sending again would not help (a refused address, a disabled subscription). */
  | { kind: 'refused'; error: string };

export interface AttemptVerdict {
  status: 'succeeded' | 'failed' | 'pending';
  /** When the next attempt is due (pending only). */
  nextAttemptAtMs: number | null;
  /** Short reason for a failed attempt; null on success. */
  error: string | null;
}

/** The delivery's state after attempt `attemptNo` ended at `nowMs` with `result`. */
export function judgeAttempt(
  attemptNo: number,
  result: AttemptResult,
  opts: { nowMs: number; firstRetryMs: number; random: number },
): AttemptVerdict {
  if (result.kind === 'response' && isSuccessStatus(result.status)) {
    return { status: 'succeeded', nextAttemptAtMs: null, error: null };
  }
  const error = result.kind === 'response' ? statusError(result.status) : result.error;
  const retryable = result.kind === 'network' || (result.kind === 'response' && RETRYABLE_STATUSES.has(result.status));
  if (!retryable || attemptNo >= MAX_ATTEMPTS) return { status: 'failed', nextAttemptAtMs: null, error };
  let delay = retryDelayMs(attemptNo, opts.firstRetryMs, opts.random);
  if (result.kind === 'response' && RETRY_AFTER_STATUSES.has(result.status)) {
    const asked = retryAfterMs(result.retryAfter, opts.nowMs);
    if (asked !== undefined) delay = Math.min(RETRY_CAP_MS, Math.max(delay, asked));
  }
  return { status: 'pending', nextAttemptAtMs: opts.nowMs + delay, error };
}

function statusError(status: number): string {
  if (status >= 300 && status <= 399) return `HTTP ${status}: redirects are not followed`;
  return RETRYABLE_STATUSES.has(status) ? `HTTP ${status}` : `HTTP ${status} is not retried`;
}
