// Staff assignment (docs/decisions.md "Staff assignment"): round_robin gives a booking to the
// free staff member with the fewest bookings of the service within a week either side for
// their weight, then the least recently booked; collective needs every listed staff member and
// occupies them all.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  explainSlot,
  keepsItsPlace,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, booking, DAY, everyDay, HOUR, NOW, schedule, service } from './availability-fixtures.js';

const STAFF = ['ann', 'bob', 'cid'].map((staffId) => ({ staffId, status: 'active', timezone: 'UTC' }));
const TEN = at('2026-06-10T10:00:00Z');

function team(over: Partial<ScheduleInput['service']>): ScheduleInput {
  return schedule({
    timezone: 'UTC',
    service: service({ serviceId: 'cut', staffIds: ['ann', 'bob', 'cid'], ...over }),
    staff: STAFF,
    rules: everyDay('tenant', 't1', 0, 1440, 'UTC'),
  });
}

/** A booking of the service by `staffId`, `daysFrom` days from 10 June 10:00, made at `madeAt`. */
const done = (staffId: string, daysFrom: number, madeAt = NOW, over: Partial<ExistingBooking> = {}): ExistingBooking =>
  booking({
    serviceId: 'cut',
    staffId,
    startsAtMs: TEN + daysFrom * DAY + HOUR,
    endsAtMs: TEN + daysFrom * DAY + 2 * HOUR,
    createdAtMs: madeAt,
    ...over,
  });

const assigned = (sched: ScheduleInput, bookings: ExistingBooking[], preferredStaffId?: string) => {
  const verdict = checkSlot({ schedule: sched, bookings, startsAtMs: TEN, nowMs: NOW, preferredStaffId });
  return verdict.ok ? verdict.staffId : verdict.reason;
};

describe('round_robin', () => {
  const rr = team({ assignment: 'round_robin' });

  it('gives the booking to the free staff member with the fewest bookings of the service around it', () => {
    expect(assigned(rr, [done('ann', 0), done('bob', -3), done('bob', 2)])).toBe('cid');
    expect(assigned(rr, [done('ann', 0), done('cid', 1), done('bob', 2), done('bob', 3)])).toBe('ann');
  });

  it('counts a week either side only, of this service, occupying', () => {
    const far = [done('ann', -8), done('ann', 7.5), done('bob', 1)];
    expect(assigned(rr, far)).toBe('ann');
    expect(assigned(rr, [done('ann', 1, NOW, { serviceId: 'other' }), done('bob', 1)])).toBe('ann');
    expect(assigned(rr, [done('ann', 1, NOW, { status: 'cancelled' }), done('bob', 1)])).toBe('ann');
    // Exactly a week before counts; exactly a week after does not.
    expect(
      assigned(rr, [
        done('ann', -7, NOW, { startsAtMs: TEN - 7 * DAY, endsAtMs: TEN - 7 * DAY + HOUR }),
        done('bob', 1),
      ]),
    ).toBe('cid');
    expect(
      assigned(team({ assignment: 'round_robin', staffIds: ['ann', 'bob'] }), [
        done('ann', 7, NOW, { startsAtMs: TEN + 7 * DAY, endsAtMs: TEN + 7 * DAY + HOUR }),
        done('bob', 1),
      ]),
    ).toBe('ann');
  });

  it('breaks a tie by who was booked least recently, then the service’s order', () => {
    expect(assigned(rr, [done('ann', 1, NOW - 1), done('bob', 1, NOW - 3), done('cid', 1, NOW - 2)])).toBe('bob');
    expect(assigned(rr, [])).toBe('ann');
  });

  it('weighs the count by the staff member’s share', () => {
    const weighted = team({ assignment: 'round_robin', staffWeights: { ann: 2 } });
    // Ann has 2 for a share of 2, Bob 1 for 1: a tie, and Bob was booked more recently.
    expect(
      assigned(weighted, [
        done('ann', 1, NOW - 5),
        done('ann', 2, NOW - 4),
        done('bob', 1, NOW - 1),
        done('cid', 1, NOW - 2),
        done('cid', 2, NOW - 2),
      ]),
    ).toBe('ann');
    // Without the weight Ann's two would be one too many.
    expect(
      assigned(rr, [
        done('ann', 1, NOW - 5),
        done('ann', 2, NOW - 4),
        done('bob', 1, NOW - 1),
        done('cid', 1, NOW - 2),
        done('cid', 2, NOW - 2),
      ]),
    ).toBe('bob');
  });

  it('gives a named staff member the booking when free, and skips a busy one', () => {
    expect(assigned(rr, [done('ann', 1)], 'ann')).toBe('ann');
    const annBusy = booking({ serviceId: 'other', staffId: 'ann', startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(assigned(rr, [annBusy, done('bob', 1)])).toBe('cid');
  });

  it('lists the same slots as first_available: it only changes who takes them', () => {
    const bookings = [
      done('ann', 0),
      booking({ serviceId: 'x', staffId: 'bob', startsAtMs: TEN, endsAtMs: TEN + HOUR }),
    ];
    const list = (sched: ScheduleInput) =>
      computeSlots({ schedule: sched, bookings, fromMs: TEN - DAY, toMs: TEN + DAY, nowMs: NOW });
    expect(list(rr)).toEqual(list(team({})));
  });
});

describe('collective', () => {
  const all = team({ assignment: 'collective' });

  it('needs every listed staff member free, and takes them all', () => {
    expect(checkSlot({ schedule: all, bookings: [], startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'ann',
      staffIds: ['ann', 'bob', 'cid'],
    });
    const bobBusy = booking({ serviceId: 'x', staffId: 'bob', startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(explainSlot({ schedule: all, bookings: [bobBusy], startsAtMs: TEN, nowMs: NOW })).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'staff', ownerId: 'bob' },
    });
    // Availability is the intersection: that hour is not listed.
    const slots = computeSlots({ schedule: all, bookings: [bobBusy], fromMs: TEN, toMs: TEN + 2 * HOUR, nowMs: NOW });
    expect(slots.map((s) => s.startsAtMs)).toEqual([TEN + HOUR]);
  });

  it('its booking occupies each of its staff for every other service', () => {
    const together = booking({
      serviceId: 'cut',
      staffId: 'ann',
      staffIds: ['ann', 'cid'],
      startsAtMs: TEN,
      endsAtMs: TEN + HOUR,
    });
    const single = (staffId: string) =>
      checkSlot({
        schedule: team({ staffIds: [staffId] }),
        bookings: [together],
        startsAtMs: TEN,
        nowMs: NOW,
      }).ok;
    expect([single('ann'), single('bob'), single('cid')]).toEqual([false, true, false]);
    // A confirm: it keeps its place while all of them are still free.
    expect(keepsItsPlace({ ...together, status: 'held', holdExpiresAtMs: NOW + HOUR }, [], NOW, 1)).toBe(true);
    const cidBusy = booking({ serviceId: 'x', staffId: 'cid', startsAtMs: TEN, endsAtMs: TEN + HOUR });
    expect(keepsItsPlace({ ...together, status: 'held', holdExpiresAtMs: NOW + HOUR }, [cidBusy], NOW, 1)).toBe(false);
  });

  it('an inactive listed staff member makes every start unbookable', () => {
    const gone = schedule({
      ...all,
      staff: STAFF.map((s) => (s.staffId === 'cid' ? { ...s, status: 'disabled' } : s)),
    });
    expect(explainSlot({ schedule: gone, bookings: [], startsAtMs: TEN, nowMs: NOW })).toMatchObject({
      ok: false,
      reason: 'outside_hours',
      owner: { ownerType: 'staff', ownerId: 'cid' },
    });
  });
});
