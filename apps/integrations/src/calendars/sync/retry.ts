import { backoffMs } from '@svc/background';

/**
 * Write-back retries: firstRetryMs, then ×4 each time, at most an hour apart, 8 attempts in all;
 * exactly on schedule (no jitter: a write-back is one staff member's calendar, never a crowd).
 */
export const MAX_SYNC_ATTEMPTS = 8;
const MAX_RETRY_MS = 3_600_000;

/** When attempt `attempts` (1 = the first failure) is retried, or null when the sync has failed for good. */
export function nextRetryAtMs(attempts: number, nowMs: number, firstRetryMs: number): number | null {
  if (attempts >= MAX_SYNC_ATTEMPTS) return null;
  return nowMs + backoffMs(attempts, { firstMs: firstRetryMs, factor: 4, capMs: MAX_RETRY_MS, jitter: 0 }, 0.5);
}
