import { describe, expect, it } from 'vitest';
import { NO_PAYMENT_TERMS } from '@svc/rules';
import { openSqliteStore } from '@svc/store';
import { getAvailability } from '../../src/application/get-availability.js';
import type { ServiceSchedule } from '../../src/application/ports.js';
import { BookingStore } from '../../src/store/booking-store.js';
import type { BookingDoc } from '../../src/store/records.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A Monday, midnight UTC, well after "now" below. */
const D0 = Date.UTC(2030, 0, 7);

/**
 * A tenant open around the clock (UTC) with one staff member and a service that, with its buffer
 * after, occupies more than a day: 10 hours plus 24 hours after, on an hourly grid.
 */
const known: ServiceSchedule = {
  tenant: { tenantId: 'ten_1', slug: 't', name: 'T', timezone: 'UTC', status: 'active' },
  service: {
    serviceId: 'svc_long',
    slug: 'long',
    name: 'Long',
    status: 'active',
    durationMin: 600,
    bufferBeforeMin: 0,
    bufferAfterMin: 1440,
    staffIds: ['stf_1'],
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
      serviceId: 'svc_long',
      durationMin: 600,
      bufferBeforeMin: 0,
      bufferAfterMin: 1440,
      slotIntervalMin: 60,
      minNoticeMin: 0,
      maxAdvanceDays: 3650,
      staffIds: ['stf_1'],
      resourceIds: [],
    },
    staff: [{ staffId: 'stf_1', status: 'active', timezone: 'UTC' }],
    resources: [],
    rules: (['tenant', 'staff'] as const).flatMap((ownerType) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        ownerType,
        ownerId: ownerType === 'tenant' ? 'ten_1' : 'stf_1',
        weekday,
        startMinute: 0,
        endMinute: 1440,
        timezone: 'UTC',
      })),
    ),
    blocks: [],
    holidays: [],
  },
};

function booking(id: string, startsAtMs: number, bufferBeforeMin: number): BookingDoc {
  return {
    _id: id,
    tenantId: 'ten_1',
    serviceId: 'svc_other',
    serviceSlug: 'other',
    staffId: 'stf_1',
    resourceId: null,
    customerId: 'cus_1',
    status: 'confirmed',
    startsAtMs,
    endsAtMs: startsAtMs + 30 * MIN,
    timezone: 'UTC',
    source: 'public_page',
    notes: '',
    holdExpiresAtMs: null,
    bufferBeforeMin,
    bufferAfterMin: 0,
    cancelReason: null,
    noShowReason: null,
    createdAtMs: 0,
    updatedAtMs: 0,
    revision: 0,
  };
}

async function availabilityWith(
  bookings: BookingDoc[],
  ask: { fromMs: number; toMs: number; nowMs: number; minNoticeMin?: number; maxAdvanceDays?: number } = {
    fromMs: D0,
    toMs: D0 + DAY,
    nowMs: D0 - 30 * DAY,
  },
) {
  const schedule = {
    ...known.schedule,
    service: {
      ...known.schedule.service,
      minNoticeMin: ask.minNoticeMin ?? known.schedule.service.minNoticeMin,
      maxAdvanceDays: ask.maxAdvanceDays ?? known.schedule.service.maxAdvanceDays,
    },
  };
  const store = await openSqliteStore({ file: ':memory:' });
  const bookingStore = new BookingStore(store);
  await bookingStore.ensureIndexes();
  const docs = store.collection<BookingDoc>('bookings');
  for (const b of bookings) await docs.insertOne(b);
  const asked: Array<{ fromMs: number; toMs: number }> = [];
  try {
    const answer = await getAvailability(
      {
        store: bookingStore,
        schedules: { forService: async () => ({ ...known, schedule }) },
        services: {
          byId: async () => {
            throw new Error('every booking here carries its buffers');
          },
        },
        busyTimes: {
          busy: async (_tenant, _staff, fromMs, toMs) => {
            asked.push({ fromMs, toMs });
            return [];
          },
        },
        now: () => ask.nowMs,
      },
      { tenantId: 'ten_1', serviceSlug: 'long', fromMs: ask.fromMs, toMs: ask.toMs, partySize: 1 },
    );
    return { answer, asked };
  } finally {
    await store.close();
  }
}

const hours = (slots: Array<{ startsAtMs: number }>) => slots.map((s) => (s.startsAtMs - D0) / HOUR);

describe('availability reads what a slot of the window can reach', () => {
  it('asks the calendars about the first start to the end and buffer after of the last', async () => {
    const { answer, asked } = await availabilityWith([]);
    expect(hours(answer.slots)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(asked).toEqual([{ fromMs: D0, toMs: D0 + DAY + 34 * HOUR }]);
  });

  it('a booking two days after the window whose buffer before reaches back into the last slots’ buffer after takes them', async () => {
    // It starts at D0 + 3 days with a day of buffer before, so it occupies its staff member from
    // D0 + 2 days; a slot at h on D0 occupies until h + 34 hours: every start after 14:00 overlaps.
    const { answer } = await availabilityWith([booking('bkg_later', D0 + 3 * DAY, 1440)]);
    expect(hours(answer.slots)).toEqual(Array.from({ length: 15 }, (_, h) => h));
  });
});

describe('availability reads nothing beyond the bookable horizon', () => {
  it('asks the calendars only about starts from now + min notice to now + max advance, with their reach', async () => {
    // Now is D0 + 6h; notice 2 hours, advance 1 day: starts from D0 + 8h to D0 + 30h (inclusive).
    const nowMs = D0 + 6 * HOUR;
    const { answer, asked } = await availabilityWith([], {
      fromMs: D0 - 5 * DAY,
      toMs: D0 + 20 * DAY,
      nowMs,
      minNoticeMin: 120,
      maxAdvanceDays: 1,
    });
    expect(answer.slots[0]!.startsAtMs).toBe(D0 + 8 * HOUR);
    expect(answer.slots.at(-1)!.startsAtMs).toBe(D0 + 30 * HOUR);
    // The last start (D0 + 30h) plus 10 hours and a day of buffer after; nothing before D0 + 8h.
    expect(asked).toEqual([{ fromMs: D0 + 8 * HOUR, toMs: D0 + 30 * HOUR + 1 + 34 * HOUR }]);
  });

  it('does not ask the calendars at all about a window wholly outside it', async () => {
    for (const [fromMs, toMs] of [
      [D0 + 3 * DAY, D0 + 4 * DAY],
      [D0 - 2 * DAY, D0 + 7 * HOUR],
    ] as const) {
      const { answer, asked } = await availabilityWith([], {
        fromMs,
        toMs,
        nowMs: D0 + 6 * HOUR,
        minNoticeMin: 120,
        maxAdvanceDays: 1,
      });
      expect(answer.slots).toEqual([]);
      expect(asked).toEqual([]);
    }
  });
});
