import { BookingApiError } from './errors.js';

/** How the SDK retries; every field optional. */
export interface RetryOptions {
  /** Tries in all, the first included (default 4; 1 turns retries off). */
  maxAttempts?: number;
  /** The first backoff after a network error or a 503 without Retry-After, doubled each time, with jitter (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait the SDK accepts; a Retry-After asking for more ends the retries (default 30 s). */
  maxDelayMs?: number;
  /** Told of each retry before its wait, e.g. to log it. */
  onRetry?: (retry: RetryEvent) => void;
}

export interface RetryEvent {
  method: string;
  /** The request's URL with its tokens (a manage or unsubscribe link's) replaced by `[token]`, fit for a log. */
  url: string;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  reason: 'RATE_LIMITED' | 'BOOKING_POLICY_BLOCKED' | 'NETWORK_ERROR';
  delayMs: number;
}

type Fetch = (request: Request) => Promise<Response>;

/** Manage and unsubscribe tokens (`svc_m1.…`, `svc_u1.…`) are credentials: never in a retry event. */
const loggableUrl = (url: string): string => url.replace(/svc_[a-z][0-9]\.[A-Za-z0-9._~%-]+/g, '[token]');

/**
 * A request may be sent again when sending it twice cannot do twice what it does: reads, and
 * writes that carry an Idempotency-Key (the API answers the first outcome again).
 */
export function isReplaySafe(request: Request): boolean {
  return ['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.headers.has('idempotency-key');
}

/**
 * `fetch` with the retries every caller of the API needs (the SDK's README "Retries"):
 * - `429 RATE_LIMITED`: always, after `Retry-After` (the limit is counted before any work);
 * - `503 BOOKING_POLICY_BLOCKED` (the booking paths' "try again") and network errors: only when
 *   the request is replay-safe;
 * - nothing else: another 4xx is the caller's to fix, and a 5xx is answered as it came.
 */
export function retryingFetch(send: Fetch, options: RetryOptions = {}, sleep = defaultSleep): Fetch {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 4));
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  return async (request) => {
    const replaySafe = isReplaySafe(request);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let response: Response;
      try {
        // A body can be read once: each attempt sends a copy.
        response = await send(last ? request : request.clone());
      } catch (cause) {
        if (request.signal.aborted) throw cause;
        const delayMs = backoff(baseDelayMs, attempt);
        if (last || !replaySafe || delayMs > maxDelayMs) throw BookingApiError.network(cause);
        options.onRetry?.({
          method: request.method,
          url: loggableUrl(request.url),
          attempt,
          reason: 'NETWORK_ERROR',
          delayMs,
        });
        await sleep(delayMs, request.signal);
        continue;
      }
      const reason = await retryReason(response, replaySafe);
      if (reason === null || last) return response;
      const delayMs = retryAfterMs(response.headers.get('retry-after')) ?? backoff(baseDelayMs, attempt);
      if (delayMs > maxDelayMs) return response;
      options.onRetry?.({ method: request.method, url: loggableUrl(request.url), attempt, reason, delayMs });
      // The answer is dropped: release its connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(delayMs, request.signal);
    }
  };
}

async function retryReason(response: Response, replaySafe: boolean): Promise<RetryEvent['reason'] | null> {
  if (response.status === 429) return 'RATE_LIMITED';
  if (response.status !== 503 || !replaySafe) return null;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return code === 'BOOKING_POLICY_BLOCKED' ? 'BOOKING_POLICY_BLOCKED' : null;
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Exponential backoff with full jitter: between half and all of base × 2^(attempt−1). */
function backoff(baseDelayMs: number, attempt: number): number {
  const ceiling = baseDelayMs * 2 ** (attempt - 1);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
