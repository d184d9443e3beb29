// Staff assignment at the service boundary (docs/decisions.md "Staff assignment"): round-robin
// spreads bookings over the team, decided under the lock; a collective booking takes every
// listed staff member and keeps each of them from other bookings. The real booking service over
// gRPC with the real catalog.

import { describe, expect, it } from 'vitest';
import { InProcessLockManager, type LockManager } from '@svc/lock';
import { staffOfBooking } from '../src/store/records.js';
import {
  addService,
  addStaff,
  addWeeklyRules,
  bookingOf,
  create,
  createBookableTenant,
  createRequest,
  failure,
  localSlot,
  startBooking,
  MIN,
  settleAll,
  storedFor,
  bookingServiceForSuite,
} from './booking-fixture.js';

/** The booking service and its dependencies, started for this file. */
const suite = bookingServiceForSuite();

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];

/** A tenant with `n` staff open around the clock and a service of theirs with `fields`. */
async function team(n: number, fields: Parameters<typeof addService>[2] extends infer F ? Omit<F, 'staffIds'> : never) {
  const tenant = await createBookableTenant(suite.deps.catalog);
  const staffIds = [tenant.staffId];
  for (let i = 1; i < n; i++) {
    const id = await addStaff(suite.deps.catalog, tenant.tenantId, `Member ${i}`);
    await addWeeklyRules(suite.deps.catalog, tenant.tenantId, 'staff', id, ALL_WEEK, 0, 1440);
    staffIds.push(id);
  }
  const service = await addService(suite.deps.catalog, tenant.tenantId, { ...fields, staffIds });
  return { tenant, staffIds, service: { tenantId: tenant.tenantId, service } };
}

describe('round_robin', () => {
  it('60 bookings one after another at different times: 20 each for three equal staff', async () => {
    const { staffIds, service } = await team(3, { assignment: 'round_robin' });
    const counts = new Map(staffIds.map((id) => [id, 0]));
    for (let i = 0; i < 60; i++) {
      const made = bookingOf(await create(suite.svc.client, createRequest(service, localSlot(3, 0) + i * 30 * MIN)));
      counts.set(made.staffId, (counts.get(made.staffId) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([20, 20, 20]);
  });

  it('weights 2:1 make the first member take two of every three', async () => {
    const tenant = await createBookableTenant(suite.deps.catalog);
    const other = await addStaff(suite.deps.catalog, tenant.tenantId, 'Other');
    await addWeeklyRules(suite.deps.catalog, tenant.tenantId, 'staff', other, ALL_WEEK, 0, 1440);
    const weighted = await addService(suite.deps.catalog, tenant.tenantId, {
      staffIds: [tenant.staffId, other],
      assignment: 'round_robin',
      staffWeights: { [tenant.staffId]: 2 },
      staffWeightsSet: true,
    });
    const made = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        bookingOf(
          await create(
            suite.svc.client,
            createRequest({ ...tenant, service: weighted }, localSlot(4, 0) + i * 30 * MIN),
          ),
        ),
      );
    }
    expect(made.filter((b) => b.staffId === tenant.staffId)).toHaveLength(20);
  });

  it('24 parallel creates for one time with 3 staff: each staff member once, the rest refused', async () => {
    const { service } = await team(3, { assignment: 'round_robin' });
    const at = localSlot(5, 10);
    const { ok, failed } = await settleAll(
      Array.from({ length: 24 }, () => create(suite.svc.client, createRequest(service, at))),
    );
    expect(ok).toHaveLength(3);
    expect(new Set(ok.map((r) => bookingOf(r).staffId)).size).toBe(3);
    expect(new Set(failed.map((f) => f.code))).toEqual(new Set(['BOOKING_SLOT_UNAVAILABLE']));
  });
});

describe('first_available: the locks of the chosen staff member only (docs/architecture.md "Booking create")', () => {
  it('10 parallel creates for one time with 10 staff: each books a different person, and none waits for a lock', async () => {
    const { staffIds, service } = await team(10, {});
    // The service's locks, counting every acquire that was allowed to wait.
    const inner = new InProcessLockManager();
    const waits: number[] = [];
    const lock: LockManager = {
      acquire: (key, opts) => {
        if (opts.waitMs > 0) waits.push(opts.waitMs);
        return inner.acquire(key, opts);
      },
      release: (lease) => inner.release(lease),
      extend: (lease, ttlMs) => inner.extend(lease, ttlMs),
      ping: () => inner.ping(),
      close: () => inner.close(),
    };
    const own = await startBooking(suite.deps, { lock });
    try {
      const at = localSlot(8, 10);
      const { ok, failed } = await settleAll(
        Array.from({ length: 10 }, () => create(own.client, createRequest(service, at))),
      );
      expect(failed).toEqual([]);
      expect(new Set(ok.map((r) => bookingOf(r).staffId))).toEqual(new Set(staffIds));
      // Each create that found its first choice's lock taken moved on to the next free person.
      expect(waits).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});

describe('collective', () => {
  it('takes every staff member; each is then busy for another service; naming one is refused', async () => {
    const { tenant, staffIds, service } = await team(3, { assignment: 'collective' });
    const at = localSlot(6, 10);
    const made = bookingOf(await create(suite.svc.client, createRequest(service, at)));
    expect(made).toMatchObject({ staffId: staffIds[0], staffIds });
    const { bookings, outbox } = await storedFor(suite.svc.store, tenant.tenantId);
    expect(bookings[0]).toMatchObject({ collectiveStaffIds: staffIds.join(' ') });
    expect(outbox[0]).toMatchObject({ data: { booking: { staffId: staffIds[0], staffIds } } });
    // The tenant's own service is the first staff member's: busy at that time.
    expect((await failure(create(suite.svc.client, createRequest(tenant, at)))).code).toBe('BOOKING_SLOT_UNAVAILABLE');
    const named = await failure(
      create(suite.svc.client, createRequest(service, at + 60 * MIN, { staffId: staffIds[1]! })),
    );
    expect([named.code, named.details]).toEqual([
      'VALIDATION_ERROR',
      [{ path: 'staffId', message: 'cannot be named: the service books all its staff together' }],
    ]);
  });

  it('30 collective and 30 single-staff creates racing for one time: nobody booked twice', async () => {
    const { tenant, staffIds, service } = await team(3, { assignment: 'collective' });
    const singles = await Promise.all(
      staffIds.map((id) => addService(suite.deps.catalog, tenant.tenantId, { staffIds: [id] })),
    );
    const at = localSlot(7, 10);
    const calls = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? create(suite.svc.client, createRequest(service, at))
        : create(suite.svc.client, createRequest({ tenantId: tenant.tenantId, service: singles[i % 3]! }, at)),
    );
    await settleAll(calls);
    const { bookings } = await storedFor(suite.svc.store, tenant.tenantId);
    const taken = bookings.flatMap(staffOfBooking);
    expect(new Set(taken).size).toBe(taken.length);
    expect(bookings.length).toBeGreaterThan(0);
  });
});

describe("one staff member's slots (availability's staffId)", () => {
  const slotsOf = (service: { tenantId: string; service: { slug: string } }, from: number, staffId?: string) =>
    suite.svc.client
      .getAvailability({
        tenantId: service.tenantId,
        serviceSlug: service.service.slug,
        fromMs: from,
        toMs: from + 2 * 60 * MIN,
        catalogVersion: '',
        ...(staffId !== undefined ? { staffId } : {}),
      })
      .then((res) => res.slotStartsMs);

  it("lists only that person's free times, and the create naming them books them", async () => {
    const { staffIds, service } = await team(2, { assignment: 'round_robin' });
    const at = localSlot(8, 10);
    const made = bookingOf(await create(suite.svc.client, createRequest(service, at, { staffId: staffIds[0]! })));
    expect(made.staffId).toBe(staffIds[0]);
    // The first is busy at `at`; the second and the team as a whole are not.
    expect(await slotsOf(service, at, staffIds[0])).not.toContain(at);
    expect(await slotsOf(service, at, staffIds[1])).toContain(at);
    expect(await slotsOf(service, at)).toContain(at);
    expect(await slotsOf(service, at, '')).toEqual(await slotsOf(service, at));
    const second = bookingOf(await create(suite.svc.client, createRequest(service, at, { staffId: staffIds[1]! })));
    expect(second.staffId).toBe(staffIds[1]);
    expect(await slotsOf(service, at)).not.toContain(at);
  });

  it('refuses a staff member the service does not list, and any of a collective service', async () => {
    const { tenant, service } = await team(2, { assignment: 'first_available' });
    const stranger = await addStaff(suite.deps.catalog, tenant.tenantId, 'Stranger');
    const unlisted = await failure(slotsOf(service, localSlot(9, 10), stranger));
    expect([unlisted.code, unlisted.details]).toEqual([
      'VALIDATION_ERROR',
      [{ path: 'staffId', message: expect.stringMatching(/service/) }],
    ]);
    const together = await team(2, { assignment: 'collective' });
    const named = await failure(slotsOf(together.service, localSlot(9, 10), together.staffIds[0]));
    expect([named.code, named.details]).toEqual([
      'VALIDATION_ERROR',
      [{ path: 'staffId', message: 'cannot be named: the service books all its staff together' }],
    ]);
  });
});
