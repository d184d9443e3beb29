// The slot guard asks about the busy times of every staff member the service lists, whatever the
// caller prefers: a preference is only tried first, so when the preferred staff member is busy
// the slot may go to another, whose connected calendar must count too. It asks fresh, before any
// lock (no lock is held across a provider call); the very first lock-free look never refuses a
// time for a calendar, so a calendar disconnected a moment ago counts for the very next create
// (docs/decisions.md "Integrations"). Then it locks only the owners it chose, moving past one
// another create holds (docs/architecture.md "Booking create", step 3).

import { describe, expect, it } from 'vitest';
import { InProcessLockManager } from '@svc/lock';
import { NO_PAYMENT_TERMS } from '@svc/rules';
import { openSqliteStore } from '@svc/store';
import type { ExternalBusy, ServiceSchedule } from '../../src/application/ports.js';
import { assertSlotOpen, withChosenOwnerLocks, type SlotGuardDeps } from '../../src/application/slot-guard.js';
import { lockKeysFor } from '../../src/domain/lock-keys.js';
import { BookingStore } from '../../src/store/booking-store.js';
import { bookingDoc, outboxRow } from '../store/booking-docs.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** A Monday, 10:00 UTC, well after "now" below. */
const SLOT = Date.UTC(2030, 0, 7, 10);
const STAFF = ['stf_preferred', 'stf_other'];

/** A tenant open around the clock (UTC) with two staff members and a 30-minute service. */
const known: ServiceSchedule = {
  tenant: { tenantId: 'ten_1', slug: 't', name: 'T', timezone: 'UTC', status: 'active' },
  service: {
    serviceId: 'svc_1',
    slug: 'cut',
    name: 'Cut',
    status: 'active',
    durationMin: 30,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    staffIds: STAFF,
    resourceIds: [],
    confirmation: 'manual',
    cancelCutoffMin: 0,
    rescheduleCutoffMin: 0,
    maxBookingsPerDay: 0,
    questions: [],
    seats: 1,
    maxPartySize: 1,
    assignment: 'first_available',
    price: null,
    ...NO_PAYMENT_TERMS,
  },
  schedule: {
    timezone: 'UTC',
    service: {
      serviceId: 'svc_1',
      durationMin: 30,
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
      slotIntervalMin: 30,
      minNoticeMin: 0,
      maxAdvanceDays: 3650,
      staffIds: STAFF,
      resourceIds: [],
    },
    staff: STAFF.map((staffId) => ({ staffId, status: 'active', timezone: 'UTC' })),
    resources: [],
    rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      ownerType: 'tenant' as const,
      ownerId: 'ten_1',
      weekday,
      startMinute: 0,
      endMinute: 1440,
      timezone: 'UTC',
    })),
    blocks: [],
    holidays: [],
  },
};

/** A guard over an empty SQLite store, open around the clock; `busy` answers the calendars. */
async function guard(busy: SlotGuardDeps['busyTimes']['busy'], lockWaitMs = 1_000) {
  const store = await openSqliteStore({ file: ':memory:' });
  const bookings = new BookingStore(store);
  await bookings.ensureIndexes();
  const lock = new InProcessLockManager();
  const deps: SlotGuardDeps = {
    store: bookings,
    lock,
    schedules: { forService: async () => known },
    services: {
      byId: async () => {
        throw new Error('no booking here needs its service read');
      },
    },
    now: () => SLOT - 30 * DAY,
    lockWaitMs,
    busyTimes: { busy },
  };
  /** The choice a create would commit: the guard's verdict inside a transaction, under its locks. */
  const choose = (req: Parameters<typeof withChosenOwnerLocks>[1], basis: ServiceSchedule = known) =>
    withChosenOwnerLocks(deps, req, basis, ({ recheckIn }) => store.withTransaction((tx) => recheckIn(tx)));
  return { deps, lock, store, choose };
}

const req = { tenantId: 'ten_1', serviceSlug: 'cut', startsAtMs: SLOT, preferredStaffId: 'stf_preferred' };
/** The lock key of one staff member on the slot's UTC day. */
const keyOf = (staffId: string) =>
  lockKeysFor('ten_1', { serviceId: 'svc_1', staffIds: [staffId], resourceIds: [] }, SLOT, SLOT + 30 * MIN)[0]!;

describe('the calendars of a slot', () => {
  it('reads every listed staff member’s calendar fresh, with a preferred one too, before any lock: all busy is a no; the lock-free look reads none', async () => {
    const asked: Array<{ staffIds: string[]; fresh: boolean; catalogVersion: string | undefined; locked: boolean[] }> =
      [];
    const { deps, lock, store, choose } = await guard(
      async (_tenant, staffIds, _from, _to, { fresh, catalogVersion }) => {
        // No capacity lock is held while a provider is asked: each key can be had at once.
        const locked = await Promise.all(
          STAFF.map(async (id) => {
            const lease = await lock.acquire(keyOf(id), { ttlMs: 1_000, waitMs: 0 });
            if (lease) await lock.release(lease);
            return lease === null;
          }),
        );
        asked.push({ staffIds: [...staffIds], fresh, catalogVersion, locked });
        // Both calendars have an event over the slot.
        return staffIds.map((staffId): ExternalBusy => ({ staffId, startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }));
      },
    );
    try {
      // The look before the locks: the bookings only, no calendar asked, so no refusal for one.
      await expect(assertSlotOpen(deps, req, known)).resolves.toMatchObject({ ok: true });
      expect(asked).toEqual([]);
      const fresh = { ...known, catalogVersion: 'v7' };
      await expect(choose(req, fresh)).rejects.toMatchObject({ code: 'BOOKING_SLOT_UNAVAILABLE' });
      expect(asked).toEqual([{ staffIds: STAFF, fresh: true, catalogVersion: 'v7', locked: [false, false] }]);
      // With only the preferred one busy, the slot goes to the other one.
      deps.busyTimes = {
        busy: async () => [{ staffId: 'stf_preferred', startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }],
      };
      await expect(choose(req, fresh)).resolves.toMatchObject({ ok: true, staffId: 'stf_other' });
    } finally {
      await store.close();
    }
  });
});

describe('the calendars and the catalog version', () => {
  it('decides only on calendars read at the catalog version read fresh under the locks: a version moved since reads them again', async () => {
    const asked: Array<string | undefined> = [];
    // The calendar of the preferred one was connected meanwhile (v2): busy over the slot.
    const { deps, store } = await guard(async (_tenant, _staff, _from, _to, { catalogVersion }) => {
      asked.push(catalogVersion);
      return catalogVersion === 'v2' ? [{ staffId: 'stf_preferred', startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }] : [];
    });
    deps.schedules = { forService: async () => ({ ...known, catalogVersion: 'v2' }) };
    try {
      const chosen = await withChosenOwnerLocks(deps, req, { ...known, catalogVersion: 'v1' }, ({ recheckIn }) =>
        store.withTransaction((tx) => recheckIn(tx)),
      );
      expect(asked).toEqual(['v1', 'v2']);
      expect(chosen).toMatchObject({ ok: true, staffId: 'stf_other' });
    } finally {
      await store.close();
    }
  });
});

describe('the locks of a slot', () => {
  it('locks only the chosen staff member, and moves past one whose lock another create holds instead of waiting for it', async () => {
    const { deps, lock, store } = await guard(async () => [], 60_000);
    try {
      // Held by "another create" for longer than anything here waits.
      const other = await lock.acquire(keyOf('stf_preferred'), { ttlMs: 60_000, waitMs: 0 });
      expect(other).not.toBeNull();
      const seen: string[] = [];
      const chosen = await withChosenOwnerLocks(deps, req, known, async ({ recheckIn }) => {
        // Under the guard: the chosen one's key is held, the preferred one's is still the other holder's.
        for (const id of STAFF) {
          const probe = await lock.acquire(keyOf(id), { ttlMs: 1_000, waitMs: 0 });
          if (probe) await lock.release(probe);
          else seen.push(id);
        }
        return store.withTransaction((tx) => recheckIn(tx));
      });
      expect(chosen).toMatchObject({ ok: true, staffId: 'stf_other' });
      expect(seen).toEqual(STAFF);
      // Released after: a create for the same person would now get it at once.
      const after = await lock.acquire(keyOf('stf_other'), { ttlMs: 1_000, waitMs: 0 });
      expect(after).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it('waits for its first choice only when every free owner is locked, and takes it once released', async () => {
    const { lock, store, choose } = await guard(async () => [], 60_000);
    try {
      const leases = await Promise.all(STAFF.map((id) => lock.acquire(keyOf(id), { ttlMs: 60_000, waitMs: 0 })));
      let released = false;
      setTimeout(() => {
        released = true;
        void lock.release(leases[0]!);
      }, 600);
      const chosen = await choose(req);
      expect(released).toBe(true);
      expect(chosen).toMatchObject({ ok: true, staffId: 'stf_preferred' });
    } finally {
      await store.close();
    }
  });

  it('answers 409, not 503, when the slot turned out taken under the locks and the time ran out meanwhile', async () => {
    // The fault suite's 500 creates over two replicas: a create whose lock-free look (a replica's
    // cache) still showed the slot free gets the locks near its deadline, finds the slot taken
    // under them, and has no time for another try. Here the fresh catalog read under the locks is
    // where the winners commit and the time runs out.
    const { deps, store, choose } = await guard(async () => [], 300);
    try {
      const bookings = new BookingStore(store);
      let freshReads = 0;
      deps.schedules = {
        forService: async (_t, _s, _from, _to, opts) => {
          if (opts?.fresh && freshReads++ === 0) {
            for (const staffId of STAFF) {
              const b = bookingDoc(SLOT, { staffId, holdExpiresAtMs: SLOT, bufferBeforeMin: 0, bufferAfterMin: 0 });
              await bookings.withTransaction((tx) =>
                bookings.insertHeld(b, outboxRow(b), { key: `key-${b._id}`, fingerprint: 'fp' }, tx),
              );
            }
            await new Promise((r) => setTimeout(r, 400));
          }
          return known;
        },
      };
      await expect(choose(req)).rejects.toMatchObject({ code: 'BOOKING_SLOT_UNAVAILABLE' });
    } finally {
      await store.close();
    }
  });

  it('answers BOOKING_POLICY_BLOCKED 503 when no owner’s lock can be had within lockWaitMs', async () => {
    const { lock, store, choose } = await guard(async () => [], 700);
    try {
      for (const id of STAFF) expect(await lock.acquire(keyOf(id), { ttlMs: 60_000, waitMs: 0 })).not.toBeNull();
      await expect(choose(req)).rejects.toMatchObject({ code: 'BOOKING_POLICY_BLOCKED' });
    } finally {
      await store.close();
    }
  });
});
