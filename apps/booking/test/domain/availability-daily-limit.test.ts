// The daily limit (docs/decisions.md "Service policies"): a staff member takes at most
// maxBookingsPerDay occupying bookings of the service per local day of their own zone, DST days
// included; explain names the staff member with the reason daily_limit.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  countedReach,
  explainSlot,
  LOCAL_DAY_REACH_MS,
  slotShape,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, booking, everyDay, HOUR, hm, MIN, NOW, schedule, service, starts } from './availability-fixtures.js';

const ANN = { staffId: 'ann', status: 'active', timezone: 'Europe/Berlin' };
const BOB = { staffId: 'bob', status: 'active', timezone: 'Europe/Berlin' };

/** Open around the clock in UTC, hourly slots of an hour, Ann (and Bob) in Berlin, at most `limit` a day each. */
function limited(limit: number, staff = [ANN], zone = 'UTC'): ScheduleInput {
  return schedule({
    timezone: zone,
    service: service({ staffIds: staff.map((s) => s.staffId), maxBookingsPerDay: limit }),
    staff,
    rules: everyDay('tenant', 't1', 0, 1440, zone),
  });
}

const hourAt = (iso: string, over: Partial<ExistingBooking> = {}): ExistingBooking =>
  booking({ startsAtMs: at(iso), endsAtMs: at(iso) + HOUR, staffId: 'ann', ...over });

/** Slot starts (ISO, UTC) in [from, to). */
const slotsBetween = (sched: ScheduleInput, bookings: ExistingBooking[], from: string, to: string): string[] =>
  starts(computeSlots({ schedule: sched, bookings, fromMs: at(from), toMs: at(to), nowMs: NOW }));

describe('daily limit', () => {
  it('closes the rest of the staff member’s local day once it is reached, and opens the next day', () => {
    // Berlin is UTC+2 in June: Ann's 2 June runs 1 June 22:00Z to 2 June 22:00Z.
    const sched = limited(2);
    const bookings = [hourAt('2026-06-02T06:00:00Z'), hourAt('2026-06-02T08:00:00Z')];
    const june2 = slotsBetween(sched, bookings, '2026-06-01T22:00:00Z', '2026-06-02T22:00:00Z');
    expect(june2).toEqual([]);
    // One booking fewer: every free hour of the day is offered again.
    expect(slotsBetween(sched, bookings.slice(1), '2026-06-01T22:00:00Z', '2026-06-02T22:00:00Z')).toHaveLength(23);
    // Her next local day starts at 22:00Z.
    expect(slotsBetween(sched, bookings, '2026-06-02T21:00:00Z', '2026-06-02T23:00:00Z')).toEqual([
      '2026-06-02T22:00:00.000Z',
    ]);
  });

  it('counts only occupying bookings of this service, of this staff member, and not the one being moved', () => {
    const sched = limited(1);
    const slot = at('2026-06-02T12:00:00Z');
    const free = (bookings: ExistingBooking[], ignoreBookingId?: string) =>
      checkSlot({ schedule: sched, bookings, startsAtMs: slot, nowMs: NOW, ignoreBookingId }).ok;
    expect(free([hourAt('2026-06-02T06:00:00Z')])).toBe(false);
    expect(free([hourAt('2026-06-02T06:00:00Z', { serviceId: 'other' })])).toBe(true);
    expect(free([hourAt('2026-06-02T06:00:00Z', { staffId: 'bob' })])).toBe(true);
    expect(free([hourAt('2026-06-02T06:00:00Z', { status: 'cancelled' })])).toBe(true);
    expect(free([hourAt('2026-06-02T06:00:00Z', { status: 'held', holdExpiresAtMs: NOW })])).toBe(true);
    expect(free([hourAt('2026-06-02T06:00:00Z', { status: 'held', holdExpiresAtMs: NOW + MIN })])).toBe(false);
    const own = hourAt('2026-06-02T06:00:00Z');
    expect(free([own], own.bookingId)).toBe(true);
  });

  it('gives the slot to another staff member who is under the limit', () => {
    const sched = limited(1, [ANN, BOB]);
    const verdict = checkSlot({
      schedule: sched,
      bookings: [hourAt('2026-06-02T06:00:00Z')],
      startsAtMs: at('2026-06-02T12:00:00Z'),
      nowMs: NOW,
      preferredStaffId: 'ann',
    });
    expect(verdict).toEqual({ ok: true, staffId: 'bob' });
  });

  it('explain answers daily_limit naming the staff member; it outranks taken, since the slot itself was free', () => {
    const sched = limited(1, [ANN, BOB]);
    const bookings = [
      hourAt('2026-06-02T06:00:00Z'),
      // Bob is busy at the very slot.
      hourAt('2026-06-02T12:00:00Z', { staffId: 'bob', serviceId: 'other' }),
    ];
    expect(explainSlot({ schedule: sched, bookings, startsAtMs: at('2026-06-02T12:00:00Z'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'daily_limit',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
  });

  /** The engine's reason at `iso` ('free' when bookable). */
  const reasonAt = (sched: ScheduleInput, bookings: ExistingBooking[], iso: string, nowMs = NOW): string => {
    const verdict = explainSlot({ schedule: sched, bookings, startsAtMs: at(iso), nowMs });
    return verdict.ok ? 'free' : verdict.reason;
  };

  it('counts the whole 25-hour local day of a fall-back, and no more', () => {
    // Berlin falls back on 25 October 2026: the day runs 24 Oct 22:00Z to 25 Oct 23:00Z.
    const sched = limited(1);
    const early = [hourAt('2026-10-24T22:00:00Z')];
    expect(reasonAt(sched, early, '2026-10-25T22:00:00Z')).toBe('daily_limit');
    expect(reasonAt(sched, early, '2026-10-25T23:00:00Z')).toBe('free');
    // A booking of the evening before (23:00 CEST on the 24th) is another day.
    expect(reasonAt(sched, [hourAt('2026-10-24T21:00:00Z')], '2026-10-24T22:00:00Z')).toBe('free');
  });

  it('counts the 23-hour local day of a spring-forward', () => {
    // Berlin springs forward on 29 March 2026: the day runs 28 Mar 23:00Z to 29 Mar 22:00Z.
    const sched = limited(1);
    const january = at('2026-01-01T00:00:00Z');
    const late = [hourAt('2026-03-29T20:00:00Z')];
    expect(reasonAt(sched, late, '2026-03-28T23:00:00Z', january)).toBe('daily_limit');
    expect(reasonAt(sched, late, '2026-03-28T22:00:00Z', january)).toBe('free');
    expect(reasonAt(sched, late, '2026-03-29T22:00:00Z', january)).toBe('free');
  });

  it('goes by the staff member’s zone, not the tenant’s', () => {
    // Tenant in Berlin, Ann in Tokyo (UTC+9): her 3 June starts at 2 June 15:00Z.
    const tokyo = { ...ANN, timezone: 'Asia/Tokyo' };
    const sched = limited(1, [tokyo], 'Europe/Berlin');
    const bookings = [hourAt('2026-06-02T16:00:00Z')];
    expect(reasonAt(sched, bookings, '2026-06-02T14:00:00Z')).toBe('free');
    expect(reasonAt(sched, bookings, '2026-06-03T14:00:00Z')).toBe('daily_limit');
    expect(reasonAt(sched, bookings, '2026-06-03T15:00:00Z')).toBe('free');
  });

  it('changes nothing without a limit, with 0, or for a service without staff', () => {
    const bookings = [hourAt('2026-06-02T06:00:00Z')];
    const slot = { bookings, startsAtMs: at('2026-06-02T12:00:00Z'), nowMs: NOW };
    expect(checkSlot({ ...slot, schedule: limited(0) }).ok).toBe(true);
    const noStaff = schedule({
      timezone: 'UTC',
      service: service({ maxBookingsPerDay: 1 }),
      rules: everyDay('tenant', 't1', hm(0), hm(24), 'UTC'),
    });
    expect(
      checkSlot({ ...slot, schedule: noStaff, bookings: [hourAt('2026-06-02T06:00:00Z', { staffId: undefined })] }).ok,
    ).toBe(true);
  });

  it('reads the bookings of the starts’ whole local days (countedReach), and only a limited service does', () => {
    const window = { fromMs: at('2026-06-02T12:00:00Z'), toMs: at('2026-06-02T13:00:00Z') };
    const plain = slotShape(service({ durationMin: 30, bufferBeforeMin: 10, bufferAfterMin: 5 }));
    expect(countedReach(plain, window)).toEqual({ fromMs: window.fromMs - 10 * MIN, toMs: window.toMs + 35 * MIN });
    const capped = slotShape(
      service({ durationMin: 30, bufferBeforeMin: 10, bufferAfterMin: 5, maxBookingsPerDay: 3 }),
    );
    expect(countedReach(capped, window)).toEqual({
      fromMs: window.fromMs - 10 * MIN - LOCAL_DAY_REACH_MS,
      toMs: window.toMs + 35 * MIN + LOCAL_DAY_REACH_MS,
    });
  });
});
