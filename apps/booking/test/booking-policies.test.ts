// A service's policies at the service boundary (docs/decisions.md "Service policies"): the
// customer's cut-offs, stored on the booking when it is made or moved and applied by the state
// machine to actor `customer` only; the daily limit per staff member, decided under the lock
// with every other rule. The real booking service over gRPC with the real catalog.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_LISTS_UNCHANGED } from '@svc/testing';
import type { bookingV1 } from '@svc/proto';
import {
  addService,
  bookingOf,
  codeCounts,
  create,
  createBookableTenant,
  createRequest,
  failure,
  localSlot,
  MIN,
  settleAll,
  startBooking,
  startDependencies,
  storedFor,
  type BookableTenant,
  type BookingHarness,
  type Dependencies,
} from './booking-fixture.js';

let deps: Dependencies;
let svc: BookingHarness;
/** The booking service's clock: real time unless a test sets it. */
let clock: number | undefined;

beforeAll(async () => {
  deps = await startDependencies();
  svc = await startBooking(deps, { now: () => clock ?? Date.now() });
});
afterAll(async () => {
  await svc?.stop();
  await deps?.stop();
});

/** A tenant whose extra service has these policies; its staff member is the tenant's one. */
async function withPolicies(
  fields: { cancelCutoffMin?: number; rescheduleCutoffMin?: number; maxBookingsPerDay?: number },
  staffIds?: string[],
): Promise<{ tenant: BookableTenant; service: Pick<BookableTenant, 'tenantId' | 'service'> }> {
  const tenant = await createBookableTenant(deps.catalog);
  const service = await addService(deps.catalog, tenant.tenantId, {
    staffIds: staffIds ?? [tenant.staffId],
    ...fields,
  });
  return { tenant, service: { tenantId: tenant.tenantId, service } };
}

const asCustomer = (b: bookingV1.Booking) =>
  svc.client.getBooking({ tenantId: b.tenantId, bookingId: b.bookingId, actor: 'customer' });

function change(b: bookingV1.Booking, action: string, actor: string) {
  return svc.client.changeBookingStatus({ tenantId: b.tenantId, bookingId: b.bookingId, action, reason: '', actor });
}

function move(b: bookingV1.Booking, startsAtMs: number, actor: string) {
  return svc.client.rescheduleBooking({ tenantId: b.tenantId, bookingId: b.bookingId, startsAtMs, actor });
}

describe('customer cut-offs', () => {
  it('keep the service’s cut-offs on the booking and refuse the customer from the cut-off minute on', async () => {
    clock = undefined;
    const { service } = await withPolicies({ cancelCutoffMin: 120, rescheduleCutoffMin: 1440 });
    const start = localSlot(3, 10);
    const booking = bookingOf(await create(svc.client, createRequest(service, start)));
    expect(booking).toMatchObject({ cancelCutoffMin: 120, rescheduleCutoffMin: 1440 });
    // Confirmed, so that the clock can move on without the hold running out.
    await change(booking, 'confirm', 'staff');

    clock = start - 1440 * MIN - 1;
    expect(await asCustomer(booking)).toMatchObject({ allowedActions: ['cancel', 'reschedule'], refusedActions: [] });
    clock = start - 1440 * MIN;
    const atRescheduleCutoff = await asCustomer(booking);
    expect(atRescheduleCutoff.allowedActions).toEqual(['cancel']);
    expect(atRescheduleCutoff.refusedActions).toEqual([
      {
        action: 'reschedule',
        reason: 'cutoff',
        message:
          'This booking cannot be rescheduled online: changes close 1 day before the start; please contact the business.',
      },
    ]);
    const refused = await failure(move(booking, start + 60 * MIN, 'customer'));
    expect([refused.code, refused.httpStatus, refused.message]).toEqual([
      'BOOKING_POLICY_BLOCKED',
      409,
      atRescheduleCutoff.refusedActions[0]!.message,
    ]);
    // The business is not bound by it.
    expect((await move(booking, start + 60 * MIN, 'partner')).booking).toMatchObject({ startsAtMs: start + 60 * MIN });

    const moved = start + 60 * MIN;
    clock = moved - 120 * MIN - 1;
    expect((await asCustomer(booking)).allowedActions).toEqual(['cancel']);
    clock = moved - 120 * MIN;
    expect((await failure(change(booking, 'cancel', 'customer'))).message).toContain('2 hours before the start');
    expect((await change(booking, 'cancel', 'staff')).booking).toMatchObject({ status: 'cancelled' });
    const { outbox } = await storedFor(svc.store, booking.tenantId);
    // The refusals wrote nothing: created, confirmed, the partner's move, the staff's cancel.
    expect(outbox.map((e) => e.type)).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.rescheduled',
      'booking.cancelled',
    ]);
    clock = undefined;
  });

  it('a booking keeps the cut-offs it was made with; a move takes the service’s current ones', async () => {
    clock = undefined;
    const { service } = await withPolicies({ cancelCutoffMin: 60 });
    const booking = bookingOf(await create(svc.client, createRequest(service, localSlot(3, 10))));
    await deps.catalog.updateService({
      tenantId: service.tenantId,
      serviceId: service.service.serviceId,
      fields: {
        cancelCutoffMin: 300,
        ...SERVICE_LISTS_UNCHANGED,
      },
    });
    expect((await asCustomer(booking)).booking).toMatchObject({ cancelCutoffMin: 60, rescheduleCutoffMin: 0 });
    const { booking: moved } = await move(booking, localSlot(3, 12), 'customer');
    expect(moved).toMatchObject({ cancelCutoffMin: 300 });
  });

  it('a booking made within its cut-off can never be cancelled by the customer, and says why', async () => {
    clock = undefined;
    const { service } = await withPolicies({ cancelCutoffMin: 3 * 1440 });
    const booking = bookingOf(await create(svc.client, createRequest(service, localSlot(1, 10))));
    const view = await asCustomer(booking);
    expect(view.allowedActions).toEqual(['reschedule']);
    expect(view.refusedActions).toEqual([expect.objectContaining({ action: 'cancel', reason: 'cutoff' })]);
    // Staff and partners see no refusals of theirs.
    const staffView = await svc.client.getBooking({
      tenantId: booking.tenantId,
      bookingId: booking.bookingId,
      actor: 'staff',
    });
    expect(staffView.refusedActions).toEqual([]);
  });
});

describe('daily limit', () => {
  it('refuses a start past the staff member’s limit for the day, with the reason; another day is free', async () => {
    clock = undefined;
    const { service } = await withPolicies({ maxBookingsPerDay: 2 });
    for (const hour of [9, 11]) bookingOf(await create(svc.client, createRequest(service, localSlot(5, hour))));
    const refused = await failure(create(svc.client, createRequest(service, localSlot(5, 15))));
    expect([refused.code, refused.message]).toEqual([
      'BOOKING_SLOT_UNAVAILABLE',
      'This time is not available (daily limit).',
    ]);
    const explained = await svc.client.explainSlot({
      tenantId: service.tenantId,
      serviceId: service.service.serviceId,
      startsAtMs: localSlot(5, 15),
    });
    expect(explained).toMatchObject({ free: false, reason: 'daily_limit' });
    expect(explained.owner).toMatchObject({ ownerType: 'staff' });
    bookingOf(await create(svc.client, createRequest(service, localSlot(6, 15))));
    // Availability of the day lists nothing more, the next day's its free slots.
    const day = await svc.client.getAvailability({
      tenantId: service.tenantId,
      serviceSlug: service.service.slug,
      fromMs: localSlot(5, 0),
      toMs: localSlot(6, 0),
      catalogVersion: '',
    });
    expect(day.slotStartsMs).toEqual([]);
  });

  it('counts only held and confirmed bookings: a cancel gives the day its room back; a move within the day does not count itself', async () => {
    clock = undefined;
    const { service } = await withPolicies({ maxBookingsPerDay: 1 });
    const first = bookingOf(await create(svc.client, createRequest(service, localSlot(5, 9))));
    expect((await move(first, localSlot(5, 14), 'customer')).booking).toMatchObject({ startsAtMs: localSlot(5, 14) });
    await change(first, 'cancel', 'customer');
    bookingOf(await create(svc.client, createRequest(service, localSlot(5, 16))));
  });

  it('30 parallel creates at 30 starts of one day, a limit of 3: exactly 3 bookings', async () => {
    clock = undefined;
    const { service } = await withPolicies({ maxBookingsPerDay: 3 });
    const starts = Array.from({ length: 30 }, (_, i) => localSlot(7, 6, 0) + i * 30 * MIN);
    const { ok, failed } = await settleAll(starts.map((t) => create(svc.client, createRequest(service, t))));
    expect(ok).toHaveLength(3);
    expect(codeCounts(failed)).toEqual({ BOOKING_SLOT_UNAVAILABLE: 27 });
    const { bookings } = await storedFor(svc.store, service.tenantId);
    expect(bookings.filter((b) => b.serviceId === service.service.serviceId)).toHaveLength(3);
  });

  it('is per staff member: with two, the day takes the limit of each', async () => {
    clock = undefined;
    const tenant = await createBookableTenant(deps.catalog);
    const { staff } = await deps.catalog.createStaff({ tenantId: tenant.tenantId, fields: { displayName: 'Second' } });
    const limited = await addService(deps.catalog, tenant.tenantId, {
      staffIds: [tenant.staffId, staff!.staffId],
      maxBookingsPerDay: 1,
    });
    const service = { tenantId: tenant.tenantId, service: limited };
    const made = [];
    for (const hour of [9, 10])
      made.push(bookingOf(await create(svc.client, createRequest(service, localSlot(5, hour)))));
    expect(new Set(made.map((b) => b.staffId)).size).toBe(2);
    expect((await failure(create(svc.client, createRequest(service, localSlot(5, 11))))).code).toBe(
      'BOOKING_SLOT_UNAVAILABLE',
    );
  });
});
