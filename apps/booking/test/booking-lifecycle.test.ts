// The booking lifecycle at the service boundary (docs/decisions.md "Booking lifecycle"): the real
// booking service over gRPC with the real catalog and customer services. Each change writes
// exactly one outbox row of its type; a refused one writes nothing.

import { describe, expect, it } from 'vitest';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import type { bookingV1 } from '@svc/proto';
import type { HoldExpiry } from '../src/application/hold-expiry.js';
import { catalogSchedules } from '../src/clients/catalog-schedules.js';
import { openSqliteStore, type DocumentStore, type Filter, type Tx } from '@svc/store';
import {
  bookingOf,
  codeCounts,
  create,
  createBookableTenant,
  createRequest,
  failure,
  handSweeper,
  HOLD_MS,
  localSlot,
  MIN,
  settleAll,
  startBooking,
  storedFor,
  type BookableTenant,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

/** A fresh tenant and one held booking of it at `daysAhead` days, 10:00 local. */
async function heldBooking(
  daysAhead = 3,
  harness = suite.svc,
): Promise<{ tenant: BookableTenant; booking: bookingV1.Booking }> {
  const tenant = await createBookableTenant(suite.deps.catalog);
  const booking = bookingOf(await create(harness.client, createRequest(tenant, localSlot(daysAhead, 10))));
  return { tenant, booking };
}

function change(booking: bookingV1.Booking, action: string, reason = '', actor = 'staff', harness = suite.svc) {
  return harness.client.changeBookingStatus({
    tenantId: booking.tenantId,
    bookingId: booking.bookingId,
    action,
    reason,
    actor,
  });
}

function reschedule(booking: bookingV1.Booking, startsAtMs: number, actor = 'staff') {
  return suite.svc.client.rescheduleBooking({
    tenantId: booking.tenantId,
    bookingId: booking.bookingId,
    startsAtMs,
    actor,
  });
}

/** The booking's outbox rows after booking.created, oldest first. */
async function laterEvents(booking: bookingV1.Booking, harness = suite.svc) {
  const { outbox } = await storedFor(harness.store, booking.tenantId);
  return outbox
    .filter((e) => e.key === booking.bookingId && e.type !== 'booking.created')
    .sort((a, b) => (a._id < b._id ? -1 : 1));
}

describe('status changes', () => {
  it('confirms a hold: status, revision and one booking.confirmed row with the envelope', async () => {
    const { booking } = await heldBooking();
    const { booking: confirmed } = await change(booking, 'confirm');
    expect(confirmed).toMatchObject({ status: 'confirmed', revision: 1, bookingId: booking.bookingId });
    expect(confirmed!.holdExpiresAtMs).toBeUndefined();
    const [event, ...more] = await laterEvents(booking);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'booking.confirmed',
      payloadVersion: 1,
      key: booking.bookingId,
      data: {
        booking: { bookingId: booking.bookingId, status: 'confirmed', startsAtMs: booking.startsAtMs },
        service: { serviceId: booking.serviceId, slug: booking.serviceSlug },
        customer: { customerId: booking.customerId },
      },
    });
    const got = await suite.svc.client.getBooking({
      tenantId: booking.tenantId,
      bookingId: booking.bookingId,
      actor: 'staff',
    });
    expect(got.booking).toEqual(confirmed);
    expect(got.allowedActions).toEqual(['cancel', 'complete', 'no_show', 'reschedule']);
  });

  it.each([
    ['cancel', 'held', 'booking.cancelled', 'cancelled', { cancelReason: 'double entry' }],
    ['cancel', 'confirmed', 'booking.cancelled', 'cancelled', { cancelReason: 'double entry' }],
    ['complete', 'confirmed', 'booking.completed', 'completed', {}],
    ['no_show', 'confirmed', 'booking.no_show', 'no_show', { noShowReason: 'double entry' }],
  ])('%s from %s: %s', async (action, from, type, to, fields) => {
    const { booking } = await heldBooking();
    if (from === 'confirmed') await change(booking, 'confirm');
    const { booking: after } = await change(booking, action, 'double entry');
    expect(after).toMatchObject({ status: to, ...fields });
    const events = await laterEvents(booking);
    expect(events.map((e) => e.type)).toEqual(from === 'confirmed' ? ['booking.confirmed', type] : [type]);
    expect(events.at(-1)!.data).toMatchObject({ booking: { status: to } });
  });

  it('refuses every transition outside the table with BOOKING_POLICY_BLOCKED 409 and writes nothing', async () => {
    const { booking } = await heldBooking();
    for (const action of ['complete', 'no_show']) {
      const err = await failure(change(booking, action));
      expect([err.code, err.httpStatus]).toEqual(['BOOKING_POLICY_BLOCKED', 409]);
    }
    await change(booking, 'confirm');
    expect((await failure(change(booking, 'confirm'))).code).toBe('BOOKING_POLICY_BLOCKED');
    await change(booking, 'complete');
    for (const action of ['confirm', 'cancel', 'complete', 'no_show']) {
      expect((await failure(change(booking, action))).code).toBe('BOOKING_POLICY_BLOCKED');
    }
    expect((await failure(reschedule(booking, localSlot(4, 10)))).code).toBe('BOOKING_POLICY_BLOCKED');
    expect((await laterEvents(booking)).map((e) => e.type)).toEqual(['booking.confirmed', 'booking.completed']);
  });

  it('answers BOOKING_POLICY_BLOCKED 503, retryable, when another writer keeps winning the compare-and-set', async () => {
    // A rival writer commits a change of the booking just before every round's compare-and-set
    // (possible on MongoDB; SQLite serializes writers), so each round finds it changed.
    const real = await openSqliteStore({ file: ':memory:' });
    let rival = false;
    let rounds = 0;
    const contended = new Proxy(real, {
      get(target, prop) {
        if (prop !== 'collection') return (Reflect.get(target, prop) as (...a: unknown[]) => unknown).bind(target);
        return (name: string) => {
          const c = target.collection(name);
          if (name !== 'bookings') return c;
          return new Proxy(c, {
            get(coll, p) {
              const fn = (Reflect.get(coll, p) as (...a: unknown[]) => unknown).bind(coll);
              if (p !== 'updateOne') return fn;
              return async (filter: Filter, set: Record<string, unknown>, tx?: Tx) => {
                if (rival && typeof filter.revision === 'number') {
                  rounds++;
                  await c.updateOne({ _id: filter._id as string }, { revision: filter.revision + 1 }, tx);
                }
                return fn(filter, set, tx);
              };
            },
          });
        };
      },
    }) as DocumentStore;
    const harness = await startBooking(suite.deps, { store: contended });
    try {
      const { booking } = await heldBooking(3, harness);
      await change(booking, 'confirm', '', 'staff', harness);
      rival = true;
      const err = await failure(change(booking, 'cancel', '', 'staff', harness));
      expect([err.code, err.httpStatus, err.retryable]).toEqual(['BOOKING_POLICY_BLOCKED', 503, true]);
      expect(rounds).toBe(5);
      // Nothing of the lost rounds was written: the booking is confirmed, with no cancel event.
      expect((await laterEvents(booking, harness)).map((e) => e.type)).toEqual(['booking.confirmed']);
      rival = false;
      await change(booking, 'cancel', '', 'staff', harness);
      expect((await laterEvents(booking, harness)).map((e) => e.type)).toEqual([
        'booking.confirmed',
        'booking.cancelled',
      ]);
    } finally {
      await harness.stop();
    }
  });

  it('stores a reason trimmed, and a blank one as none', async () => {
    const { booking } = await heldBooking();
    expect((await change(booking, 'cancel', '   ')).booking!.cancelReason).toBe('');
    const { booking: other } = await heldBooking();
    expect((await change(other, 'cancel', '  late  ')).booking!.cancelReason).toBe('late');
    const { bookings } = await storedFor(suite.svc.store, booking.tenantId);
    expect(bookings[0]!.cancelReason).toBeNull();
  });

  it('lets a customer cancel (reason "customer") but not confirm', async () => {
    const { booking } = await heldBooking();
    expect((await failure(change(booking, 'confirm', '', 'customer'))).code).toBe('BOOKING_POLICY_BLOCKED');
    const { booking: after } = await change(booking, 'cancel', 'ignored', 'customer');
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
  });

  it("answers NOT_FOUND for an unknown booking or another tenant's, and VALIDATION_ERROR for bad input", async () => {
    const { booking } = await heldBooking();
    const other = await createBookableTenant(suite.deps.catalog);
    expect((await failure(change({ ...booking, tenantId: other.tenantId }, 'confirm'))).code).toBe('NOT_FOUND');
    expect((await failure(change({ ...booking, bookingId: 'bkg_nope' }, 'confirm'))).code).toBe('NOT_FOUND');
    const bad = await failure(change(booking, 'approve'));
    expect([bad.code, bad.details]).toEqual(['VALIDATION_ERROR', [{ path: 'action', message: expect.any(String) }]]);
    expect((await failure(change(booking, 'confirm', '', 'robot'))).details[0]!.path).toBe('actor');
    expect((await failure(change(booking, 'cancel', 'x'.repeat(501)))).details[0]!.path).toBe('reason');
    expect((await failure(reschedule(booking, -5))).details[0]!.path).toBe('startsAtMs');
    expect(await laterEvents(booking)).toEqual([]);
  });

  it('20 parallel confirms and cancels of one hold: only an allowed sequence happens, one row per change', async () => {
    const { booking } = await heldBooking();
    const calls = Array.from({ length: 20 }, (_, i) => change(booking, i % 2 === 0 ? 'confirm' : 'cancel'));
    const { ok, failed } = await settleAll(calls);
    expect(codeCounts(failed)).toEqual({ BOOKING_POLICY_BLOCKED: 20 - ok.length });
    const types = (await laterEvents(booking)).map((e) => e.type);
    // Either cancel won outright, or one confirm then one cancel.
    expect([['booking.cancelled'], ['booking.confirmed', 'booking.cancelled']]).toContainEqual(types);
    expect(ok).toHaveLength(types.length);
    const { bookings } = await storedFor(suite.svc.store, booking.tenantId);
    expect(bookings[0]).toMatchObject({ status: 'cancelled', revision: types.length });
  });
});

describe('reschedule', () => {
  it('moves a hold, keeping its expiry; one booking.rescheduled with previous, the old slot free at once', async () => {
    const { tenant, booking } = await heldBooking();
    const to = localSlot(3, 14);
    const { booking: moved } = await reschedule(booking, to);
    expect(moved).toMatchObject({ status: 'held', startsAtMs: to, endsAtMs: to + 30 * MIN, revision: 1 });
    expect(moved!.holdExpiresAtMs).toBe(booking.holdExpiresAtMs);
    const [event, ...more] = await laterEvents(booking);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'booking.rescheduled',
      data: {
        booking: { startsAtMs: to, status: 'held' },
        previous: { startsAtMs: booking.startsAtMs, endsAtMs: booking.endsAtMs },
      },
    });
    // The old slot can be booked again, the new one cannot.
    bookingOf(await create(suite.svc.client, createRequest(tenant, booking.startsAtMs)));
    expect((await failure(create(suite.svc.client, createRequest(tenant, to)))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
  });

  it('keeps a confirmed booking confirmed; a move onto its own current time or overlapping it is fine', async () => {
    const { booking } = await heldBooking();
    await change(booking, 'confirm');
    const { booking: same } = await reschedule(booking, booking.startsAtMs);
    expect(same).toMatchObject({ status: 'confirmed', startsAtMs: booking.startsAtMs, revision: 2 });
    expect(same!.holdExpiresAtMs).toBeUndefined();
    const { booking: next } = await reschedule(booking, booking.startsAtMs + 30 * MIN);
    expect(next).toMatchObject({ status: 'confirmed', startsAtMs: booking.startsAtMs + 30 * MIN, revision: 3 });
  });

  it('refuses a taken or misaligned start with BOOKING_SLOT_UNAVAILABLE and changes nothing', async () => {
    const { tenant, booking } = await heldBooking();
    const taken = bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(3, 12))));
    expect((await failure(reschedule(booking, taken.startsAtMs))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
    expect((await failure(reschedule(booking, localSlot(3, 12, 10)))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
    expect(await laterEvents(booking)).toEqual([]);
    const { bookings } = await storedFor(suite.svc.store, tenant.tenantId);
    expect(bookings.find((b) => b._id === booking.bookingId)).toMatchObject({
      startsAtMs: booking.startsAtMs,
      revision: 0,
    });
  });

  it('20 parallel moves of two bookings onto one free slot: exactly one lands there', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const a = bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(5, 9))));
    const b = bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(5, 11))));
    const target = localSlot(5, 15);
    const { ok, failed } = await settleAll(Array.from({ length: 20 }, (_, i) => reschedule(i % 2 ? a : b, target)));
    const { bookings, outbox } = await storedFor(suite.svc.store, tenant.tenantId);
    expect(bookings.filter((x) => x.startsAtMs === target)).toHaveLength(1);
    // The winner may move onto its own new time again; the other booking never gets there.
    const winner = bookings.find((x) => x.startsAtMs === target)!;
    expect(ok.every((r) => r.booking!.bookingId === winner._id)).toBe(true);
    expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 20 - ok.length });
    expect(outbox.filter((e) => e.type === 'booking.rescheduled')).toHaveLength(ok.length);
  });
});

describe('decisions under the lock read the catalog as it is', () => {
  /** Books 10:00 (which also fills the schedule cache for that day), then changes the catalog. */
  async function afterWarmCreate(): Promise<BookableTenant> {
    const tenant = await createBookableTenant(suite.deps.catalog);
    bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(6, 10))));
    return tenant;
  }

  it('a service hidden a moment before: SERVICE_INACTIVE', async () => {
    const tenant = await afterWarmCreate();
    await suite.deps.catalog.updateService({
      tenantId: tenant.tenantId,
      serviceId: tenant.service.serviceId,
      fields: {
        status: 'hidden',
        ...SERVICE_LISTS_UNCHANGED,
      },
    });
    expect((await failure(create(suite.svc.client, createRequest(tenant, localSlot(6, 11))))).code).toBe(
      'SERVICE_INACTIVE',
    );
  });

  it('a block added a moment before: BOOKING_SLOT_UNAVAILABLE', async () => {
    const tenant = await afterWarmCreate();
    await suite.deps.catalog.createBlockedTime({
      tenantId: tenant.tenantId,
      fields: {
        ownerType: 'tenant',
        ownerId: tenant.tenantId,
        startsAtMs: localSlot(6, 11),
        endsAtMs: localSlot(6, 12),
        reason: 'x',
      },
    });
    expect((await failure(create(suite.svc.client, createRequest(tenant, localSlot(6, 11))))).code).toBe(
      'BOOKING_SLOT_UNAVAILABLE',
    );
  });

  it('a holiday added a moment before: BOOKING_SLOT_UNAVAILABLE, for a reschedule too', async () => {
    const tenant = await afterWarmCreate();
    const other = bookingOf(await create(suite.svc.client, createRequest(tenant, localSlot(7, 10))));
    const date = new Date(localSlot(6, 12)).toLocaleDateString('en-CA', { timeZone: tenant.timezone });
    await suite.deps.catalog.createHoliday({ tenantId: tenant.tenantId, fields: { date, name: 'Closed' } });
    expect((await failure(create(suite.svc.client, createRequest(tenant, localSlot(6, 11))))).code).toBe(
      'BOOKING_SLOT_UNAVAILABLE',
    );
    expect((await failure(reschedule(other, localSlot(6, 11)))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
  });
});

describe('listing', () => {
  it('walks 120 bookings 50 at a time in (startsAtMs, bookingId) order, and filters', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const made: bookingV1.Booking[] = [];
    for (let i = 0; i < 120; i++) {
      // Five days of half-hour slots from 08:00 to 20:00 (clear of DST changes), made in shuffled order.
      const slot = (i * 37) % 120;
      const start = localSlot(10 + Math.floor(slot / 24), 8 + Math.floor((slot % 24) / 2), (slot % 2) * 30);
      made.push(bookingOf(await create(suite.svc.client, createRequest(tenant, start))));
    }
    const sizes: number[] = [];
    const seen: bookingV1.Booking[] = [];
    let cursor = '';
    do {
      const page = await suite.svc.client.listBookings({
        tenantId: tenant.tenantId,
        page: { limit: 50, cursor },
        status: '',
        serviceId: '',
        staffId: '',
        customerId: '',
      });
      sizes.push(page.items.length);
      seen.push(...page.items);
      cursor = page.page?.nextCursor ?? '';
    } while (cursor !== '');
    expect(sizes).toEqual([50, 50, 20]);
    const order = [...made].sort((x, y) => x.startsAtMs - y.startsAtMs || (x.bookingId < y.bookingId ? -1 : 1));
    expect(seen.map((b) => b.bookingId)).toEqual(order.map((b) => b.bookingId));

    await change(made[0]!, 'confirm');
    const list = (q: Partial<bookingV1.ListBookingsRequest>) =>
      suite.svc.client.listBookings({
        tenantId: tenant.tenantId,
        page: { limit: 100, cursor: '' },
        status: '',
        serviceId: '',
        staffId: '',
        customerId: '',
        ...q,
      });
    expect((await list({ status: 'confirmed' })).items.map((b) => b.bookingId)).toEqual([made[0]!.bookingId]);
    const from = order[10]!.startsAtMs;
    const to = order[15]!.startsAtMs;
    expect((await list({ fromMs: from, toMs: to })).items.map((b) => b.bookingId)).toEqual(
      order.slice(10, 15).map((b) => b.bookingId),
    );
    expect((await list({ customerId: made[7]!.customerId })).items.map((b) => b.bookingId)).toEqual([
      made[7]!.bookingId,
    ]);
    expect((await list({ staffId: tenant.staffId })).items).toHaveLength(100);
    expect((await list({ serviceId: 'svc_other' })).items).toEqual([]);

    const bad = await failure(
      list({ page: { limit: 101, cursor: 'not a cursor' }, status: 'done', fromMs: 5, toMs: 5 }),
    );
    expect(bad.details.map((d) => d.path).sort()).toEqual(['cursor', 'limit', 'status']);
    expect((await failure(list({ fromMs: 10, toMs: 5 }))).details).toEqual([
      { path: 'toMs', message: 'must be greater than fromMs' },
    ]);
  });
});

describe('hold expiry', () => {
  it('moves a hold that ran out to cancelled with booking.expired, once, with two sweepers racing; confirm after is 409', async () => {
    let clock = Date.now();
    const now = () => clock;
    const harness = await startBooking(suite.deps, { now });
    const replicas = [handSweeper(suite.deps, harness, now), handSweeper(suite.deps, harness, now)];
    try {
      const { booking } = await heldBooking(3, harness);
      const [one, two] = replicas.map((r) => r.sweeper) as [HoldExpiry, HoldExpiry];
      expect(await one.sweepOnce()).toBe(0); // not yet due
      clock += HOLD_MS;
      const counts = await Promise.all([one.sweepOnce(), two.sweepOnce(), one.sweepOnce(), two.sweepOnce()]);
      expect(counts.reduce((a, b) => a + b)).toBe(1);
      const events = await laterEvents(booking, harness);
      expect(events.map((e) => e.type)).toEqual(['booking.expired']);
      expect(events[0]!.data).toMatchObject({ booking: { status: 'cancelled' } });
      const got = await harness.client.getBooking({
        tenantId: booking.tenantId,
        bookingId: booking.bookingId,
        actor: 'staff',
      });
      expect(got.booking).toMatchObject({ status: 'cancelled', cancelReason: 'hold_expired' });
      expect(got.allowedActions).toEqual([]);
      expect((await failure(change(booking, 'confirm', '', 'staff', harness))).code).toBe('BOOKING_POLICY_BLOCKED');
    } finally {
      replicas.forEach((r) => r.close());
      await harness.stop();
    }
  });

  it('refuses to confirm a hold that ran out before the sweeper ran, and frees its slot at once', async () => {
    let clock = Date.now();
    const harness = await startBooking(suite.deps, { now: () => clock });
    try {
      const { tenant, booking } = await heldBooking(3, harness);
      clock += HOLD_MS + 1;
      expect((await failure(change(booking, 'confirm', '', 'staff', harness))).message).toContain('hold has expired');
      bookingOf(await create(harness.client, createRequest(tenant, booking.startsAtMs)));
    } finally {
      await harness.stop();
    }
  });

  it('the running service sweeps by itself', async () => {
    let clock = Date.now();
    const harness = await startBooking(suite.deps, { now: () => clock, holdSweepMs: 50 });
    try {
      const { booking } = await heldBooking(3, harness);
      clock += HOLD_MS;
      const deadline = Date.now() + 5_000;
      while ((await laterEvents(booking, harness)).length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await laterEvents(booking, harness)).map((e) => e.type)).toEqual(['booking.expired']);
    } finally {
      await harness.stop();
    }
  });
});

describe('the schedule cache under the lock', () => {
  it('reuses a snapshot while the catalog version is unchanged and reads again after any write', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    let snapshots = 0;
    const counting = new Proxy(suite.deps.catalog, {
      get(target, prop, receiver) {
        if (prop === 'getScheduleSnapshot') snapshots++;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const schedules = catalogSchedules(counting);
    const ask = () =>
      schedules.forService(tenant.tenantId, tenant.service.slug, localSlot(3, 0), localSlot(4, 0), { fresh: true });
    await ask();
    await ask();
    await ask();
    expect(snapshots).toBe(1);
    const date = new Date(localSlot(3, 12)).toLocaleDateString('en-CA', { timeZone: tenant.timezone });
    await suite.deps.catalog.createHoliday({ tenantId: tenant.tenantId, fields: { date, name: 'Closed' } });
    const after = await ask();
    expect(snapshots).toBe(2);
    expect(after.schedule.holidays).toEqual([{ date }]);
  });

  /** The catalog client, recording its snapshot and version reads. */
  const countingCatalog = () => {
    const calls: string[] = [];
    const counting = new Proxy(suite.deps.catalog, {
      get(target, prop, receiver) {
        if (prop === 'getScheduleSnapshot' || prop === 'getCatalogVersion') calls.push(prop);
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    return { calls, counting };
  };

  it('with the version the caller read, reuses the snapshot of exactly that version without asking the catalog', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const { calls, counting } = countingCatalog();
    const schedules = catalogSchedules(counting);
    const at = (version: string) =>
      schedules.forService(tenant.tenantId, tenant.service.slug, localSlot(3, 0), localSlot(4, 0), { version });
    const version = async () =>
      (await suite.deps.catalog.getCatalogVersion({ tenantId: tenant.tenantId })).catalogVersion;
    const v1 = await version();
    expect(v1).not.toBe('');
    await at(v1);
    await at(v1);
    expect(calls).toEqual(['getScheduleSnapshot']);
    const date = new Date(localSlot(3, 12)).toLocaleDateString('en-CA', { timeZone: tenant.timezone });
    await suite.deps.catalog.createHoliday({ tenantId: tenant.tenantId, fields: { date, name: 'Closed' } });
    const v2 = await version();
    expect(v2).not.toBe(v1);
    const after = await at(v2);
    expect(calls).toEqual(['getScheduleSnapshot', 'getScheduleSnapshot']);
    expect(after.schedule.holidays).toEqual([{ date }]);
    await at(v2);
    expect(calls).toHaveLength(2);
  });

  it('fresh with nothing kept reads the snapshot alone (current by itself); with an entry kept it asks the version first', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const { calls, counting } = countingCatalog();
    const schedules = catalogSchedules(counting);
    const fresh = () =>
      schedules.forService(tenant.tenantId, tenant.service.slug, localSlot(3, 0), localSlot(4, 0), { fresh: true });
    await fresh();
    expect(calls).toEqual(['getScheduleSnapshot']);
    await fresh();
    expect(calls).toEqual(['getScheduleSnapshot', 'getCatalogVersion']);
    const date = new Date(localSlot(3, 12)).toLocaleDateString('en-CA', { timeZone: tenant.timezone });
    await suite.deps.catalog.createHoliday({ tenantId: tenant.tenantId, fields: { date, name: 'Closed' } });
    expect((await fresh()).schedule.holidays).toEqual([{ date }]);
    expect(calls).toEqual(['getScheduleSnapshot', 'getCatalogVersion', 'getCatalogVersion', 'getScheduleSnapshot']);
  });
});
