/**
 * When a message is tried again (docs/decisions.md "Notifications"). Pure: the caller passes the
 * clock and the random source.
 *
 * A temporary failure (an SMTP 4xx reply, no connection, a timeout; an SMS API 429 or 5xx) is
 * retried after first × 2^(n−1) (NOTIFY_FIRST_RETRY_MS, 30 s in production: 30 s, 1 min, 2 min, …),
 * at most an hour apart, ±10 % jitter; attempt 12 is the last (about five hours in all). A
 * permanent failure (SMTP 5xx, another SMS 4xx) fails the message at once.
 */
import { backoffMs } from '@svc/background';
import { HOUR_MS } from '@svc/rules';

export const MAX_SEND_ATTEMPTS = 12;
export const RETRY_CAP_MS = HOUR_MS;
const JITTER = 0.1;

/** What one attempt to send came to. */
export type SendResult = { kind: 'sent' } | { kind: 'temporary'; error: string } | { kind: 'permanent'; error: string };

export interface SendVerdict {
  status: 'sent' | 'failed' | 'pending';
  nextAttemptAtMs: number | null;
  error: string | null;
}

/** The wait after attempt `attemptNo` (@svc/background's one backoff); `random` in [0, 1). */
export const retryDelayMs = (attemptNo: number, firstRetryMs: number, random: number): number =>
  backoffMs(attemptNo, { firstMs: firstRetryMs, factor: 2, capMs: RETRY_CAP_MS, jitter: JITTER }, random);

/** The record's state after attempt `attemptNo` ended at `nowMs` with `result`. */
export function judgeSend(
  attemptNo: number,
  result: SendResult,
  opts: { nowMs: number; firstRetryMs: number; random: number },
): SendVerdict {
  if (result.kind === 'sent') return { status: 'sent', nextAttemptAtMs: null, error: null };
  if (result.kind === 'permanent' || attemptNo >= MAX_SEND_ATTEMPTS) {
    return { status: 'failed', nextAttemptAtMs: null, error: result.error };
  }
  return {
    status: 'pending',
    nextAttemptAtMs: opts.nowMs + retryDelayMs(attemptNo, opts.firstRetryMs, opts.random),
    error: result.error,
  };
}

/**
 * An SMTP outcome as a send result: a reply code 5xx is permanent (the server refused the
 * recipient or the message for good; RFC 5321), but 503 (bad sequence of commands: the session's
 * state, not the message), 4xx temporary, and no reply at all (refused connection, timeout, TLS
 * failure) temporary. The error keeps the code and the server's short text, never the address
 * (servers often echo it: it is cut out).
 */
export function smtpResult(responseCode: number | undefined, message: string, address: string): SendResult {
  const text = `${responseCode ? `SMTP ${responseCode}: ` : ''}${message}`
    .replaceAll(address, '<recipient>')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  if (responseCode !== undefined && responseCode >= 500 && responseCode <= 599 && responseCode !== 503) {
    return { kind: 'permanent', error: text };
  }
  return { kind: 'temporary', error: text };
}
