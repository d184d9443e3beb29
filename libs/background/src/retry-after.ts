/**
 * The wait an HTTP `Retry-After` header asks for, in ms from `nowMs` (the caller's clock, never
 * the process's): delta-seconds or an HTTP date (RFC 9110 10.2.3). Undefined when absent or
 * unreadable; a date in the past is 0.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === undefined || header === null) return undefined;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1_000;
  // An HTTP date always names its weekday and GMT; Date.parse alone would accept "1" or "2024".
  if (!/^[A-Za-z]{3},? .*GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
