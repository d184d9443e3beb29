// The reference checks itself against facts written out by hand, so that the property tests hold
// the engine to something known to be right: wall-clock readings across each zone's offset
// changes, and the examples of docs/decisions.md "Availability" (and issue 17's report).

import { describe, expect, it } from 'vitest';
import type { ExistingBooking, ScheduleInput } from '../../../src/domain/availability/types.js';
import { ReferenceAvailability } from './reference-availability.js';
import { dayNumberOfIso, wallClock, zone } from './wall-clock.js';

const reading = (zoneName: string, isoDate: string, hh: number, mm: number): string =>
  new Date(wallClock(zone(zoneName), dayNumberOfIso(isoDate), hh * 60 + mm)).toISOString();

describe('reference wall clock', () => {
  it('reads ordinary times with the offset in force', () => {
    expect(reading('Europe/Berlin', '2026-06-01', 9, 0)).toBe('2026-06-01T07:00:00.000Z');
    expect(reading('America/New_York', '2026-01-15', 9, 0)).toBe('2026-01-15T14:00:00.000Z');
    expect(reading('Asia/Kathmandu', '2026-06-01', 9, 0)).toBe('2026-06-01T03:15:00.000Z');
    expect(reading('Australia/Lord_Howe', '2026-06-01', 9, 0)).toBe('2026-05-31T22:30:00.000Z');
  });

  it('moves a time in a spring-forward gap forward by the gap', () => {
    // Berlin 2026-03-29 02:00 CET → 03:00 CEST: 02:30 is read with +01:00, i.e. 03:30 CEST.
    expect(reading('Europe/Berlin', '2026-03-29', 2, 30)).toBe('2026-03-29T01:30:00.000Z');
    expect(reading('America/New_York', '2026-03-08', 2, 30)).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe 2026-10-04 02:00 +10:30 → 02:30 +11:00: 02:15 is read with +10:30.
    expect(reading('Australia/Lord_Howe', '2026-10-04', 2, 15)).toBe('2026-10-03T15:45:00.000Z');
  });

  it('takes the first of a time that a fall-back repeats', () => {
    // Berlin 2026-10-25 03:00 CEST → 02:00 CET: 02:30 happens at 00:30Z and at 01:30Z.
    expect(reading('Europe/Berlin', '2026-10-25', 2, 30)).toBe('2026-10-25T00:30:00.000Z');
    expect(reading('America/New_York', '2026-11-01', 1, 30)).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe 2026-04-05 02:00 +11:00 → 01:30 +10:30: 01:45 happens at 14:45Z and at 15:15Z.
    expect(reading('Australia/Lord_Howe', '2026-04-05', 1, 45)).toBe('2026-04-04T14:45:00.000Z');
  });

  it('reads minute 1440 as the next midnight', () => {
    expect(reading('Europe/Berlin', '2026-03-28', 24, 0)).toBe('2026-03-28T23:00:00.000Z');
    expect(reading('Europe/Berlin', '2026-03-29', 24, 0)).toBe('2026-03-29T22:00:00.000Z');
  });
});

/** 2026-06-01 (a Monday) at hh:mm in Berlin (CEST, UTC+2). */
const jun1 = (hhmm: string): number => Date.parse(`2026-06-01T${hhmm}:00+02:00`);
const NOW = Date.parse('2026-05-01T00:00:00Z');

function openAllWeek(overrides: Partial<ScheduleInput>): ScheduleInput {
  return {
    timezone: 'Europe/Berlin',
    service: {
      serviceId: 'svc',
      durationMin: 30,
      bufferBeforeMin: 0,
      bufferAfterMin: 20,
      slotIntervalMin: 15,
      minNoticeMin: 0,
      maxAdvanceDays: 90,
      staffIds: [],
      resourceIds: [],
    },
    staff: [],
    resources: [],
    rules: [1, 2, 3, 4, 5].map((weekday) => ({
      ownerType: 'tenant' as const,
      ownerId: 't',
      weekday,
      startMinute: 0,
      endMinute: 1440,
      timezone: '',
    })),
    blocks: [],
    holidays: [],
    ...overrides,
  };
}

const freeTimes = (reference: ReferenceAvailability, from: string, to: string): string[] =>
  reference.freeStarts(jun1(from), jun1(to)).map((t) => new Date(t + 2 * 3_600_000).toISOString().slice(11, 16));

describe('reference rules', () => {
  // Issue 17: a 30-minute service with a 20-minute after-buffer on a 15-minute grid, booked at 10:00.
  const booked: ExistingBooking = {
    bookingId: 'b1',
    serviceId: 'svc',
    startsAtMs: jun1('10:00'),
    endsAtMs: jun1('10:30'),
    status: 'confirmed',
    bufferBeforeMin: 0,
    bufferAfterMin: 20,
  };
  const query = {
    schedule: openAllWeek({}),
    bookings: [booked],
    nowMs: NOW,
    coverFromMs: jun1('09:00'),
    coverToMs: jun1('12:00'),
  };

  it('keeps the booking’s own after-buffer free of the next customer, and the slots whose after-buffer reaches it', () => {
    const reference = new ReferenceAvailability(query);
    // 09:15 + 30 + 20 = 10:05 reaches the booking; 10:30 and 10:45 start inside its after-buffer (to 10:50).
    expect(freeTimes(reference, '09:00', '12:00')).toEqual(['09:00', '11:00', '11:15', '11:30', '11:45']);
  });

  it('counts the buffers stored on the booking, not the service’s current ones', () => {
    // Booked when the service had no after-buffer: the booking occupies 10:00–10:30 only.
    const reference = new ReferenceAvailability({ ...query, bookings: [{ ...booked, bufferAfterMin: 0 }] });
    expect(freeTimes(reference, '09:00', '12:00')).toEqual([
      '09:00',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
    ]);
  });

  it('lets a staff member without rules work the tenant’s hours, and one with rules only within them', () => {
    const schedule = openAllWeek({
      service: { ...openAllWeek({}).service, bufferAfterMin: 0, slotIntervalMin: 60, staffIds: ['ann', 'bob'] },
      staff: [
        { staffId: 'ann', status: 'active', timezone: 'Europe/Berlin' },
        { staffId: 'bob', status: 'active', timezone: 'Europe/Berlin' },
      ],
      rules: [
        ...openAllWeek({}).rules.map((r) => ({ ...r, startMinute: 9 * 60, endMinute: 12 * 60 })),
        { ownerType: 'staff', ownerId: 'bob', weekday: 1, startMinute: 10 * 60, endMinute: 11 * 60, timezone: '' },
      ],
    });
    const reference = new ReferenceAvailability({
      schedule,
      bookings: [],
      nowMs: NOW,
      coverFromMs: jun1('00:00'),
      coverToMs: jun1('23:59'),
    });
    expect(reference.verdict(jun1('09:00'))).toEqual({
      free: true,
      staffId: 'ann',
      freeStaffIds: ['ann'],
      freeResourceIds: [],
    });
    expect(reference.verdict(jun1('10:00'))).toEqual({
      free: true,
      staffId: 'ann',
      freeStaffIds: ['ann', 'bob'],
      freeResourceIds: [],
    });
    expect(reference.verdict(jun1('12:00'))).toEqual({ free: false, reason: 'misaligned' });
  });

  it('counts a resource’s bookings against its capacity, and an expired hold not at all', () => {
    const schedule = openAllWeek({
      service: { ...openAllWeek({}).service, bufferAfterMin: 0, slotIntervalMin: 30, resourceIds: ['room'] },
      resources: [{ resourceId: 'room', status: 'active', capacity: 2 }],
    });
    const at10 = { serviceId: 'svc', resourceId: 'room', startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30') };
    const bookings: ExistingBooking[] = [
      { ...at10, bookingId: 'a', status: 'confirmed' },
      { ...at10, bookingId: 'b', status: 'held', holdExpiresAtMs: NOW + 60_000 },
      { ...at10, bookingId: 'c', status: 'held', holdExpiresAtMs: NOW },
      { ...at10, bookingId: 'd', status: 'cancelled' },
    ];
    const cover = { nowMs: NOW, coverFromMs: jun1('00:00'), coverToMs: jun1('23:59') };
    expect(new ReferenceAvailability({ schedule, bookings, ...cover }).verdict(jun1('10:00'))).toEqual({
      free: false,
      reason: 'no_resource',
    });
    expect(
      new ReferenceAvailability({ schedule, bookings: bookings.slice(1), ...cover }).verdict(jun1('10:00')).free,
    ).toBe(true);
  });
});
