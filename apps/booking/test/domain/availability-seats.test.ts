// Seats (docs/decisions.md "Seats"): a service with more than one seat is a session; bookings of
// it at one start on one owner share it until their party sizes reach the seats; the session
// occupies its owner once for everything else.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  explainSlot,
  keepsItsPlace,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, booking, everyDay, HOUR, MIN, NOW, schedule, service } from './availability-fixtures.js';

const ANN = { staffId: 'ann', status: 'active', timezone: 'UTC' };
const BOB = { staffId: 'bob', status: 'active', timezone: 'UTC' };
const TEN = at('2026-06-02T10:00:00Z');

/** A 60-minute class of `seats` seats, hourly, open around the clock in UTC. */
function classOf(seats: number, staff = [ANN], extra: Partial<ScheduleInput['service']> = {}): ScheduleInput {
  return schedule({
    timezone: 'UTC',
    service: service({ serviceId: 'yoga', seats, staffIds: staff.map((s) => s.staffId), ...extra }),
    staff,
    rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
  });
}

/** A booking of the class at 10:00 on `staffId`, `partySize` seats. */
const seat = (partySize: number, over: Partial<ExistingBooking> = {}): ExistingBooking =>
  booking({
    serviceId: 'yoga',
    staffId: 'ann',
    startsAtMs: TEN,
    endsAtMs: TEN + HOUR,
    seats: 3,
    partySize,
    ...over,
  });

const slotAt = (sched: ScheduleInput, bookings: ExistingBooking[], partySize?: number) =>
  computeSlots({ schedule: sched, bookings, fromMs: TEN, toMs: TEN + 1, nowMs: NOW, partySize })[0];

describe('seats', () => {
  it('fills a session party by party; seatsLeft counts down; a full session is not listed', () => {
    const sched = classOf(3);
    expect(slotAt(sched, [])).toEqual({ startsAtMs: TEN, endsAtMs: TEN + HOUR, seatsLeft: 3 });
    expect(slotAt(sched, [seat(2)])?.seatsLeft).toBe(1);
    // A party of 2 no longer fits; one of 1 does.
    expect(slotAt(sched, [seat(2)], 2)).toBeUndefined();
    expect(checkSlot({ schedule: sched, bookings: [seat(2)], startsAtMs: TEN, nowMs: NOW, partySize: 1 })).toEqual({
      ok: true,
      staffId: 'ann',
    });
    expect(slotAt(sched, [seat(2), seat(1)])).toBeUndefined();
    expect(explainSlot({ schedule: sched, bookings: [seat(2), seat(1)], startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: false,
      reason: 'full',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
  });

  it('frees only the seats of a cancelled booking or a hold that ran out', () => {
    const sched = classOf(3);
    const left = (bookings: ExistingBooking[]) => slotAt(sched, bookings)?.seatsLeft;
    expect(left([seat(2), seat(1, { status: 'cancelled' })])).toBe(1);
    expect(left([seat(2, { status: 'held', holdExpiresAtMs: NOW }), seat(1)])).toBe(2);
  });

  it('occupies its owner once, buffers once, for any other service', () => {
    // The class with a 15-minute buffer after, two in it; a 30-minute massage by Ann.
    const withBuffer = (b: ExistingBooking) => ({ ...b, bufferAfterMin: 15 });
    const bookings = [withBuffer(seat(1)), withBuffer(seat(2))];
    const massage = schedule({
      timezone: 'UTC',
      service: service({ serviceId: 'massage', durationMin: 30, slotIntervalMin: 15, staffIds: ['ann'] }),
      staff: [ANN],
      rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
    });
    const free = (start: number) => checkSlot({ schedule: massage, bookings, startsAtMs: start, nowMs: NOW }).ok;
    expect(free(TEN + HOUR)).toBe(false); // inside the session's buffer
    expect(free(TEN + HOUR + 15 * MIN)).toBe(true);
    // A resource of capacity 2 holds the session once and one other booking.
    const room = { resourceId: 'room', capacity: 2, status: 'active' };
    const roomy = (svc: string) =>
      schedule({
        timezone: 'UTC',
        service: service({ serviceId: svc, seats: svc === 'yoga' ? 3 : 1, resourceIds: ['room'] }),
        resources: [room],
        rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
      });
    const inRoom = [
      seat(1, { staffId: undefined, resourceId: 'room' }),
      seat(1, { staffId: undefined, resourceId: 'room' }),
    ];
    expect(checkSlot({ schedule: roomy('talk'), bookings: inRoom, startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: true,
      resourceId: 'room',
    });
    expect(slotAt(roomy('yoga'), inRoom)?.seatsLeft).toBe(1);
  });

  it('another service’s session at the same start is another occupant', () => {
    const other = seat(1, { serviceId: 'pilates' });
    expect(explainSlot({ schedule: classOf(3), bookings: [other], startsAtMs: TEN, nowMs: NOW })).toMatchObject({
      ok: false,
      reason: 'taken',
    });
  });

  it('fills a session that has room before opening another, unless a staff member is named', () => {
    const sched = classOf(3, [ANN, BOB]);
    const onBob = [seat(1, { staffId: 'bob' })];
    expect(checkSlot({ schedule: sched, bookings: onBob, startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'bob',
    });
    expect(
      checkSlot({ schedule: sched, bookings: onBob, startsAtMs: TEN, nowMs: NOW, preferredStaffId: 'ann' }),
    ).toEqual({ ok: true, staffId: 'ann' });
    // Seats left: the most one booking could still take (a new session on Ann).
    expect(slotAt(sched, onBob)?.seatsLeft).toBe(3);
    // A party too big for Bob's session opens one on Ann.
    expect(checkSlot({ schedule: sched, bookings: onBob, startsAtMs: TEN, nowMs: NOW, partySize: 3 })).toEqual({
      ok: true,
      staffId: 'ann',
    });
  });

  it('a session joined takes the session’s resource; a new one needs a free resource', () => {
    const rooms = [
      { resourceId: 'r1', capacity: 1, status: 'active' },
      { resourceId: 'r2', capacity: 1, status: 'active' },
    ];
    const sched = schedule({
      timezone: 'UTC',
      service: service({ serviceId: 'yoga', seats: 3, staffIds: ['ann', 'bob'], resourceIds: ['r1', 'r2'] }),
      staff: [ANN, BOB],
      resources: rooms,
      rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
    });
    const inR2 = [seat(1, { staffId: 'bob', resourceId: 'r2' })];
    expect(checkSlot({ schedule: sched, bookings: inR2, startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'bob',
      resourceId: 'r2',
    });
    // r1 taken by something else: Ann cannot open a session; Bob's still takes joiners.
    const busyR1 = [...inR2, booking({ serviceId: 'x', resourceId: 'r1', startsAtMs: TEN, endsAtMs: TEN + HOUR })];
    expect(
      checkSlot({ schedule: sched, bookings: busyR1, startsAtMs: TEN, nowMs: NOW, preferredStaffId: 'ann' }),
    ).toEqual({ ok: true, staffId: 'bob', resourceId: 'r2' });
    expect(slotAt(sched, busyR1)?.seatsLeft).toBe(2);
  });

  it('a daily limit counts sessions: joining one adds nothing, a new one counts', () => {
    const sched = classOf(3, [ANN], { maxBookingsPerDay: 1 });
    const bookings = [seat(1), seat(1)];
    expect(checkSlot({ schedule: sched, bookings, startsAtMs: TEN, nowMs: NOW }).ok).toBe(true);
    expect(explainSlot({ schedule: sched, bookings, startsAtMs: TEN + 4 * HOUR, nowMs: NOW })).toMatchObject({
      ok: false,
      reason: 'daily_limit',
    });
  });

  it('without seats a party is one seat too many; a booking made before seats occupies its slot alone', () => {
    const single = classOf(1);
    expect(explainSlot({ schedule: single, bookings: [], startsAtMs: TEN, nowMs: NOW, partySize: 2 })).toMatchObject({
      ok: false,
      reason: 'full',
    });
    const before = seat(1, { seats: undefined });
    expect(explainSlot({ schedule: classOf(3), bookings: [before], startsAtMs: TEN, nowMs: NOW })).toMatchObject({
      ok: false,
      reason: 'taken',
    });
  });

  it('a hold keeps its place in its session within the seats it was booked with (confirm)', () => {
    const mine = seat(1, { bookingId: 'mine', status: 'held', holdExpiresAtMs: NOW + MIN });
    expect(keepsItsPlace(mine, [mine, seat(2)], NOW, 1)).toBe(true);
    expect(keepsItsPlace(mine, [mine, seat(2), seat(1)], NOW, 1)).toBe(false);
    // Another service's session on the same staff member at that time is in its way.
    expect(keepsItsPlace(mine, [mine, seat(1, { serviceId: 'pilates' })], NOW, 1)).toBe(false);
  });
});
