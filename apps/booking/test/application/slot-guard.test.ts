// The slot guard asks about the busy times of every staff member the service lists, whatever the
// caller prefers: a preference is only tried first, so when the preferred staff member is busy
// the slot may go to another, whose connected calendar must count too. It asks fresh under the
// lock only: the lock-free look never refuses a time for a calendar, so a calendar disconnected
// a moment ago counts for the very next create (docs/decisions.md "Integrations").

import { describe, expect, it } from 'vitest';
import { InProcessLockManager } from '@svc/lock';
import { NO_PAYMENT_TERMS } from '@svc/rules';
import { openSqliteStore } from '@svc/store';
import type { ExternalBusy, ServiceSchedule } from '../../src/application/ports.js';
import { assertSlotOpen, slotFreeUnderLock, type SlotGuardDeps } from '../../src/application/slot-guard.js';
import { BookingStore } from '../../src/store/booking-store.js';

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

describe('the calendars of a slot', () => {
  it('under the lock, reads every listed staff member’s calendar fresh, with a preferred one too: all busy is a no; the lock-free look reads none', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const bookings = new BookingStore(store);
    await bookings.ensureIndexes();
    const asked: Array<{ staffIds: string[]; fresh: boolean; catalogVersion: string | undefined }> = [];
    const deps: SlotGuardDeps = {
      store: bookings,
      lock: new InProcessLockManager(),
      schedules: { forService: async () => known },
      services: {
        byId: async () => {
          throw new Error('no booking here needs its service read');
        },
      },
      now: () => SLOT - 30 * DAY,
      lockWaitMs: 1_000,
      busyTimes: {
        // Both calendars have an event over the slot.
        busy: async (_tenant, staffIds, _from, _to, { fresh, catalogVersion }) => {
          asked.push({ staffIds: [...staffIds], fresh, catalogVersion });
          return staffIds.map((staffId): ExternalBusy => ({ staffId, startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }));
        },
      },
    };
    try {
      const req = { tenantId: 'ten_1', serviceSlug: 'cut', startsAtMs: SLOT, preferredStaffId: 'stf_preferred' };
      // The look before the locks: the bookings only, no calendar asked, so no refusal for one.
      await expect(assertSlotOpen(deps, req, known)).resolves.toBeUndefined();
      expect(asked).toEqual([]);
      const fresh = { ...known, catalogVersion: 'v7' };
      await expect(slotFreeUnderLock(deps, req, fresh)).rejects.toMatchObject({ code: 'BOOKING_SLOT_UNAVAILABLE' });
      expect(asked).toEqual([{ staffIds: STAFF, fresh: true, catalogVersion: 'v7' }]);
      // With only the preferred one busy, the slot goes to the other one.
      deps.busyTimes = {
        busy: async () => [{ staffId: 'stf_preferred', startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }],
      };
      await expect(slotFreeUnderLock(deps, req, fresh)).resolves.toBeTypeOf('function');
    } finally {
      await store.close();
    }
  });
});
