// The slot guard asks about the busy times of every staff member the service lists, whatever the
// caller prefers: a preference is only tried first, so when the preferred staff member is busy
// the slot may go to another, whose connected calendar must count too.

import { describe, expect, it } from 'vitest';
import { InProcessLockManager } from '@svc/lock';
import { NO_PAYMENT_TERMS } from '@svc/rules';
import { openSqliteStore } from '@svc/store';
import type { ExternalBusy, ServiceSchedule } from '../../src/application/ports.js';
import { assertSlotOpen, type SlotGuardDeps } from '../../src/application/slot-guard.js';
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

describe('the lock-free look at a slot', () => {
  it('with a preferred staff member, reads every listed staff member’s calendar: all busy is a no', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const bookings = new BookingStore(store);
    await bookings.ensureIndexes();
    const asked: string[][] = [];
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
        busy: async (_tenant, staffIds) => {
          asked.push([...staffIds]);
          return staffIds.map((staffId): ExternalBusy => ({ staffId, startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }));
        },
      },
    };
    try {
      const req = { tenantId: 'ten_1', serviceSlug: 'cut', startsAtMs: SLOT, preferredStaffId: 'stf_preferred' };
      await expect(assertSlotOpen(deps, req, known)).rejects.toMatchObject({ code: 'BOOKING_SLOT_UNAVAILABLE' });
      expect(asked).toEqual([STAFF]);
      // With only the preferred one busy, the look lets it go to the other one.
      deps.busyTimes = {
        busy: async () => [{ staffId: 'stf_preferred', startsAtMs: SLOT, endsAtMs: SLOT + 30 * MIN }],
      };
      await expect(assertSlotOpen(deps, req, known)).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
