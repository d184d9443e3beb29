/**
 * When a delivery is tried again (docs/decisions.md "Webhooks"). Pure: the caller passes the
 * clock and the random source.
 *
 * After attempt n (1 to 5) fails in a retryable way, attempt n + 1 waits first × 5^(n−1)
 * (first = WEBHOOK_FIRST_RETRY_MS, 60 s in production: 60 s, 5 min, 25 min, 125 min, then the
 * 6-hour cap) with ±10 % jitter, never over the cap. A `Retry-After` on 429 or 503 can make the
 * wait longer, up to the cap; never shorter than the schedule. Attempt 6 is the last.
 */
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

/** The wait after attempt `attemptNo` before jitter, capped. */
export function baseRetryDelayMs(attemptNo: number, firstRetryMs: number): number {
  return Math.min(RETRY_CAP_MS, firstRetryMs * RETRY_MULTIPLIER ** (attemptNo - 1));
}

/** The wait after attempt `attemptNo` with jitter; `random` in [0, 1) (0.5 = no jitter). */
export function retryDelayMs(attemptNo: number, firstRetryMs: number, random: number): number {
  const jitter = 1 + (random * 2 - 1) * RETRY_JITTER;
  return Math.min(RETRY_CAP_MS, Math.round(baseRetryDelayMs(attemptNo, firstRetryMs) * jitter));
}

/**
 * The wait a `Retry-After` header asks for, in ms from `nowMs`: delta-seconds or an HTTP date.
 * Undefined when absent or unreadable; a date in the past is 0.
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1_000;
  // An HTTP date always names its weekday and GMT; Date.parse alone would accept "1" or "2024".
  if (!/^[A-Za-z]{3},? .*GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

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
