// docs/decisions.md "Webhooks": which failures are retried, the backoff and its cap, Retry-After.

import { describe, expect, it } from 'vitest';
import {
  baseRetryDelayMs,
  judgeAttempt,
  MAX_ATTEMPTS,
  RETRY_CAP_MS,
  retryDelayMs,
  type AttemptResult,
} from '../src/domain/retry-schedule.js';

const PRODUCTION_FIRST_RETRY_MS = 60_000;
const NOW = 1_800_000_000_000;
const NO_JITTER = 0.5;

/** Runs attempts 1, 2, … with `result` each time until the delivery is no longer pending. */
function series(result: AttemptResult, firstRetryMs = PRODUCTION_FIRST_RETRY_MS, random = NO_JITTER) {
  const waits: number[] = [];
  let now = NOW;
  for (let attemptNo = 1; ; attemptNo++) {
    const verdict = judgeAttempt(attemptNo, result, { nowMs: now, firstRetryMs, random });
    if (verdict.status !== 'pending') return { attempts: attemptNo, waits, last: verdict };
    waits.push(verdict.nextAttemptAtMs! - now);
    now = verdict.nextAttemptAtMs!;
  }
}

describe('the production schedule', () => {
  it('waits 60 s, 300 s, 1500 s, 7500 s, then the 6-hour cap, and gives up after 6 attempts', () => {
    const run = series({ kind: 'response', status: 503 });
    expect(run.waits.map((ms) => ms / 1000)).toEqual([60, 300, 1500, 7500, 21600]);
    expect(run.attempts).toBe(6);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(run.last).toEqual({ status: 'failed', nextAttemptAtMs: null, error: 'HTTP 503' });
    expect(baseRetryDelayMs(5, PRODUCTION_FIRST_RETRY_MS)).toBe(RETRY_CAP_MS);
  });

  it('jitters by at most ±10 % and never beyond the cap', () => {
    for (const random of [0, 0.25, 0.75, 0.999999]) {
      for (let n = 1; n <= 4; n++) {
        const base = baseRetryDelayMs(n, PRODUCTION_FIRST_RETRY_MS);
        const delay = retryDelayMs(n, PRODUCTION_FIRST_RETRY_MS, random);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.9));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.1));
      }
      expect(retryDelayMs(5, PRODUCTION_FIRST_RETRY_MS, random)).toBeLessThanOrEqual(RETRY_CAP_MS);
    }
    expect(retryDelayMs(1, PRODUCTION_FIRST_RETRY_MS, 0)).toBe(54_000);
    expect(retryDelayMs(1, PRODUCTION_FIRST_RETRY_MS, 1)).toBe(66_000);
  });

  it('scales with WEBHOOK_FIRST_RETRY_MS; the multiplier, the cap and the attempt count stay', () => {
    expect(series({ kind: 'network', error: 'ECONNREFUSED' }, 100).waits).toEqual([100, 500, 2500, 12_500, 62_500]);
    expect(series({ kind: 'network', error: 'x' }, 3_600_000).waits).toEqual([
      3_600_000,
      18_000_000,
      RETRY_CAP_MS,
      RETRY_CAP_MS,
      RETRY_CAP_MS,
    ]);
  });
});

describe('which answers are retried', () => {
  it.each([408, 425, 429, 500, 502, 503, 504])('HTTP %i is retried', (status) => {
    expect(
      judgeAttempt(1, { kind: 'response', status }, { nowMs: NOW, firstRetryMs: 1000, random: NO_JITTER }),
    ).toEqual({ status: 'pending', nextAttemptAtMs: NOW + 1000, error: `HTTP ${status}` });
  });

  it.each([301, 302, 307, 400, 401, 403, 404, 410, 422, 501, 505])('HTTP %i is final', (status) => {
    const verdict = judgeAttempt(
      1,
      { kind: 'response', status },
      { nowMs: NOW, firstRetryMs: 1000, random: NO_JITTER },
    );
    expect(verdict.status).toBe('failed');
    expect(verdict.nextAttemptAtMs).toBeNull();
    expect(verdict.error).toContain(`HTTP ${status}`);
  });

  it('any 2xx succeeds; network errors and timeouts are retried; refusals are final', () => {
    const opts = { nowMs: NOW, firstRetryMs: 1000, random: NO_JITTER };
    for (const status of [200, 201, 202, 204, 299]) {
      expect(judgeAttempt(6, { kind: 'response', status }, opts)).toEqual({
        status: 'succeeded',
        nextAttemptAtMs: null,
        error: null,
      });
    }
    expect(judgeAttempt(2, { kind: 'network', error: 'timed out after 10000 ms' }, opts).status).toBe('pending');
    expect(judgeAttempt(1, { kind: 'refused', error: 'not sent' }, opts)).toEqual({
      status: 'failed',
      nextAttemptAtMs: null,
      error: 'not sent',
    });
    expect(judgeAttempt(1, { kind: 'response', status: 302 }, opts).error).toBe('HTTP 302: redirects are not followed');
  });
});

describe('Retry-After', () => {
  it('waits longer when asked on 429 and 503, up to the cap; never shorter than the schedule', () => {
    const opts = { nowMs: NOW, firstRetryMs: 60_000, random: NO_JITTER };
    const after = (status: number, retryAfter: string) =>
      judgeAttempt(1, { kind: 'response', status, retryAfter }, opts).nextAttemptAtMs! - NOW;
    expect(after(429, '600')).toBe(600_000);
    expect(after(503, '600')).toBe(600_000);
    expect(after(503, '5')).toBe(60_000);
    expect(after(503, String(24 * 3600))).toBe(RETRY_CAP_MS);
    // Only 429 and 503 are asked.
    expect(after(500, '600')).toBe(60_000);
  });
});
