// Counterexamples the property tests (availability-properties.test.ts) found and shrank, each
// pinned as a named test with its minimal schedule inline and the answer docs/decisions.md
// "Availability" gives, written out by hand.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, starts } from './availability-fixtures.js';

/** A 5-minute service on a 5-minute grid that needs neither staff nor resources. */
function fiveMinuteService(zone: string, rules: ScheduleInput['rules'], staffIds: string[] = []): ScheduleInput {
  return {
    timezone: zone,
    service: {
      serviceId: 'svc',
      durationMin: 5,
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
      slotIntervalMin: 0,
      minNoticeMin: 0,
      maxAdvanceDays: 365,
      staffIds,
      resourceIds: [],
    },
    staff: staffIds.map((staffId) => ({ staffId, status: 'active', timezone: '' })),
    resources: [],
    rules,
    blocks: [],
    holidays: [],
  };
}

// Found while the engine still compared a slot with the bookings' raw intervals and gave staff
// without rules no hours (before issue 17's engine work).
describe('the buffer and staff-hours rules of issue 17', () => {
  it('an existing booking’s after-buffer keeps the next customer out (fast-check seed 5)', () => {
    // Berlin, Saturday 2026-03-28 (CET), open 00:00–08:00; booked 00:00–02:00 with a 30-minute
    // after-buffer stored on the booking: 02:00–02:25 are taken, 02:30 is the first free start.
    const schedule = fiveMinuteService('Europe/Berlin', [
      { ownerType: 'tenant', ownerId: 't', weekday: 6, startMinute: 0, endMinute: 480, timezone: '' },
    ]);
    const bookings: ExistingBooking[] = [
      {
        bookingId: 'b0',
        serviceId: 'svc',
        startsAtMs: at('2026-03-28T00:00:00+01:00'),
        endsAtMs: at('2026-03-28T02:00:00+01:00'),
        status: 'confirmed',
        bufferBeforeMin: 0,
        bufferAfterMin: 30,
      },
    ];
    const nowMs = at('2026-03-28T00:00:00+01:00');
    const slots = starts(
      computeSlots({
        schedule,
        bookings,
        fromMs: at('2026-03-28T02:00:00+01:00'),
        toMs: at('2026-03-28T02:35:00+01:00'),
        nowMs,
      }),
    );
    expect(slots).toEqual(['2026-03-28T01:30:00.000Z']);
    expect(checkSlot({ schedule, bookings, startsAtMs: at('2026-03-28T02:25:00+01:00'), nowMs })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });

  it('an existing booking’s before-buffer keeps the slots just before it out (fast-check seed 1, Lord Howe)', () => {
    // Lord Howe, Sunday 2026-04-05 (+11:00 until 02:00), open 00:00–00:15; booked 00:15–00:30 with
    // a 45-minute before-buffer: 00:00, 00:05 and 00:10 are all inside it.
    const schedule = fiveMinuteService('Australia/Lord_Howe', [
      { ownerType: 'tenant', ownerId: 't', weekday: 0, startMinute: 0, endMinute: 15, timezone: '' },
    ]);
    const bookings: ExistingBooking[] = [
      {
        bookingId: 'b0',
        serviceId: 'svc',
        startsAtMs: at('2026-04-05T00:15:00+11:00'),
        endsAtMs: at('2026-04-05T00:30:00+11:00'),
        status: 'confirmed',
        bufferBeforeMin: 45,
        bufferAfterMin: 0,
      },
    ];
    const nowMs = at('2026-04-04T23:00:00+11:00');
    expect(
      computeSlots({
        schedule,
        bookings,
        fromMs: at('2026-04-05T00:00:00+11:00'),
        toMs: at('2026-04-06T00:00:00+10:30'),
        nowMs,
      }),
    ).toEqual([]);
    expect(checkSlot({ schedule, bookings, startsAtMs: at('2026-04-05T00:00:00+11:00'), nowMs })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });

  it('a listed staff member without rules of their own works the tenant’s hours (fast-check seed 3)', () => {
    // Berlin, Saturday 2026-03-28 (CET), open 01:00–09:00; the service lists only s1, who has no rules.
    const schedule = fiveMinuteService(
      'Europe/Berlin',
      [{ ownerType: 'tenant', ownerId: 't', weekday: 6, startMinute: 60, endMinute: 540, timezone: '' }],
      ['s1'],
    );
    const nowMs = at('2026-03-27T23:00:00+01:00');
    const slots = computeSlots({
      schedule,
      bookings: [],
      fromMs: at('2026-03-28T00:00:00+01:00'),
      toMs: at('2026-03-29T00:00:00+01:00'),
      nowMs,
    });
    expect(slots).toHaveLength(96);
    expect(slots[0]).toEqual({
      startsAtMs: at('2026-03-28T01:00:00+01:00'),
      endsAtMs: at('2026-03-28T01:05:00+01:00'),
    });
    expect(checkSlot({ schedule, bookings: [], startsAtMs: at('2026-03-28T08:55:00+01:00'), nowMs })).toEqual({
      ok: true,
      staffId: 's1',
    });
  });
});
