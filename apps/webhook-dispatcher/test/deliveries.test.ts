// Delivery end to end inside the dispatcher (docs/decisions.md "Webhooks"): booking events
// published on the bus as the outbox relay publishes them, a real HTTP receiver that checks
// every signature before parsing, and the delivery log over gRPC.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusMessage, type EventBus } from '@svc/events';
import type { webhooksV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { ensureDispatcherIndexes } from '../src/store/collections.js';
import { DeliveryRepository } from '../src/store/delivery-repository.js';
import { pendingDelivery } from '../src/store/records.js';
import { postWebhook } from '../src/delivery/http-sender.js';
import {
  borrowedBus,
  borrowedStore,
  deliveryOf,
  deliveryWhen,
  eventually,
  newTenantId,
  publishEvent,
  startDispatcher,
  type DispatcherHarness,
} from './support/dispatcher.js';
import { startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { HTTP_LOOPBACK_ONLY } from '@svc/url-policy';

let receiver: WebhookReceiver;
let dispatcher: DispatcherHarness;
/** DNS as the dispatcher's URL policy sees it; tests point names at loopback or elsewhere. */
const dns = new Map<string, string[]>();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dispatcher = await startDispatcher({ resolve: async (host) => dns.get(host) ?? [] });
});
afterAll(async () => {
  await dispatcher?.stop();
  await receiver?.close();
});

let endpoints = 0;
/** A subscription of `tenantId` pointing at a fresh receiver endpoint; the receiver learns its secret. */
async function subscribe(
  harness: DispatcherHarness,
  tenantId: string,
  fields: Partial<webhooksV1.CreateSubscriptionRequest> = {},
): Promise<{ name: string; subscriptionId: string; secret: string }> {
  const name = `ep${++endpoints}`;
  const res = await harness.client.createSubscription({
    tenantId,
    url: receiver.url(name),
    events: [],
    description: '',
    ...fields,
  });
  receiver.setSecret(name, res.signingSecret);
  return { name, subscriptionId: res.subscription!.subscriptionId, secret: res.signingSecret };
}

const list = (harness: DispatcherHarness, tenantId: string, filter: Partial<webhooksV1.ListDeliveriesRequest> = {}) =>
  harness.client.listDeliveries({ tenantId, subscriptionId: '', status: '', eventType: '', bookingId: '', ...filter });

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('a delivery', () => {
  it('is a signed POST of the envelope as published, with every documented header', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    const event = await publishEvent(dispatcher.bus, { tenantId, traceparent: TRACEPARENT });
    const delivery = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    const [got] = receiver.received(sub.name);
    expect(receiver.received(sub.name)).toHaveLength(1);
    expect(receiver.rejected(sub.name)).toBe(0);
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'booking-service-webhooks/1',
      'x-service-event-id': event.id,
      'x-service-event-type': 'booking.created',
      'x-service-timestamp': expect.stringMatching(/^\d{10}$/),
      'x-service-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      // A child span of the event's trace.
      traceparent: expect.stringMatching(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/),
    });
    expect(got!.event).toMatchObject({ id: event.id, type: 'booking.created', payloadVersion: 1 });
    expect(got!.event.data).toMatchObject({ booking: { tenantId, bookingId: event.bookingId } });
    expect(delivery).toMatchObject({
      eventId: event.id,
      eventType: 'booking.created',
      bookingId: event.bookingId,
      status: 'succeeded',
      series: 1,
      attemptCount: 1,
    });
    expect(delivery.nextAttemptAtMs).toBeUndefined();
    expect(delivery.attempts).toEqual([
      { series: 1, attemptNo: 1, startedAtMs: expect.any(Number), durationMs: expect.any(Number), responseStatus: 200 },
    ]);
  });

  it('retries 503, 503, then 200: three attempts recorded, succeeded, the same event id each time', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    receiver.script(sub.name, { status: 503 }, { status: 503 });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const delivery = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, event.id, event.id]);
    expect(new Set(receiver.received(sub.name).map((r) => r.headers['x-service-event-id']))).toEqual(
      new Set([event.id]),
    );
    expect(delivery.attemptCount).toBe(3);
    expect(delivery.attempts.map((a) => [a.attemptNo, a.responseStatus, a.error])).toEqual([
      [1, 503, 'HTTP 503'],
      [2, 503, 'HTTP 503'],
      [3, 200, undefined],
    ]);
    const [first, second, third] = delivery.attempts;
    // Each retry waited for its due time: 50 ms, then 250 ms (WEBHOOK_FIRST_RETRY_MS = 50 here, ±10 %).
    expect(first!.nextAttemptAtMs! - (first!.startedAtMs + first!.durationMs)).toBeGreaterThanOrEqual(45);
    expect(second!.nextAttemptAtMs! - (second!.startedAtMs + second!.durationMs)).toBeGreaterThanOrEqual(225);
    expect(second!.startedAtMs).toBeGreaterThanOrEqual(first!.nextAttemptAtMs!);
    expect(third!.startedAtMs).toBeGreaterThanOrEqual(second!.nextAttemptAtMs!);
    expect(third!.nextAttemptAtMs).toBeUndefined();
  });

  it('stops at a 400: one attempt, failed', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    receiver.script(sub.name, { status: 400 });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const delivery = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'failed');
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attemptNo: 1, responseStatus: 400, error: 'HTTP 400 is not retried' }),
    ]);
    expect(delivery.attempts[0]!.nextAttemptAtMs).toBeUndefined();
    // Not due any more: the worker only ever picks deliveries by due time.
    const stored = await dispatcher.store
      .collection<{ _id: string; dueAtMs: number | null }>('webhook_deliveries')
      .findOne({ _id: delivery.deliveryId });
    expect(stored?.dueAtMs).toBeNull();
    // A fence instead of a pause: a later event of the same subscription goes through a retry
    // (503, then the retry), so the worker has run past the first retry delay since; the 400 was
    // still sent once.
    receiver.script(sub.name, { status: 503 });
    const later = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, later.id, 'succeeded');
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, later.id, later.id]);
  });

  it('does not follow a redirect: a 3xx is a final failure', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    const target = await subscribe(dispatcher, newTenantId());
    receiver.script(sub.name, { status: 307, headers: { location: receiver.url(target.name) } });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const delivery = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'failed');
    expect(delivery.attempts.map((a) => a.error)).toEqual(['HTTP 307: redirects are not followed']);
    expect(receiver.hits(target.name)).toBe(0);
  });

  it('honours Retry-After on a 429 (longer than the schedule)', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    receiver.script(sub.name, { status: 429, headers: { 'retry-after': '1' } });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const delivery = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    const [first, second] = delivery.attempts;
    expect(first!.responseStatus).toBe(429);
    expect(first!.nextAttemptAtMs! - (first!.startedAtMs + first!.durationMs)).toBeGreaterThanOrEqual(1_000);
    expect(second!.startedAtMs).toBeGreaterThanOrEqual(first!.nextAttemptAtMs!);
    const [a, b] = receiver.received(sub.name);
    expect(b!.atMs - a!.atMs).toBeGreaterThanOrEqual(1_000);
  });

  it('connects to the address it checked, sending the name as Host', async () => {
    const tenantId = newTenantId();
    dns.set('receiver.test', ['127.0.0.1']);
    const name = `ep${++endpoints}`;
    const port = new URL(receiver.url(name)).port;
    const res = await dispatcher.client.createSubscription({
      tenantId,
      url: `http://receiver.test:${port}/${name}`,
      events: [],
      description: '',
    });
    receiver.setSecret(name, res.signingSecret);
    const event = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, res.subscription!.subscriptionId, event.id, 'succeeded');
    expect(receiver.received(name)[0]!.headers.host).toBe(`receiver.test:${port}`);
  });

  it('checks the URL again before each attempt: a name that now resolves to a private address gets nothing, and reads as one that does not resolve', async () => {
    const tenantId = newTenantId();
    dns.set('moving.test', ['127.0.0.1']);
    const name = `ep${++endpoints}`;
    const port = new URL(receiver.url(name)).port;
    const res = await dispatcher.client.createSubscription({
      tenantId,
      url: `http://moving.test:${port}/${name}`,
      events: [],
      description: '',
    });
    dns.set('moving.test', ['10.0.0.1']);
    const event = await publishEvent(dispatcher.bus, { tenantId });
    // Tried again later (what a name resolves to may change), each time checked and not sent,
    // with the same words as a name that does not resolve (libs/url-policy).
    const subscriptionId = res.subscription!.subscriptionId;
    const delivery = await eventually('two refused attempts', async () => {
      const found = await deliveryOf(dispatcher.client, tenantId, subscriptionId, event.id);
      return found && found.attempts.length >= 2 ? found : undefined;
    });
    for (const attempt of delivery.attempts) {
      expect(attempt.error).toBe(`not sent: the URL ${HTTP_LOOPBACK_ONLY}`);
      expect(attempt.responseStatus).toBeUndefined();
    }
    dns.delete('moving.test');
    const gone = await publishEvent(dispatcher.bus, { tenantId });
    await eventually('a refused attempt of a name that does not resolve', async () => {
      const other = await deliveryOf(dispatcher.client, tenantId, subscriptionId, gone.id);
      return other?.attempts[0]?.error === delivery.attempts[0]!.error ? true : undefined;
    });
    expect(receiver.received(name)).toEqual([]);
  });

  it('signs with the rotated secret only, from the rotation on', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    const { signingSecret } = await dispatcher.client.rotateSubscriptionSecret({
      tenantId,
      subscriptionId: sub.subscriptionId,
    });
    // The receiver still knows only the old secret: the delivery does not verify.
    const first = await publishEvent(dispatcher.bus, { tenantId });
    await eventually('a rejected request', async () => (receiver.rejected(sub.name) > 0 ? true : undefined));
    const refused = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, first.id, 'failed');
    expect(refused.attempts[0]!.responseStatus).toBe(401);
    receiver.setSecret(sub.name, signingSecret);
    const second = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, second.id, 'succeeded');
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([second.id]);
  });
});

describe('a receiver that hangs', () => {
  it('times the attempt out (WEBHOOK_ATTEMPT_TIMEOUT_MS) and tries again', async () => {
    const quick = await startDispatcher({ worker: { attemptTimeoutMs: 300 } });
    try {
      const tenantId = newTenantId();
      const sub = await subscribe(quick, tenantId);
      receiver.script(sub.name, { hang: true });
      const event = await publishEvent(quick.bus, { tenantId });
      const delivery = await deliveryWhen(quick.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
      const [first, second] = delivery.attempts;
      expect(first).toMatchObject({ attemptNo: 1, error: 'timed out after 300 ms' });
      expect(first!.responseStatus).toBeUndefined();
      expect(first!.durationMs).toBeGreaterThanOrEqual(295);
      expect(second).toMatchObject({ attemptNo: 2, responseStatus: 200 });
      expect(receiver.hits(sub.name)).toBe(2);
    } finally {
      await quick.stop();
    }
  });
});

describe('fan-out', () => {
  it('sends each event once per matching active subscription: a cancelled-only one gets only those, a disabled one nothing', async () => {
    const tenantId = newTenantId();
    const all = await subscribe(dispatcher, tenantId);
    const cancelledOnly = await subscribe(dispatcher, tenantId, { events: ['booking.cancelled'] });
    const disabled = await subscribe(dispatcher, tenantId);
    await dispatcher.client.updateSubscription({
      tenantId,
      subscriptionId: disabled.subscriptionId,
      status: 'disabled',
      events: [],
      eventsSet: false,
    });
    const otherTenant = await subscribe(dispatcher, newTenantId());
    const created = await publishEvent(dispatcher.bus, { tenantId, type: 'booking.created' });
    const cancelled = await publishEvent(dispatcher.bus, {
      tenantId,
      type: 'booking.cancelled',
      bookingId: created.bookingId,
    });
    await deliveryWhen(dispatcher.client, tenantId, all.subscriptionId, cancelled.id, 'succeeded');
    await deliveryWhen(dispatcher.client, tenantId, cancelledOnly.subscriptionId, cancelled.id, 'succeeded');
    // The event after both was fanned out: whatever the first two would get, they have.
    const marker = await publishEvent(dispatcher.bus, { tenantId, type: 'booking.confirmed' });
    await deliveryWhen(dispatcher.client, tenantId, all.subscriptionId, marker.id, 'succeeded');
    expect(
      receiver
        .received(all.name)
        .map((r) => r.event.type)
        .sort(),
    ).toEqual(['booking.cancelled', 'booking.confirmed', 'booking.created']);
    expect(receiver.received(cancelledOnly.name).map((r) => r.event.id)).toEqual([cancelled.id]);
    expect(receiver.hits(disabled.name)).toBe(0);
    expect((await list(dispatcher, tenantId, { subscriptionId: disabled.subscriptionId })).items).toEqual([]);
    expect(receiver.hits(otherTenant.name)).toBe(0);
  });

  it('creates nothing new for an event handed over again', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    const event = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    await publishEvent(dispatcher.bus, event);
    const marker = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, marker.id, 'succeeded');
    // The delivery log lists newest first.
    expect((await list(dispatcher, tenantId)).items.map((d) => d.eventId)).toEqual([marker.id, event.id]);
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, marker.id]);
  });

  it('stores the deliveries of events published together in one batch: one per event and subscription', async () => {
    const tenantA = newTenantId();
    const tenantB = newTenantId();
    const subA = await subscribe(dispatcher, tenantA);
    const subB = await subscribe(dispatcher, tenantB);
    // Captured as the relay would publish them, then published at once (one batch for the fan-out).
    const messages: BusMessage[] = [];
    const capture = { publish: async (_topic: string, ms: BusMessage[]) => void messages.push(...ms) } as EventBus;
    const a1 = await publishEvent(capture, { tenantId: tenantA });
    const b1 = await publishEvent(capture, { tenantId: tenantB });
    await publishEvent(capture, a1); // the same event again, in the same batch
    messages.push({ key: 'x', value: '{not json', headers: {} });
    const a2 = await publishEvent(capture, { tenantId: tenantA });
    await dispatcher.bus.publish('booking.events', messages);
    await deliveryWhen(dispatcher.client, tenantA, subA.subscriptionId, a2.id, 'succeeded');
    await deliveryWhen(dispatcher.client, tenantA, subA.subscriptionId, a1.id, 'succeeded');
    await deliveryWhen(dispatcher.client, tenantB, subB.subscriptionId, b1.id, 'succeeded');
    expect((await list(dispatcher, tenantA)).items.map((d) => d.eventId).sort()).toEqual([a1.id, a2.id].sort());
    expect((await list(dispatcher, tenantB)).items.map((d) => d.eventId)).toEqual([b1.id]);
    expect(
      receiver
        .received(subA.name)
        .map((r) => r.event.id)
        .sort(),
    ).toEqual([a1.id, a2.id].sort());
  });

  it('skips a message that is not a booking event, and goes on', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    await dispatcher.bus.publish('booking.events', [{ key: 'x', value: '{not json', headers: {} }]);
    await publishEvent(dispatcher.bus, { tenantId, type: 'booking.deleted' });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    expect((await list(dispatcher, tenantId)).items.map((d) => d.eventId)).toEqual([event.id]);
  });
});

describe('replay', () => {
  it('starts a new series for a failed delivery: a new attempt, the same event id, the old attempts kept', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    receiver.script(sub.name, { status: 400 });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const failed = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'failed');
    const { delivery: replayed } = await dispatcher.client.replayDelivery({ tenantId, deliveryId: failed.deliveryId });
    expect(replayed).toMatchObject({ deliveryId: failed.deliveryId, status: 'pending', series: 2, attemptCount: 0 });
    expect(replayed!.attempts).toEqual(failed.attempts);
    const done = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    expect(done.attempts.map((a) => [a.series, a.attemptNo, a.responseStatus])).toEqual([
      [1, 1, 400],
      [2, 1, 200],
    ]);
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, event.id]);
    expect(done.deliveryId).toBe(failed.deliveryId);
  });

  it('replays a succeeded delivery too; another tenant cannot', async () => {
    const tenantId = newTenantId();
    const sub = await subscribe(dispatcher, tenantId);
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const done = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    await expect(
      dispatcher.client.replayDelivery({ tenantId: newTenantId(), deliveryId: done.deliveryId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await dispatcher.client.replayDelivery({ tenantId, deliveryId: done.deliveryId });
    await eventually('the replayed attempt', async () => (receiver.received(sub.name).length === 2 ? true : undefined));
    const again = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
    expect(again.attempts.map((a) => a.series)).toEqual([1, 2]);
  });

  it('leaves an attempt in flight alone and queues the new series after it', async () => {
    const tenantId = newTenantId();
    const repo = new DeliveryRepository(dispatcher.store);
    const sub = await subscribe(dispatcher, tenantId);
    receiver.script(sub.name, { status: 400 });
    const event = await publishEvent(dispatcher.bus, { tenantId });
    const failed = await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'failed');
    // A claim as a worker makes it; the replay arrives while "its attempt" runs.
    const doc = (await repo.get(tenantId, failed.deliveryId))!;
    const pending = { ...doc, status: 'pending' as const };
    await dispatcher.store
      .collection('webhook_deliveries')
      .updateOne({ _id: doc._id }, { status: 'pending', dueAtMs: null });
    const claimed = (await repo.claim(pending, Date.now(), 60_000))!;
    expect(claimed).not.toBeNull();
    const replayed = (await repo.replay(tenantId, doc._id, Date.now()))!;
    expect(replayed).toMatchObject({ series: 2, status: 'pending', leaseToken: claimed.leaseToken });
    // Leased: not due for anyone until the attempt is recorded.
    expect((await repo.due(Date.now(), 100)).map((d) => d._id)).not.toContain(doc._id);
    const now = Date.now();
    expect(
      await repo.record(
        claimed,
        {
          startedAtMs: now,
          durationMs: 1,
          responseStatus: 500,
          error: 'HTTP 500',
          status: 'pending',
          nextAttemptAtMs: now + 1000,
        },
        now,
      ),
    ).toBe(true);
    const after = (await repo.get(tenantId, doc._id))!;
    expect(after).toMatchObject({ series: 2, attemptCount: 0, status: 'pending', leaseToken: null });
    const attempts = await repo.attemptsOf(tenantId, doc._id);
    expect(attempts.map((a) => [a.series, a.attemptNo, a.responseStatus, a.nextAttemptAtMs])).toEqual([
      [1, 1, 400, null],
      [1, 2, 500, null],
    ]);
    await deliveryWhen(dispatcher.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
  });
});

describe('the delivery list', () => {
  it('filters by subscription, status, event type and booking, and pages', async () => {
    const tenantId = newTenantId();
    const a = await subscribe(dispatcher, tenantId);
    const b = await subscribe(dispatcher, tenantId, { events: ['booking.cancelled'] });
    receiver.script(a.name, { status: 410 });
    const created = await publishEvent(dispatcher.bus, { tenantId, type: 'booking.created' });
    const cancelled = await publishEvent(dispatcher.bus, { tenantId, type: 'booking.cancelled' });
    await deliveryWhen(dispatcher.client, tenantId, a.subscriptionId, created.id, 'failed');
    await deliveryWhen(dispatcher.client, tenantId, a.subscriptionId, cancelled.id, 'succeeded');
    await deliveryWhen(dispatcher.client, tenantId, b.subscriptionId, cancelled.id, 'succeeded');
    const ids = async (filter: Partial<webhooksV1.ListDeliveriesRequest>) =>
      (await list(dispatcher, tenantId, filter)).items
        .map((d) => `${d.subscriptionId === a.subscriptionId ? 'a' : 'b'}:${d.eventType}`)
        .sort();
    expect(await ids({})).toEqual(['a:booking.cancelled', 'a:booking.created', 'b:booking.cancelled']);
    expect(await ids({ subscriptionId: b.subscriptionId })).toEqual(['b:booking.cancelled']);
    expect(await ids({ status: 'failed' })).toEqual(['a:booking.created']);
    expect(await ids({ eventType: 'booking.cancelled' })).toEqual(['a:booking.cancelled', 'b:booking.cancelled']);
    expect(await ids({ bookingId: created.bookingId })).toEqual(['a:booking.created']);
    expect(await ids({ bookingId: created.bookingId, status: 'succeeded' })).toEqual([]);
    // Lists carry no attempts; pages of one walk all three.
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await list(dispatcher, tenantId, { page: { limit: 1, cursor } });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]!.attempts).toEqual([]);
      seen.push(page.items[0]!.deliveryId);
      cursor = page.page!.nextCursor;
    } while (cursor !== '');
    expect(new Set(seen).size).toBe(3);
    await expect(list(dispatcher, tenantId, { status: 'done', eventType: 'booking.*' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'status', message: 'must be one of pending, succeeded, failed' },
        { path: 'eventType', message: expect.stringContaining('booking.created') },
      ],
    });
  });
});

describe('several workers and restarts', () => {
  it('two claims of the same due delivery: exactly one wins; past its lease it is due again', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    try {
      await ensureDispatcherIndexes(store);
      const repo = new DeliveryRepository(store);
      const now = Date.now();
      await repo.insertIfAbsent(
        pendingDelivery(
          {
            _id: 'whd_race',
            tenantId: 'ten_race',
            subscriptionId: 'whs_race',
            eventId: 'evt_race',
            eventType: 'booking.created',
            bookingId: 'bkg_1',
            body: '{}',
            traceparent: null,
          },
          now,
        ),
      );
      const [due] = await repo.due(now, 10);
      const claims = await Promise.all([repo.claim(due!, now, 60_000), repo.claim(due!, now, 60_000)]);
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
      expect(await repo.due(now + 1_000, 10)).toEqual([]);
      // The holder died: past the lease it is due again, for one claimer again.
      const [again] = await repo.due(now + 61_000, 10);
      expect(again?._id).toBe('whd_race');
      const late = await Promise.all([
        repo.claim(again!, now + 61_000, 60_000),
        repo.claim(again!, now + 61_000, 60_000),
      ]);
      expect(late.filter((c) => c !== null)).toHaveLength(1);
      // The first holder's lease is gone: what it would record is dropped.
      const first = claims.find((c) => c !== null)!;
      expect(
        await repo.record(
          first,
          {
            startedAtMs: now,
            durationMs: 1,
            responseStatus: 200,
            error: null,
            status: 'succeeded',
            nextAttemptAtMs: null,
          },
          now,
        ),
      ).toBe(false);
      expect(await repo.attemptsOf('ten_race', 'whd_race')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('two dispatchers on one store send every attempt once', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
    const sent = [0, 0];
    const slowSend = (i: number) => async (req: Parameters<typeof postWebhook>[0]) => {
      sent[i]!++;
      await sleep(40);
      return postWebhook(req);
    };
    const one = await startDispatcher({
      store: borrowedStore(store),
      bus: borrowedBus(bus),
      send: slowSend(0),
      worker: { concurrency: 1 },
    });
    const two = await startDispatcher({
      store: borrowedStore(store),
      bus: borrowedBus(bus),
      send: slowSend(1),
      worker: { concurrency: 1 },
    });
    try {
      const tenantId = newTenantId();
      const sub = await subscribe(one, tenantId);
      const events = [];
      for (let i = 0; i < 30; i++) events.push(await publishEvent(bus, { tenantId }));
      await eventually(
        'every delivery to succeed',
        async () => {
          const { items } = await list(one, tenantId, { status: 'succeeded', page: { limit: 100, cursor: '' } });
          return items.length === events.length ? items : undefined;
        },
        60_000,
      );
      const got = receiver.received(sub.name).map((r) => r.event.id);
      expect(got.sort()).toEqual(events.map((e) => e.id).sort());
      expect(sent[0]! + sent[1]!).toBe(events.length);
      // Both took part (each sends one at a time and takes 40 ms per send).
      expect(sent[0]).toBeGreaterThan(0);
      expect(sent[1]).toBeGreaterThan(0);
      const { items } = await list(two, tenantId, { page: { limit: 100, cursor: '' } });
      expect(items.every((d) => d.attemptCount === 1)).toBe(true);
    } finally {
      await one.stop();
      await two.stop();
      await bus.close();
      await store.close();
    }
  });

  it('a restarted dispatcher picks up the retries that were due', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispatcher-restart-'));
    const file = join(dir, 'webhook-dispatcher.sqlite');
    try {
      const tenantId = newTenantId();
      const first = await startDispatcher({ store: await openSqliteStore({ file }), worker: { firstRetryMs: 1_500 } });
      const sub = await subscribe(first, tenantId);
      receiver.script(sub.name, { status: 503 });
      const event = await publishEvent(first.bus, { tenantId });
      await eventually('the first attempt', async () => (receiver.hits(sub.name) === 1 ? true : undefined));
      await eventually('the first attempt to be recorded', async () => {
        const { items } = await list(first, tenantId);
        return items[0]?.attemptCount === 1 ? true : undefined;
      });
      await first.stop();
      // A new process: a new (empty) bus, the same data. The retry is due in the store only.
      const second = await startDispatcher({ store: await openSqliteStore({ file }) });
      try {
        const delivery = await deliveryWhen(second.client, tenantId, sub.subscriptionId, event.id, 'succeeded');
        expect(delivery.attempts.map((a) => a.responseStatus)).toEqual([503, 200]);
        expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, event.id]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
