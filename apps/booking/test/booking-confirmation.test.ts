// A service's confirmation policy at the service boundary (docs/decisions.md "Confirmation
// policy"): the real booking service over gRPC with the real catalog and customer services. An
// automatic service's create commits the hold, then confirms it as `system` in a transaction of
// its own (booking.created, then booking.confirmed); a manual one stays held. When the confirm
// does not happen (the store fails between the two transactions), a replay or the sweeper
// confirms the hold later, and never claims a confirmation for a hold that expired first.

import { describe, expect, it } from 'vitest';
import type { bookingV1 } from '@svc/proto';
import { openSqliteStore, StoreUnavailableError, type DocumentStore } from '@svc/store';
import { AUTO_CONFIRM_AFTER_MS } from '../src/application/automatic-confirmation.js';
import type { BookingDoc } from '../src/store/records.js';
import {
  addService,
  bookingOf,
  create,
  createBookableTenant,
  createRequest,
  eventually,
  failure,
  handSweeper,
  HOLD_MS,
  localSlot,
  startBooking,
  storedFor,
  type BookableTenant,
  type BookingHarness,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

/** A bookable tenant whose service confirms automatically. */
async function automaticTenant(): Promise<BookableTenant> {
  const tenant = await createBookableTenant(suite.deps.catalog);
  const service = await addService(suite.deps.catalog, tenant.tenantId, {
    staffIds: [tenant.staffId],
    confirmation: 'automatic',
  });
  return { ...tenant, service };
}

/** The booking's outbox rows, oldest first. */
async function eventsOf(harness: BookingHarness, booking: bookingV1.Booking) {
  const { outbox } = await storedFor(harness.store, booking.tenantId);
  return outbox.filter((e) => e.key === booking.bookingId).sort((a, b) => (a._id < b._id ? -1 : 1));
}

/**
 * The store of a booking service whose transaction number `n` (counted from `failTransaction`)
 * fails as an outage would, as if the process died there: the create's confirm, when n = 2.
 */
async function failingStore(): Promise<{ store: DocumentStore; failTransaction(n: number): void }> {
  const real = await openSqliteStore({ file: ':memory:' });
  let countdown = 0;
  const store = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop !== 'withTransaction') return Reflect.get(target, prop, receiver) as unknown;
      return (fn: Parameters<DocumentStore['withTransaction']>[0]) => {
        if (countdown > 0 && --countdown === 0) throw new StoreUnavailableError('the store went away');
        return target.withTransaction(fn);
      };
    },
  });
  return { store, failTransaction: (n) => (countdown = n) };
}

/**
 * A booking service on `clock` whose store fails the transaction after the create's (as if the
 * process died between the two), and a hold of an automatic service its create left
 * unconfirmed (the create failed with 503). `fn` gets them; everything is stopped after it.
 */
async function withUnconfirmedHold(
  clock: { now: number } | null,
  opts: { holdSweepMs?: number },
  fn: (ctx: {
    harness: BookingHarness;
    tenant: BookableTenant;
    req: bookingV1.CreateBookingRequest;
    held: BookingDoc;
  }) => Promise<void>,
): Promise<void> {
  const { store, failTransaction } = await failingStore();
  const harness = await startBooking(suite.deps, { store, ...(clock ? { now: () => clock.now } : {}), ...opts });
  try {
    const tenant = await automaticTenant();
    const req = createRequest(tenant, localSlot(3, 10));
    failTransaction(2);
    const err = await failure(create(harness.client, req));
    expect([err.code, err.httpStatus]).toEqual(['BOOKING_POLICY_BLOCKED', 503]);
    const stored = await storedFor(harness.store, tenant.tenantId);
    expect(stored.bookings).toEqual([expect.objectContaining({ status: 'held', confirmation: 'automatic' })]);
    expect(stored.outbox.map((e) => e.type)).toEqual(['booking.created']);
    await fn({ harness, tenant, req, held: stored.bookings[0]! });
  } finally {
    await harness.stop();
  }
}

describe('automatic confirmation', () => {
  it('confirms at once: the create answers confirmed, booking.created then booking.confirmed by system', async () => {
    const tenant = await automaticTenant();
    const req = createRequest(tenant, localSlot(3, 10));
    const res = await create(suite.svc.client, req);
    const booking = bookingOf(res);
    expect(res.idempotentReplay).toBe(false);
    expect(booking).toMatchObject({ status: 'confirmed', revision: 1 });
    expect(booking.holdExpiresAtMs).toBeUndefined();

    const events = await eventsOf(suite.svc, booking);
    expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed']);
    expect(events[0]!.data).toMatchObject({ booking: { status: 'held' } });
    expect(events[1]!.data).toMatchObject({ booking: { status: 'confirmed' }, actor: 'system' });
    expect(events[1]!.data.customer).toEqual(events[0]!.data.customer);
    const [stored] = (await storedFor(suite.svc.store, tenant.tenantId)).bookings;
    expect(stored).toMatchObject({ status: 'confirmed', confirmation: 'automatic', holdExpiresAtMs: null });

    // A replay answers the same, and writes nothing.
    const again = await create(suite.svc.client, req);
    expect(again.idempotentReplay).toBe(true);
    expect(again.booking).toEqual(booking);
    expect(await eventsOf(suite.svc, booking)).toHaveLength(2);
    // The slot is taken as by any confirmed booking.
    expect((await failure(create(suite.svc.client, createRequest(tenant, booking.startsAtMs)))).code).toBe(
      'BOOKING_SLOT_UNAVAILABLE',
    );
  });

  it('leaves a manual service held, and its replay answers held even once confirmed', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const req = createRequest(tenant, localSlot(3, 11));
    const booking = bookingOf(await create(suite.svc.client, req));
    expect(booking).toMatchObject({ status: 'held', revision: 0 });
    expect((await eventsOf(suite.svc, booking)).map((e) => e.type)).toEqual(['booking.created']);
    await suite.svc.client.changeBookingStatus({ ...booking, action: 'confirm', reason: '', actor: 'staff' });
    const events = await eventsOf(suite.svc, booking);
    expect(events.at(-1)!.data).toMatchObject({ actor: 'staff' });
    expect(bookingOf(await create(suite.svc.client, req)).status).toBe('held');
  });

  it('refuses `system` as the actor of a request', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const booking = bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(3, 12))));
    const err = await failure(
      suite.svc.client.changeBookingStatus({ ...booking, action: 'confirm', reason: '', actor: 'system' }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
  });
});

describe('a confirm that did not happen with the create', () => {
  it('fails the create with 503 and is made by the replay, which answers confirmed', async () => {
    await withUnconfirmedHold(null, {}, async ({ harness, req, held }) => {
      const replay = await create(harness.client, req);
      expect(replay.idempotentReplay).toBe(true);
      const booking = bookingOf(replay);
      expect(booking).toMatchObject({ bookingId: held._id, status: 'confirmed', revision: 1 });
      expect(booking.holdExpiresAtMs).toBeUndefined();
      const events = await eventsOf(harness, booking);
      expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed']);
      expect(events[1]!.data).toMatchObject({ actor: 'system' });
      expect(bookingOf(await create(harness.client, req))).toEqual(booking);
    });
  });

  it('is made by the sweeper once no create can still be at it, before the hold runs out; manual holds stay', async () => {
    const clock = { now: Date.now() };
    await withUnconfirmedHold(clock, {}, async ({ harness, tenant, held }) => {
      const { sweeper, close } = handSweeper(suite.deps, harness, () => clock.now);
      try {
        const manualService = await addService(suite.deps.catalog, tenant.tenantId, { staffIds: [tenant.staffId] });
        const manual = bookingOf(
          await create(harness.client, createRequest({ ...tenant, service: manualService }, localSlot(3, 11))),
        );
        expect(await sweeper.confirmOnce()).toBe(0); // a create may still be at it
        clock.now += AUTO_CONFIRM_AFTER_MS;
        const counts = await Promise.all([sweeper.confirmOnce(), sweeper.confirmOnce()]);
        expect(counts.reduce((a, b) => a + b)).toBe(1);
        const got = await harness.client.getBooking({ tenantId: tenant.tenantId, bookingId: held._id, actor: '' });
        expect(got.booking).toMatchObject({ status: 'confirmed' });
        const events = await eventsOf(harness, got.booking!);
        expect(events.map((e) => [e.type, e.data.actor])).toEqual([
          ['booking.created', undefined],
          ['booking.confirmed', 'system'],
        ]);
        // The manual hold is not the sweeper's to confirm: it expires.
        clock.now += HOLD_MS;
        expect(await sweeper.confirmOnce()).toBe(0);
        expect(await sweeper.sweepOnce()).toBe(1);
        const expired = await harness.client.getBooking({
          tenantId: tenant.tenantId,
          bookingId: manual.bookingId,
          actor: '',
        });
        expect(expired.booking).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
      } finally {
        close();
      }
    });
  });

  it('expires a hold that ran out before anyone confirmed it, and its replay says so', async () => {
    const clock = { now: Date.now() };
    await withUnconfirmedHold(clock, {}, async ({ harness, req }) => {
      const { sweeper, close } = handSweeper(suite.deps, harness, () => clock.now);
      try {
        clock.now += HOLD_MS;
        expect(await sweeper.confirmOnce()).toBe(0);
        expect(await sweeper.sweepOnce()).toBe(1);
        const replay = bookingOf(await create(harness.client, req));
        expect(replay).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
      } finally {
        close();
      }
    });
  });

  it('the running service confirms by itself', async () => {
    const clock = { now: Date.now() };
    await withUnconfirmedHold(clock, { holdSweepMs: 50 }, async ({ harness, tenant }) => {
      clock.now += AUTO_CONFIRM_AFTER_MS;
      const types = await eventually('the sweeper to confirm it', async () => {
        const { outbox } = await storedFor(harness.store, tenant.tenantId);
        return outbox.length === 2 ? outbox.map((e) => e.type).sort() : undefined;
      });
      expect(types).toEqual(['booking.confirmed', 'booking.created']);
    });
  });
});
