import { describe, expect, it } from 'vitest';
import { BookingApiError } from '../src/errors.js';
import { retryAfterMs, retryingFetch, type RetryEvent } from '../src/retry.js';

// The retry policy alone, over a scripted `send`: which answers are retried, after how long.
// The SDK's tests against the platform (sdk-platform.test.ts) meet a real 429 and a real drop.

const envelope = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ ok: false, error: { code, message: code }, meta: { requestId: 'req_1' } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const ok = () => new Response(JSON.stringify({ ok: true, data: {}, meta: { requestId: 'req_2' } }), { status: 200 });

function scripted(answers: Array<Response | Error>) {
  const seen: Request[] = [];
  const waits: number[] = [];
  const events: RetryEvent[] = [];
  const send = async (request: Request) => {
    seen.push(request);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const fetch = retryingFetch(send, { onRetry: (e) => events.push(e), baseDelayMs: 100 }, sleep);
  return { fetch, seen, waits, events };
}

const get = () => new Request('http://api.test/v1/bookings');
const create = (key?: string) =>
  new Request('http://api.test/v1/bookings', {
    method: 'POST',
    body: '{"a":1}',
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('retryingFetch', () => {
  it('retries 429 after Retry-After, for any method, and answers the success', async () => {
    const s = scripted([envelope(429, 'RATE_LIMITED', { 'retry-after': '3' }), ok()]);
    const response = await s.fetch(create());
    expect(response.status).toBe(200);
    expect(s.waits).toEqual([3000]);
    expect(s.events).toEqual([
      { method: 'POST', url: 'http://api.test/v1/bookings', attempt: 1, reason: 'RATE_LIMITED', delayMs: 3000 },
    ]);
    // Each attempt sent the body.
    expect(await Promise.all(s.seen.map((r) => r.text()))).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('retries 503 BOOKING_POLICY_BLOCKED and network errors only for a read or a keyed create', async () => {
    const keyed = scripted([
      envelope(503, 'BOOKING_POLICY_BLOCKED', { 'retry-after': '1' }),
      new TypeError('fetch failed'),
      ok(),
    ]);
    expect((await keyed.fetch(create('k1'))).status).toBe(200);
    expect(keyed.events.map((e) => e.reason)).toEqual(['BOOKING_POLICY_BLOCKED', 'NETWORK_ERROR']);
    expect(keyed.waits[0]).toBe(1000);
    // Backoff with jitter: the second retry waits between half and all of twice the base delay.
    expect(keyed.waits[1]).toBeGreaterThanOrEqual(100);
    expect(keyed.waits[1]).toBeLessThanOrEqual(200);

    const read = scripted([new TypeError('fetch failed'), ok()]);
    expect((await read.fetch(get())).status).toBe(200);

    const unkeyed = scripted([envelope(503, 'BOOKING_POLICY_BLOCKED'), ok()]);
    expect((await unkeyed.fetch(create())).status).toBe(503);
    expect(unkeyed.seen).toHaveLength(1);

    const dropped = scripted([new TypeError('socket hang up'), ok()]);
    const error = await dropped.fetch(create()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingApiError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(dropped.seen).toHaveLength(1);
  });

  it('never retries another 4xx, another 503 or a 500', async () => {
    for (const answer of [
      envelope(400, 'VALIDATION_ERROR'),
      envelope(404, 'NOT_FOUND'),
      envelope(409, 'BOOKING_SLOT_UNAVAILABLE'),
      envelope(409, 'BOOKING_POLICY_BLOCKED'),
      envelope(503, 'SERVICE_UNAVAILABLE'),
      envelope(500, 'INTERNAL_ERROR', { 'retry-after': '1' }),
    ]) {
      const s = scripted([answer, ok()]);
      expect((await s.fetch(get())).status).toBe(answer.status);
      expect(s.seen).toHaveLength(1);
    }
  });

  it('stops after maxAttempts and answers the last answer; a Retry-After past maxDelayMs is not waited for', async () => {
    const s = scripted([1, 2, 3, 4].map(() => envelope(429, 'RATE_LIMITED', { 'retry-after': '1' })));
    expect((await s.fetch(get())).status).toBe(429);
    expect(s.seen).toHaveLength(4);
    expect(s.waits).toEqual([1000, 1000, 1000]);

    const long = scripted([envelope(429, 'RATE_LIMITED', { 'retry-after': '3600' }), ok()]);
    expect((await long.fetch(get())).status).toBe(429);
    expect(long.waits).toEqual([]);
  });

  it('does not retry a request its caller aborted', async () => {
    const controller = new AbortController();
    const send = async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    const fetch = retryingFetch(send);
    const request = new Request('http://api.test/v1/bookings', { signal: controller.signal });
    await expect(fetch(request)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs(' 12 ')).toBe(12_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:29:00 GMT'))).toBe(0);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
