// Edges of the engine that the feature tests pass by (docs/testing.md "Mutation testing"): the
// decision's reach for round-robin, malformed stored numbers (party sizes, seats, buffers,
// weights, a caller's party size) read as their defaults, and what a confirm checks for seated,
// resource-owned, service-owned and collective bookings.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  countedReach,
  decisionReach,
  explainSlot,
  keepsItsPlace,
  ROTATION_REACH_MS,
  slotShape,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, booking, DAY, everyDay, HOUR, MIN, NOW, schedule, service } from './availability-fixtures.js';

const TEN = at('2026-06-10T10:00:00Z');

describe('decisionReach', () => {
  const starts = { fromMs: TEN, toMs: TEN + HOUR };

  it('is countedReach unless the service is round-robin; then a week either side of the starts as well', () => {
    for (const assignment of [undefined, 'first_available', 'collective'] as const) {
      const shape = slotShape(service({ ...(assignment ? { assignment } : {}) }));
      expect(shape.rotates).toBe(false);
      expect(decisionReach(shape, starts)).toEqual(countedReach(shape, starts));
    }
    const rr = slotShape(service({ assignment: 'round_robin' }));
    expect(rr.rotates).toBe(true);
    expect(decisionReach(rr, starts)).toEqual({
      fromMs: TEN - ROTATION_REACH_MS,
      toMs: TEN + HOUR + ROTATION_REACH_MS,
    });
    expect(ROTATION_REACH_MS).toBe(7 * DAY);
  });

  it('keeps the wider of the two on each side: a daily limit reaching past a week stays', () => {
    const wide = slotShape(service({ assignment: 'round_robin', bufferBeforeMin: 8 * 1440, bufferAfterMin: 9 * 1440 }));
    const counted = countedReach(wide, starts);
    expect(counted.fromMs).toBeLessThan(TEN - ROTATION_REACH_MS);
    expect(counted.toMs).toBeGreaterThan(TEN + HOUR + ROTATION_REACH_MS);
    expect(decisionReach(wide, starts)).toEqual(counted);
  });
});

const ANN = { staffId: 'ann', status: 'active', timezone: 'UTC' };
const BOB = { staffId: 'bob', status: 'active', timezone: 'UTC' };

/** A 60-minute class of 3 seats on Ann, hourly, open around the clock in UTC. */
const klass: ScheduleInput = schedule({
  timezone: 'UTC',
  service: service({ serviceId: 'yoga', seats: 3, staffIds: ['ann'] }),
  staff: [ANN],
  rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
});

const classSeat = (over: Partial<ExistingBooking>): ExistingBooking =>
  booking({ serviceId: 'yoga', staffId: 'ann', startsAtMs: TEN, endsAtMs: TEN + HOUR, seats: 3, ...over });

const seatsLeftAt = (bookings: ExistingBooking[], partySize?: number) =>
  computeSlots({ schedule: klass, bookings, fromMs: TEN, toMs: TEN + 1, nowMs: NOW, partySize })[0]?.seatsLeft;

describe('stored numbers that are not what they should be read as their defaults', () => {
  it('a party size that is not a positive whole number takes one seat', () => {
    for (const partySize of [undefined, 0, -2, 1.5, Number.NaN]) {
      expect(seatsLeftAt([classSeat({ partySize: partySize as number })]), String(partySize)).toBe(2);
    }
    expect(seatsLeftAt([classSeat({ partySize: 2 })])).toBe(1);
  });

  it('a booking stored without seats, or with one, is no session: it takes its staff member whole', () => {
    for (const seats of [undefined, 1, 0]) {
      const single = classSeat({ seats: seats as number, partySize: 1 });
      expect(seatsLeftAt([single]), String(seats)).toBeUndefined();
    }
    expect(seatsLeftAt([classSeat({ seats: 2, partySize: 1 })])).toBe(2);
  });

  it('a buffer that is missing, negative or not finite counts as none', () => {
    const ann = schedule({
      timezone: 'UTC',
      service: service({ staffIds: ['ann'] }),
      staff: [ANN],
      rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
    });
    const before = (bufferAfterMin: number | undefined) =>
      booking({ staffId: 'ann', startsAtMs: TEN - HOUR, endsAtMs: TEN, bufferAfterMin: bufferAfterMin as number });
    const free = (b: ExistingBooking) => checkSlot({ schedule: ann, bookings: [b], startsAtMs: TEN, nowMs: NOW }).ok;
    for (const min of [undefined, 0, -10, Number.NaN, Number.POSITIVE_INFINITY])
      expect(free(before(min)), String(min)).toBe(true);
    expect(free(before(1))).toBe(false);
  });

  it("a caller's party size that is not a positive whole number asks for one seat", () => {
    const two = [classSeat({ partySize: 2 })];
    for (const partySize of [undefined, 0, -1, 1.5, Number.NaN])
      expect(seatsLeftAt(two, partySize), String(partySize)).toBe(1);
    expect(seatsLeftAt(two, 2)).toBeUndefined();
  });

  it('a round-robin weight that is missing, zero, negative or not finite counts as 1', () => {
    const rr = (weight: number) =>
      schedule({
        timezone: 'UTC',
        service: service({
          serviceId: 'cut',
          staffIds: ['ann', 'bob'],
          assignment: 'round_robin',
          staffWeights: { ann: weight },
        }),
        staff: [ANN, BOB],
        rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
      });
    // Ann has two bookings of the service that week, Bob one: at weight 1 Bob is next; at 3 Ann is.
    const week = [-2, -1].map((d) =>
      booking({ serviceId: 'cut', staffId: 'ann', startsAtMs: TEN + d * DAY, endsAtMs: TEN + d * DAY + HOUR }),
    );
    week.push(booking({ serviceId: 'cut', staffId: 'bob', startsAtMs: TEN - DAY, endsAtMs: TEN - DAY + HOUR }));
    const who = (weight: number) => {
      const v = checkSlot({ schedule: rr(weight), bookings: week, startsAtMs: TEN, nowMs: NOW });
      return v.ok ? v.staffId : v.reason;
    };
    for (const weight of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(who(weight), String(weight)).toBe('bob');
    expect(who(3)).toBe('ann');
  });

  it('a weight on the later member weighs their own count (Ann 1, Bob 2 at weight 3: Bob is next)', () => {
    const sched = schedule({
      timezone: 'UTC',
      service: service({
        serviceId: 'cut',
        staffIds: ['ann', 'bob'],
        assignment: 'round_robin',
        staffWeights: { bob: 3 },
      }),
      staff: [ANN, BOB],
      rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
    });
    const of = (staffId: string, d: number) =>
      booking({ serviceId: 'cut', staffId, startsAtMs: TEN + d * DAY, endsAtMs: TEN + d * DAY + HOUR });
    const v = checkSlot({
      schedule: sched,
      bookings: [of('ann', -1), of('bob', -1), of('bob', -2)],
      startsAtMs: TEN,
      nowMs: NOW,
    });
    expect(v).toEqual({ ok: true, staffId: 'bob' });
  });
});

describe('who is named', () => {
  const pair = schedule({
    timezone: 'UTC',
    service: service({ staffIds: ['ann', 'bob'] }),
    staff: [ANN, BOB],
    rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
    dateOverrides: [
      { ownerType: 'staff', ownerId: 'ann', date: '2026-06-10', windows: [{ startMinute: 540, endMinute: 720 }] },
    ],
  });

  it('the preferred staff member when free, though listed after another free one', () => {
    expect(checkSlot({ schedule: pair, bookings: [], startsAtMs: TEN, nowMs: NOW, preferredStaffId: 'bob' })).toEqual({
      ok: true,
      staffId: 'bob',
    });
  });

  it('no override for a refusal other than outside_hours, though the day has one', () => {
    const alone = schedule({ ...pair, service: service({ staffIds: ['ann'] }) });
    const taken = booking({ staffId: 'ann', startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(explainSlot({ schedule: alone, bookings: [taken], startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
    // Outside the override's window it is named.
    expect(explainSlot({ schedule: alone, bookings: [], startsAtMs: TEN + 4 * HOUR, nowMs: NOW })).toMatchObject({
      reason: 'outside_hours',
      override: { ownerType: 'staff', ownerId: 'ann', date: '2026-06-10' },
    });
  });
});

describe('keepsItsPlace for sessions, resources, services and teams', () => {
  const hold = (over: Partial<ExistingBooking>): ExistingBooking =>
    booking({
      bookingId: 'mine',
      startsAtMs: TEN,
      endsAtMs: TEN + HOUR,
      status: 'held',
      holdExpiresAtMs: NOW + 5 * MIN,
      ...over,
    });
  const mate = (over: Partial<ExistingBooking>): ExistingBooking =>
    booking({ startsAtMs: TEN, endsAtMs: TEN + HOUR, seats: 3, partySize: 1, ...over });

  it('a session owned by a resource: its mates share the room within the seats', () => {
    const mine = hold({ serviceId: 'yoga', resourceId: 'room', seats: 3, partySize: 1 });
    const others = [mate({ serviceId: 'yoga', resourceId: 'room' })];
    expect(keepsItsPlace(mine, [mine, ...others], NOW, 1)).toBe(true);
    expect(
      keepsItsPlace(mine, [mine, ...others, mate({ serviceId: 'yoga', resourceId: 'room', partySize: 2 })], NOW, 1),
    ).toBe(false);
    // Another service in the room at that time is in its way.
    expect(keepsItsPlace(mine, [mine, mate({ serviceId: 'pilates', resourceId: 'room' })], NOW, 1)).toBe(false);
  });

  it('a session owned by a staff member in a room: the mates in that room share it, one elsewhere does not', () => {
    const mine = hold({ serviceId: 'yoga', staffId: 'ann', resourceId: 'room', seats: 3, partySize: 1 });
    const inRoom = mate({ serviceId: 'yoga', staffId: 'ann', resourceId: 'room' });
    expect(keepsItsPlace(mine, [mine, inRoom], NOW, 1)).toBe(true);
    // Ann's session took the hall; someone else holds the room: one room, taken.
    const inHall = mate({ serviceId: 'yoga', staffId: 'ann', resourceId: 'hall' });
    const roomTaken = booking({ serviceId: 'other', resourceId: 'room', startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(keepsItsPlace(mine, [mine, inHall], NOW, 1)).toBe(true);
    expect(keepsItsPlace(mine, [mine, inHall, roomTaken], NOW, 1)).toBe(false);
    expect(keepsItsPlace(mine, [mine, inRoom, roomTaken], NOW, 1)).toBe(false);
  });

  it('a session owned by its service: the mates are one occupant with it, another start is not', () => {
    const mine = hold({ serviceId: 'yoga', seats: 3, partySize: 1 });
    expect(keepsItsPlace(mine, [mine, mate({ serviceId: 'yoga' })], NOW, 0)).toBe(true);
    const overlapping = mate({ serviceId: 'yoga', startsAtMs: TEN + 30 * MIN, endsAtMs: TEN + 90 * MIN });
    expect(keepsItsPlace(mine, [mine, overlapping], NOW, 0)).toBe(false);
    expect(keepsItsPlace(mine, [mine, mate({ serviceId: 'yoga', partySize: 3 })], NOW, 0)).toBe(false);
  });

  it('a collective booking: every one of its staff must still be free, and only they count', () => {
    const mine = hold({ serviceId: 'panel', staffId: 'ann', staffIds: ['ann', 'bob'] });
    const other = (staffId: string) => booking({ serviceId: 'x', staffId, startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(keepsItsPlace(mine, [mine, other('cid')], NOW, 0)).toBe(true);
    expect(keepsItsPlace(mine, [mine, other('bob')], NOW, 0)).toBe(false);
    expect(keepsItsPlace(mine, [mine, other('ann')], NOW, 0)).toBe(false);
    // A booking of Bob's that is itself collective with Cid is in the way too.
    const team = booking({
      serviceId: 'y',
      staffId: 'cid',
      staffIds: ['cid', 'bob'],
      startsAtMs: TEN,
      endsAtMs: TEN + HOUR,
    });
    expect(keepsItsPlace(mine, [mine, team], NOW, 0)).toBe(false);
  });
});
