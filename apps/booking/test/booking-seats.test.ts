// Seats at the service boundary (docs/decisions.md "Seats"): bookings of a seated service share
// a session up to its seats, decided under the lock with everything else; a cancel frees only its
// seats; a move takes its party along; a confirm keeps its place in the session. The real
// booking service over gRPC with the real catalog.

import { describe, expect, it } from 'vitest';
import type { bookingV1 } from '@svc/proto';
import {
  addService,
  bookingOf,
  create,
  createBookableTenant,
  createRequest,
  failure,
  localSlot,
  storedFor,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

/** A tenant with a class of `seats` seats and parties up to `maxPartySize`, taught by its staff member. */
async function classOf(seats: number, maxPartySize: number) {
  const tenant = await createBookableTenant(suite.deps.catalog);
  const service = await addService(suite.deps.catalog, tenant.tenantId, {
    staffIds: [tenant.staffId],
    seats,
    maxPartySize,
  });
  return { tenant, klass: { tenantId: tenant.tenantId, service } };
}

const book = (klass: Awaited<ReturnType<typeof classOf>>['klass'], startsAtMs: number, partySize: number) =>
  create(suite.svc.client, createRequest(klass, startsAtMs, { partySize }));

async function seatsLeft(klass: Awaited<ReturnType<typeof classOf>>['klass'], startsAtMs: number, partySize = 1) {
  const res = await suite.svc.client.getAvailability({
    tenantId: klass.tenantId,
    serviceSlug: klass.service.slug,
    fromMs: startsAtMs,
    toMs: startsAtMs + 1,
    catalogVersion: '',
    partySize,
  });
  return res.slotStartsMs[0] === startsAtMs ? res.slotSeatsLeft[0] : undefined;
}

describe('seats', () => {
  it('fills a session party by party and refuses the party that no longer fits', async () => {
    const { tenant, klass } = await classOf(5, 3);
    const at = localSlot(3, 10);
    expect(await seatsLeft(klass, at)).toBe(5);
    const first = bookingOf(await book(klass, at, 3));
    expect(first).toMatchObject({ partySize: 3, staffId: tenant.staffId });
    expect(await seatsLeft(klass, at)).toBe(2);
    expect(await seatsLeft(klass, at, 3)).toBeUndefined();
    const refused = await failure(book(klass, at, 3));
    expect([refused.code, refused.message]).toEqual(['BOOKING_SLOT_UNAVAILABLE', 'This time is not available (full).']);
    bookingOf(await book(klass, at, 2));
    expect(await seatsLeft(klass, at)).toBeUndefined();
    const { bookings, outbox } = await storedFor(suite.svc.store, klass.tenantId);
    expect(bookings.map((b) => [b.partySize, b.seats]).sort()).toEqual([
      [2, 5],
      [3, 5],
    ]);
    expect(outbox.map((e) => (e.data as { booking: { partySize: number } }).booking.partySize).sort()).toEqual([2, 3]);
  });

  it('refuses a party larger than the service takes, before anything is asked', async () => {
    const { klass } = await classOf(5, 3);
    const refused = await failure(book(klass, localSlot(3, 11), 4));
    expect([refused.code, refused.details]).toEqual([
      'VALIDATION_ERROR',
      [{ path: 'partySize', message: 'must be at most 3 for this service' }],
    ]);
    const tooMany = await failure(book(klass, localSlot(3, 11), 1001));
    expect(tooMany.details[0]).toMatchObject({ path: 'partySize' });
    // A service without seats takes one seat a booking.
    const plain = await createBookableTenant(suite.deps.catalog);
    expect(
      (await failure(create(suite.svc.client, createRequest(plain, localSlot(3, 11), { partySize: 2 })))).details,
    ).toEqual([{ path: 'partySize', message: 'must be at most 1 for this service' }]);
  });

  it('a cancel frees only its seats; a move takes its party to the new start; a confirm keeps its place', async () => {
    const { klass } = await classOf(4, 2);
    const at = localSlot(4, 10);
    const a = bookingOf(await book(klass, at, 2));
    const b = bookingOf(await book(klass, at, 2));
    const change = (x: bookingV1.Booking, action: string) =>
      suite.svc.client.changeBookingStatus({
        tenantId: x.tenantId,
        bookingId: x.bookingId,
        action,
        reason: '',
        actor: 'staff',
      });
    // Confirming one member of a full session: it keeps its place among the others.
    expect((await change(a, 'confirm')).booking).toMatchObject({ status: 'confirmed' });
    await change(b, 'cancel');
    expect(await seatsLeft(klass, at)).toBe(2);
    const later = localSlot(4, 12);
    const moved = await suite.svc.client.rescheduleBooking({
      tenantId: a.tenantId,
      bookingId: a.bookingId,
      startsAtMs: later,
      actor: 'customer',
    });
    expect(moved.booking).toMatchObject({ startsAtMs: later, partySize: 2 });
    expect(await seatsLeft(klass, at)).toBe(4);
    expect(await seatsLeft(klass, later)).toBe(2);
  });

  it('a session occupies its staff member once for another service', async () => {
    const { tenant, klass } = await classOf(4, 1);
    const at = localSlot(5, 10);
    bookingOf(await book(klass, at, 1));
    bookingOf(await book(klass, at, 1));
    // The tenant's one-seat service by the same staff member at that time: taken.
    expect((await failure(create(suite.svc.client, createRequest(tenant, at)))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
  });

  it('60 parallel creates of parties of 1 to 3 for a 20-seat class: never more than 20 seats, and no room left for the smallest refused party', async () => {
    const { klass } = await classOf(20, 3);
    const at = localSlot(6, 10);
    const parties = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));
    const answers = await Promise.allSettled(parties.map((p) => book(klass, at, p)));
    const refused = parties.filter((_, i) => answers[i]!.status === 'rejected');
    const codes = answers.flatMap((a) => (a.status === 'rejected' ? [(a.reason as { code: string }).code] : []));
    expect(new Set(codes)).toEqual(new Set(['BOOKING_SLOT_UNAVAILABLE']));
    const { bookings } = await storedFor(suite.svc.store, klass.tenantId);
    const taken = bookings.reduce((sum, b) => sum + (b.partySize ?? 1), 0);
    expect(taken).toBeLessThanOrEqual(20);
    // Full, or too full for every party turned away.
    expect(20 - taken).toBeLessThan(Math.min(...refused));
    expect(bookings).toHaveLength(parties.length - refused.length);
  });
});
