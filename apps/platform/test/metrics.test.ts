// GET /metrics of the embedded platform, scraped over HTTP and read with the Prometheus
// project's own text parser (prom2json): after a few bookings of every outcome and a webhook,
// the request, booking, lock, outbox and webhook metrics exist under their services and moved,
// and no label carries an id.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  json,
  prom2jsonMissing,
  serverGate,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, postBooking, seedTenant, subscribeReceiver } from './booking-fixture.js';
import { movedBetween, reading, scrapeMetrics } from './metrics-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let hooks: WebhookReceiver;
beforeAll(async () => {
  [platform, hooks] = await Promise.all([startTestPlatform(), startWebhookReceiver()]);
});
afterAll(async () => {
  await platform?.cleanup();
  await hooks?.close();
});

const scrape = () => scrapeMetrics(platform.url);

describe.runIf(serverGate('prom2json (Prometheus text parser)', prom2jsonMissing()))('GET /metrics', () => {
  it('counts requests, booking outcomes, locks, the outbox and webhooks, by service, without ids', async () => {
    const { tenantId } = await seedTenant(platform.services.catalog.address, 'metered');
    await subscribeReceiver(platform.services['webhook-dispatcher'].address, tenantId, hooks, 'metrics');
    const before = await scrape();

    const at = berlinTime(2, 10);
    const first = await postBooking(platform.url, 'metered', at, 'm-1');
    expect(first.status).toBe(201);
    const bookingId = (await json(first)).data.booking.bookingId as string;
    // The same request again: a replay; the same key with another body: a conflict.
    expect((await postBooking(platform.url, 'metered', at, 'm-1')).status).toBe(200);
    expect((await postBooking(platform.url, 'metered', at, 'm-1', 'Someone Else')).status).toBe(409);
    // Another customer for the taken slot.
    expect((await postBooking(platform.url, 'metered', at, 'm-2')).status).toBe(409);
    expect((await postBooking(platform.url, 'metered', berlinTime(2, 11), 'm-3')).status).toBe(201);
    await eventually('both webhooks', async () => hooks.received('metrics')[1]);

    const after = await eventually('the webhook attempts counted', async () => {
      const now = await scrape();
      return reading(now, 'webhook_attempt_duration_seconds', { result: 'succeeded' }) -
        reading(before, 'webhook_attempt_duration_seconds', { result: 'succeeded' }) >=
        2
        ? now
        : undefined;
    });
    const moved = movedBetween(before, after);

    const creates = { service: 'booking' };
    expect(moved('booking_creates_total', { ...creates, outcome: 'created' })).toBe(2);
    expect(moved('booking_creates_total', { ...creates, outcome: 'replay' })).toBe(1);
    expect(moved('booking_creates_total', { ...creates, outcome: 'conflict' })).toBe(1);
    expect(moved('booking_creates_total', { ...creates, outcome: 'slot_taken' })).toBe(1);

    const route = { service: 'gateway', method: 'POST', route: '/book/:tenantSlug/bookings' };
    expect(moved('http_server_request_duration_seconds', { ...route, status_code: '201' })).toBe(2);
    expect(moved('http_server_request_duration_seconds', { ...route, status_code: '200' })).toBe(1);
    expect(moved('http_server_request_duration_seconds', { ...route, status_code: '409' })).toBe(2);
    const rpc = { service: 'booking', grpc_method: 'booking.v1.BookingService/CreateBooking' };
    expect(moved('grpc_server_handling_seconds', { ...rpc, grpc_code: 'OK' })).toBe(3);
    expect(moved('grpc_server_handling_seconds', { ...rpc, grpc_code: 'ALREADY_EXISTS' })).toBe(1);
    expect(moved('grpc_server_handling_seconds', { ...rpc, grpc_code: 'ABORTED' })).toBeGreaterThanOrEqual(1);
    expect(moved('grpc_server_handling_seconds', { service: 'customer' })).toBeGreaterThanOrEqual(2);

    expect(moved('booking_lock_wait_seconds', { service: 'booking', result: 'acquired' })).toBeGreaterThanOrEqual(2);
    expect(after.find((f) => f.name === 'booking_lock_timeouts_total')?.type).toBe('COUNTER');
    expect(moved('booking_outbox_relay_batch_size', { service: 'booking' })).toBeGreaterThanOrEqual(1);
    expect(after.find((f) => f.name === 'booking_outbox_lag_seconds')?.type).toBe('GAUGE');
    expect(moved('webhook_delivery_latency_seconds', { service: 'webhook-dispatcher' })).toBe(2);
    expect(moved('webhook_events_consumed_total', { service: 'webhook-dispatcher', result: 'stored' })).toBe(2);

    // Histograms are histograms, with buckets; the process metrics are there.
    const latency = after.find((f) => f.name === 'http_server_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    expect(Object.keys(latency?.metrics[0]?.buckets ?? {})).toContain('+Inf');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(after.map((f) => f.name)).toContain(name);
    }

    // Bounded labels: no booking, tenant or customer id, no raw path.
    const values = after.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(values.filter((v) => v.includes(tenantId) || v.includes(bookingId) || v.includes('/metered'))).toEqual([]);
  });

  it('is served without a rate limit or credentials', async () => {
    const limited = await startTestPlatform({ RATE_LIMITS: 'on' });
    try {
      for (let i = 0; i < 5; i++) expect((await fetch(`${limited.url}/metrics`)).status).toBe(200);
    } finally {
      await limited.cleanup();
    }
  });
});
