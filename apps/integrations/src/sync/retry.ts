/** Write-back retries: firstRetryMs, then ×4 each time, at most an hour apart, 8 attempts in all. */
export const MAX_SYNC_ATTEMPTS = 8;
const MAX_RETRY_MS = 3_600_000;

/** When attempt `attempts` (1 = the first failure) is retried, or null when the sync has failed for good. */
export function nextRetryAtMs(attempts: number, nowMs: number, firstRetryMs: number): number | null {
  if (attempts >= MAX_SYNC_ATTEMPTS) return null;
  return nowMs + Math.min(MAX_RETRY_MS, firstRetryMs * 4 ** (attempts - 1));
}
