import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '@svc/crypto';
import { BOOKING_EVENTS_TOPIC, InProcessEventBus } from '@svc/events';
import type { RunningGrpcHost } from '@svc/grpc';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import { UrlPolicy } from '@svc/url-policy';
import { startWebhookDispatcher } from '@svc/webhook-dispatcher';
import { startGatewayWithCatalog, type DashboardCaller, type GatewayHarness } from './support/gateway-harness.js';

/**
 * The dashboard webhook routes (docs/decisions.md "Webhooks") over real HTTP, against the real
 * webhook dispatcher (loopback targets allowed: http to loopback) and a real receiver; booking
 * events are published on the dispatcher's bus as the outbox relay publishes them.
 */

let h: GatewayHarness;
let bus: InProcessEventBus;
let dispatcher: RunningGrpcHost;
let receiver: WebhookReceiver;
let tenantA: string;
let ownerA: DashboardCaller;
let viewerA: DashboardCaller;
let staffA: DashboardCaller;
let ownerB: DashboardCaller;

beforeAll(async () => {
  bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
  dispatcher = await startWebhookDispatcher(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    {
      logger: createLogger('webhook-dispatcher', 'silent'),
      store: await openSqliteStore({ file: ':memory:' }),
      bus,
      secrets: new SecretBox('k'.repeat(32)),
      policy: new UrlPolicy({ allowLoopback: true, allowlist: [], resolve: async () => [] }),
      worker: { firstRetryMs: 50, attemptTimeoutMs: 10_000, pollMs: 100, concurrency: 4 },
    },
  );
  h = await startGatewayWithCatalog({
    config: { SESSION_SECRET: 's'.repeat(32), MANAGE_TOKEN_SECRET: 'm'.repeat(32) },
    webhooksAddress: dispatcher.address,
  });
  receiver = await startWebhookReceiver();
  tenantA = (await h.createTenant('hooks-a')).tenantId;
  const tenantB = (await h.createTenant('hooks-b')).tenantId;
  ownerA = await h.mintSession([[tenantA, 'tenant_owner']]);
  viewerA = await h.mintSession([[tenantA, 'tenant_viewer']]);
  staffA = await h.mintSession([[tenantA, 'tenant_staff']]);
  ownerB = await h.mintSession([[tenantB, 'tenant_owner']]);
});

afterAll(async () => {
  await h?.stop();
  await dispatcher?.stop();
  await bus?.close();
  await receiver?.close();
});

let endpoints = 0;
async function subscribe(body: Record<string, unknown> = {}) {
  const name = `gw${++endpoints}`;
  const res = await h.call(ownerA, 'POST', '/api/webhook-subscriptions', { url: receiver.url(name), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.setSecret(name, res.body.data.signingSecret);
  return { name, ...res.body.data } as { name: string; subscriptionId: string; signingSecret: string };
}

/** A booking event on the topic, as the outbox relay publishes it. */
async function publish(tenantId: string, type = 'booking.created'): Promise<{ id: string; bookingId: string }> {
  const id = `evt_${randomUUID()}`;
  const bookingId = `bkg_${randomUUID().slice(0, 8)}`;
  const envelope = {
    id,
    type,
    payloadVersion: 1,
    occurredAtMs: Date.now(),
    data: {
      booking: { bookingId, tenantId, serviceId: 'svc_1', status: 'held', startsAtMs: 1, endsAtMs: 2, timezone: 'UTC' },
      service: { serviceId: 'svc_1', slug: 'checkup', name: 'Check-up' },
      customer: { customerId: 'cus_1', name: 'Ann', primaryEmail: 'ann@example.com' },
    },
  };
  await bus.publish(BOOKING_EVENTS_TOPIC, [
    { key: bookingId, value: JSON.stringify(envelope), headers: { 'event-id': id, 'event-type': type } },
  ]);
  return { id, bookingId };
}

function expectViolation(res: { status: number; body: any }, path: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
}

describe('/api/webhook-subscriptions', () => {
  it('creates (201, the secret once), lists, gets, updates and rotates; secrets never listed', async () => {
    const created = await subscribe({ events: ['booking.cancelled'], description: 'CRM' });
    expect(created).toMatchObject({
      subscriptionId: expect.stringMatching(/^whs_/),
      tenantId: tenantA,
      url: receiver.url(created.name),
      events: ['booking.cancelled'],
      description: 'CRM',
      status: 'active',
      signingSecret: expect.stringMatching(/^whsec_/),
    });
    const path = `/api/webhook-subscriptions/${created.subscriptionId}`;
    const got = await h.call(viewerA, 'GET', path);
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('signingSecret');
    const list = await h.call(viewerA, 'GET', '/api/webhook-subscriptions?limit=100');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((s: { subscriptionId: string }) => s.subscriptionId)).toContain(
      created.subscriptionId,
    );
    expect(JSON.stringify(list.body)).not.toContain(created.signingSecret);
    expect(list.body.data.nextCursor).toBeNull();

    const patched = await h.call(ownerA, 'PATCH', path, { events: [], status: 'disabled' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ events: [], status: 'disabled', description: 'CRM' });

    const rotated = await h.call(ownerA, 'POST', `${path}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.signingSecret).toMatch(/^whsec_/);
    expect(rotated.body.data.signingSecret).not.toBe(created.signingSecret);
  });

  it('deletes a subscription (write role; another tenant’s is NOT_FOUND); a full workspace is QUOTA_EXCEEDED 409 until it does', async () => {
    const tenant = (await h.createTenant('hooks-quota')).tenantId;
    const owner = await h.mintSession([[tenant, 'tenant_owner']]);
    const viewer = await h.mintSession([[tenant, 'tenant_viewer']]);
    const post = () => h.call(owner, 'POST', '/api/webhook-subscriptions', { url: receiver.url('quota') });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.subscriptionId);
    }
    const full = await post();
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('already has 20 webhook subscriptions'),
    });

    const path = `/api/webhook-subscriptions/${ids[0]}`;
    expect((await h.call(viewer, 'DELETE', path)).body.error.code).toBe('FORBIDDEN');
    expect((await h.call(ownerB, 'DELETE', path)).body.error.code).toBe('NOT_FOUND');
    const deleted = await h.call(owner, 'DELETE', path);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ subscriptionId: ids[0], tenantId: tenant, status: 'active' });
    expect((await h.call(owner, 'GET', path)).status).toBe(404);
    expect((await h.call(owner, 'DELETE', path)).status).toBe(404);
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(409);
  });

  it('refuses what the URL policy and the field rules refuse, at the body path', async () => {
    const post = (body: unknown) => h.call(ownerA, 'POST', '/api/webhook-subscriptions', body);
    expectViolation(await post({ url: 'ftp://example.com/x' }), 'body.url');
    expectViolation(await post({ url: 'http://10.0.0.1/hook' }), 'body.url');
    expectViolation(await post({ url: 'http://169.254.169.254/' }), 'body.url');
    expectViolation(await post({ url: 'https://169.254.169.254/latest/meta-data/' }), 'body.url');
    expectViolation(await post({ url: receiver.url('x'), events: ['booking.created', 'booking.*'] }), 'body.events.1');
    expectViolation(await post({ url: receiver.url('x'), description: 'd'.repeat(501) }), 'body.description');
    expectViolation(await post({ url: receiver.url('x'), secret: 'mine' }), 'body');
    expectViolation(await post({}), 'body.url');
    const { subscriptionId } = await subscribe();
    expectViolation(await h.call(ownerA, 'PATCH', `/api/webhook-subscriptions/${subscriptionId}`, {}), 'body');
    expectViolation(
      await h.call(ownerA, 'PATCH', `/api/webhook-subscriptions/${subscriptionId}`, { status: 'paused' }),
      'body.status',
    );
    expectViolation(
      await h.call(ownerA, 'PATCH', `/api/webhook-subscriptions/${subscriptionId}`, { url: 'http://10.0.0.1/' }),
      'body.url',
    );
  });

  it('needs a session to read, a write role and CSRF to change', async () => {
    const { subscriptionId } = await subscribe();
    const path = `/api/webhook-subscriptions/${subscriptionId}`;
    expect((await h.call(null, 'GET', '/api/webhook-subscriptions')).status).toBe(401);
    expect((await h.call(staffA, 'GET', path)).status).toBe(200);
    for (const who of [viewerA, staffA]) {
      expect(
        (await h.call(who, 'POST', '/api/webhook-subscriptions', { url: receiver.url('x') })).body.error.code,
      ).toBe('FORBIDDEN');
      expect((await h.call(who, 'PATCH', path, { status: 'disabled' })).status).toBe(403);
      expect((await h.call(who, 'POST', `${path}/rotate-secret`)).status).toBe(403);
    }
    const noCsrf = await h.call(ownerA, 'PATCH', path, { status: 'disabled' }, { csrf: false });
    expect(noCsrf.body.error.code).toBe('CSRF_INVALID');
  });
});

describe('/api/webhook-deliveries', () => {
  it('lists and shows deliveries with their attempts; replay answers 202 and keeps the history', async () => {
    const sub = await subscribe();
    receiver.script(sub.name, { status: 400 });
    const event = await publish(tenantA, 'booking.confirmed');
    const failed = await eventually('the failed delivery', async () => {
      const res = await h.call(
        viewerA,
        'GET',
        `/api/webhook-deliveries?subscriptionId=${sub.subscriptionId}&status=failed`,
      );
      return res.body.data.items[0];
    });
    expect(failed).toMatchObject({
      subscriptionId: sub.subscriptionId,
      eventId: event.id,
      eventType: 'booking.confirmed',
      bookingId: event.bookingId,
      status: 'failed',
      series: 1,
      attemptCount: 1,
      nextAttemptAtMs: null,
    });
    expect(failed).not.toHaveProperty('attempts');
    const detail = await h.call(viewerA, 'GET', `/api/webhook-deliveries/${failed.deliveryId}`);
    expect(detail.body.data.attempts).toEqual([
      {
        series: 1,
        attemptNo: 1,
        startedAtMs: expect.any(Number),
        durationMs: expect.any(Number),
        responseStatus: 400,
        error: 'HTTP 400 is not retried',
        nextAttemptAtMs: null,
      },
    ]);

    expect((await h.call(viewerA, 'POST', `/api/webhook-deliveries/${failed.deliveryId}/replay`)).status).toBe(403);
    const replay = await h.call(ownerA, 'POST', `/api/webhook-deliveries/${failed.deliveryId}/replay`);
    expect(replay.status, JSON.stringify(replay.body)).toBe(202);
    expect(replay.body.data).toMatchObject({ deliveryId: failed.deliveryId, status: 'pending', series: 2 });
    const done = await eventually('the replayed delivery', async () => {
      const res = await h.call(viewerA, 'GET', `/api/webhook-deliveries/${failed.deliveryId}`);
      return res.body.data.status === 'succeeded' ? res.body.data : undefined;
    });
    expect(done.attempts.map((a: { series: number; responseStatus: number }) => [a.series, a.responseStatus])).toEqual([
      [1, 400],
      [2, 200],
    ]);
    expect(receiver.received(sub.name).map((r) => r.event.id)).toEqual([event.id, event.id]);

    const byBooking = await h.call(
      viewerA,
      'GET',
      `/api/webhook-deliveries?bookingId=${event.bookingId}&eventType=booking.confirmed`,
    );
    // The tenant's other active subscriptions got the event too: one delivery each.
    const items = byBooking.body.data.items as Array<{ deliveryId: string; eventId: string }>;
    expect(items.map((i) => i.deliveryId)).toContain(failed.deliveryId);
    expect(new Set(items.map((i) => i.eventId))).toEqual(new Set([event.id]));
    expectViolation(await h.call(viewerA, 'GET', '/api/webhook-deliveries?status=done'), 'query.status');
    expectViolation(await h.call(viewerA, 'GET', '/api/webhook-deliveries?eventType=booking.*'), 'query.eventType');
    expectViolation(await h.call(viewerA, 'GET', '/api/webhook-deliveries?limit=101'), 'query.limit');
  });
});

describe('the delivery log pages newest first', () => {
  it('over several pages, each delivery once, none missing', async () => {
    const sub = await subscribe();
    const published: string[] = [];
    for (let i = 0; i < 23; i++) {
      const { id } = await publish(tenantA, i % 2 ? 'booking.confirmed' : 'booking.created');
      published.push(id);
      // Stored before the next is published, so creation order is publish order.
      await eventually('the delivery', async () => (receiver.received(sub.name).length > i ? true : undefined));
      await new Promise((r) => setTimeout(r, 2));
    }
    const pages: Array<Array<{ deliveryId: string; eventId: string; createdAtMs: number }>> = [];
    let cursor: string | null = null;
    do {
      const res = await h.call(
        viewerA,
        'GET',
        `/api/webhook-deliveries?subscriptionId=${sub.subscriptionId}&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.data.items);
      cursor = res.body.data.nextCursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    const listed = pages.flat();
    expect(listed.map((d) => d.eventId)).toEqual([...published].reverse());
    expect(new Set(listed.map((d) => d.deliveryId)).size).toBe(23);
    for (let i = 1; i < listed.length; i++) expect(listed[i]!.createdAtMs).toBeLessThan(listed[i - 1]!.createdAtMs);
  });
});

describe('tenant isolation', () => {
  it('another tenant’s subscriptions and deliveries are NOT_FOUND on every route and absent from its lists', async () => {
    const sub = await subscribe();
    const event = await publish(tenantA);
    const delivery = await eventually('the delivery', async () => {
      const res = await h.call(ownerA, 'GET', `/api/webhook-deliveries?subscriptionId=${sub.subscriptionId}`);
      return res.body.data.items.find((d: { eventId: string }) => d.eventId === event.id);
    });
    const s = `/api/webhook-subscriptions/${sub.subscriptionId}`;
    const d = `/api/webhook-deliveries/${delivery.deliveryId}`;
    for (const [method, path, body] of [
      ['GET', s, undefined],
      ['PATCH', s, { status: 'disabled' }],
      ['POST', `${s}/rotate-secret`, undefined],
      ['GET', d, undefined],
      ['POST', `${d}/replay`, undefined],
    ] as const) {
      const res = await h.call(ownerB, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    for (const path of ['/api/webhook-subscriptions', `/api/webhook-deliveries?subscriptionId=${sub.subscriptionId}`]) {
      expect((await h.call(ownerB, 'GET', path)).body.data.items).toEqual([]);
    }
    expect((await h.call(ownerA, 'GET', s)).body.data.status).toBe('active');
  });
});
