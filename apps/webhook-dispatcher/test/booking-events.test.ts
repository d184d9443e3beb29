// Every booking event from the real booking service (with the real catalog and customer
// services, all over gRPC, sharing one in-process bus with the dispatcher as in the embedded
// platform) reaches a real receiver once per subscription, signed, with the documented envelope
// (the specification's "Events"): payloadVersion 1, data.booking, data.service, data.customer,
// and data.previous on booking.rescheduled.

import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookingService } from '@svc/booking';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { InProcessEventBus } from '@svc/events';
import { connectService, type BookingClient, type CatalogClient, type RunningGrpcHost } from '@svc/grpc';
import { InProcessLockManager } from '@svc/lock';
import { bookingV1, catalogV1, customerV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant, openEveryDay, startWebhookReceiver, type WebhookReceiver } from '@svc/testing';
import {
  borrowedBus,
  eventually,
  HOST_SETTINGS,
  startDispatcher,
  type DispatcherHarness,
} from './support/dispatcher.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let bus: InProcessEventBus;
let catalogHost: RunningGrpcHost;
let customerHost: RunningGrpcHost;
let bookingHost: RunningGrpcHost;
let catalog: CatalogClient;
let booking: BookingClient;
let dispatcher: DispatcherHarness;
let receiver: WebhookReceiver;
/** The booking service's clock runs this far ahead (hold expiry without waiting 10 minutes). */
let clockAheadMs = 0;

beforeAll(async () => {
  bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
  const silent = (name: string) => createLogger(name, 'silent');
  catalogHost = await startCatalogService(HOST_SETTINGS, {
    logger: silent('catalog'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  customerHost = await startCustomerService(HOST_SETTINGS, {
    logger: silent('customer'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  bookingHost = await startBookingService(HOST_SETTINGS, {
    logger: silent('booking'),
    store: await openSqliteStore({ file: ':memory:' }),
    lock: new InProcessLockManager(),
    bus: borrowedBus(bus),
    catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
    customers: connectService(customerV1.CustomerServiceService, customerHost.address),
    lockWaitMs: 5_000,
    holdSweepMs: 100,
    now: () => Date.now() + clockAheadMs,
  });
  dispatcher = await startDispatcher({ bus: borrowedBus(bus) });
  catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
  booking = connectService(bookingV1.BookingServiceService, bookingHost.address);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  catalog?.close();
  booking?.close();
  await dispatcher?.stop();
  await bookingHost?.stop();
  await Promise.all([catalogHost?.stop(), customerHost?.stop()]);
  await bus?.close();
  await receiver?.close();
});

/** A tenant in UTC open all day, every day, with one staff member and a 30-minute service. */
async function bookableTenant() {
  const { tenantId } = await createTestTenant(catalog, { timezone: 'UTC' });
  const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'Sam' } });
  await openEveryDay(catalog, tenantId, [
    ['tenant', tenantId],
    ['staff', staff!.staffId],
  ]);
  const { service } = await catalog.createService({
    tenantId,
    fields: {
      slug: 'checkup',
      name: 'Check-up',
      durationMin: 30,
      slotIntervalMin: 30,
      staffIds: [staff!.staffId],
      staffIdsSet: true,
      resourceIds: [],
      resourceIdsSet: true,
      questions: [],
      questionsSet: false,
      staffWeights: {},
      staffWeightsSet: false,
    },
  });
  return { tenantId, service: service! };
}

/** A :00 or :30 UTC instant `days` days ahead (on the service's grid), plus `slots` half hours. */
const slot = (days: number, slots = 0) => Math.ceil(Date.now() / (30 * MIN)) * 30 * MIN + days * DAY + slots * 30 * MIN;

async function createBooking(tenantId: string, startsAtMs: number, customerName: string) {
  const body = {
    serviceSlug: 'checkup',
    startsAtMs,
    source: 'public_page',
    customer: { name: customerName, primaryEmail: `${randomUUID().slice(0, 8)}@example.com` },
    notes: '',
    timezone: '',
  };
  const { booking: created } = await booking.createBooking({
    tenantId,
    idempotencyKey: randomUUID(),
    idempotencyScope: '',
    answers: [],
    requestFingerprint: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
    ...body,
  });
  return created!;
}

const change = (tenantId: string, bookingId: string, action: string) =>
  booking.changeBookingStatus({ tenantId, bookingId, action, reason: '', actor: 'staff' });

describe('booking events to webhooks', () => {
  it('delivers created, confirmed, rescheduled, cancelled, completed, no_show and expired once per subscription', async () => {
    const { tenantId, service } = await bookableTenant();
    const subscriptions: Array<{ name: string; subscriptionId: string }> = [];
    for (const name of ['crm', 'analytics']) {
      const res = await dispatcher.client.createSubscription({
        tenantId,
        url: receiver.url(name),
        events: [],
        description: name,
      });
      receiver.setSecret(name, res.signingSecret);
      subscriptions.push({ name, subscriptionId: res.subscription!.subscriptionId });
    }

    const a = await createBooking(tenantId, slot(2), 'Ann');
    await change(tenantId, a.bookingId, 'confirm');
    await booking.rescheduleBooking({ tenantId, bookingId: a.bookingId, startsAtMs: slot(3), actor: 'staff' });
    await change(tenantId, a.bookingId, 'complete');
    const b = await createBooking(tenantId, slot(2, 2), 'Bob');
    await change(tenantId, b.bookingId, 'confirm');
    await change(tenantId, b.bookingId, 'no_show');
    const c = await createBooking(tenantId, slot(2, 4), 'Cy');
    await change(tenantId, c.bookingId, 'cancel');
    const d = await createBooking(tenantId, slot(2, 6), 'Di');
    clockAheadMs = 11 * MIN; // the hold has run out; the sweeper expires it
    await eventually('the hold to expire', async () => {
      const { booking: got } = await booking.getBooking({ tenantId, bookingId: d.bookingId, actor: 'staff' });
      return got?.status === 'cancelled' ? true : undefined;
    });

    const expected = [
      ['booking.created', a.bookingId],
      ['booking.confirmed', a.bookingId],
      ['booking.rescheduled', a.bookingId],
      ['booking.completed', a.bookingId],
      ['booking.created', b.bookingId],
      ['booking.confirmed', b.bookingId],
      ['booking.no_show', b.bookingId],
      ['booking.created', c.bookingId],
      ['booking.cancelled', c.bookingId],
      ['booking.created', d.bookingId],
      ['booking.expired', d.bookingId],
    ];
    for (const { name, subscriptionId } of subscriptions) {
      await eventually(`${name} to have every delivery succeeded`, async () => {
        const { items } = await dispatcher.client.listDeliveries({
          tenantId,
          subscriptionId,
          status: 'succeeded',
          eventType: '',
          bookingId: '',
        });
        return items.length === expected.length ? true : undefined;
      });
    }
    const [crm, analytics] = subscriptions.map((s) => receiver.received(s.name));
    for (const got of [crm!, analytics!]) {
      // Once each: as many requests as events, every event id once.
      expect(got).toHaveLength(expected.length);
      expect(new Set(got.map((r) => r.event.id)).size).toBe(expected.length);
      // Per booking, in the order the changes happened.
      for (const id of [a.bookingId, b.bookingId, c.bookingId, d.bookingId]) {
        expect(
          got.filter((r) => (r.event.data.booking as { bookingId: string }).bookingId === id).map((r) => r.event.type),
        ).toEqual(expected.filter(([, bookingId]) => bookingId === id).map(([type]) => type));
      }
      expect(receiver.rejected(subscriptions[0]!.name) + receiver.rejected(subscriptions[1]!.name)).toBe(0);
    }
    // Both subscriptions got the same events.
    expect(new Set(crm!.map((r) => r.event.id))).toEqual(new Set(analytics!.map((r) => r.event.id)));

    for (const { event, headers } of crm!) {
      expect(Object.keys(event).sort()).toEqual(['data', 'id', 'occurredAtMs', 'payloadVersion', 'type']);
      expect(event.payloadVersion).toBe(1);
      expect(headers['x-service-event-id']).toBe(event.id);
      expect(headers['x-service-event-type']).toBe(event.type);
      const data = event.data as Record<string, Record<string, unknown>>;
      expect(Object.keys(data.booking!).sort()).toEqual(
        [
          // The intake answers (docs/decisions.md "Intake questions"); [] for a service without questions.
          'answers',
          'bookingId',
          'endsAtMs',
          // The seats it takes (docs/decisions.md "Seats").
          'partySize',
          'revision',
          'serviceId',
          'staffId',
          // Every staff member it occupies (docs/decisions.md "Staff assignment").
          'staffIds',
          'startsAtMs',
          'status',
          'tenantId',
          'timezone',
          // The booking's state beyond the change (docs/architecture.md "Events"): a reader
          // composes from the event without reading the booking back.
          'createdAtMs',
          'holdExpiresAtMs',
          'cancelReason',
          'cancelCutoffMin',
          'rescheduleCutoffMin',
          'customerActions',
        ].sort(),
      );
      // Who made a change: on every change's event, not on the create's (docs/architecture.md "Events").
      expect(event.data.actor).toBe(
        event.type === 'booking.created' ? undefined : event.type === 'booking.expired' ? 'system' : 'staff',
      );
      expect(data.booking).toMatchObject({ tenantId, serviceId: service.serviceId, timezone: 'UTC' });
      expect(data.service).toEqual({ serviceId: service.serviceId, slug: 'checkup', name: 'Check-up' });
      expect(data.customer).toEqual({
        customerId: expect.stringMatching(/.+/),
        name: expect.any(String),
        primaryEmail: expect.stringMatching(/@example\.com$/),
      });
      if (event.type === 'booking.rescheduled') {
        expect(data.previous).toEqual({ startsAtMs: slot(2), endsAtMs: slot(2) + 30 * MIN });
        expect(data.booking).toMatchObject({ startsAtMs: slot(3), endsAtMs: slot(3) + 30 * MIN });
      } else {
        expect(data.previous).toBeUndefined();
      }
    }
    const statusOf = (type: string) =>
      (crm!.find((r) => r.event.type === type)!.event.data.booking as { status: string }).status;
    expect(
      Object.fromEntries(
        [
          'booking.created',
          'booking.confirmed',
          'booking.cancelled',
          'booking.completed',
          'booking.no_show',
          'booking.expired',
        ].map((type) => [type, statusOf(type)]),
      ),
    ).toEqual({
      'booking.created': 'held',
      'booking.confirmed': 'confirmed',
      'booking.cancelled': 'cancelled',
      'booking.completed': 'completed',
      'booking.no_show': 'no_show',
      'booking.expired': 'cancelled',
    });
    // The traced calls' trace continues into the webhook request.
    for (const { headers } of crm!) expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});
