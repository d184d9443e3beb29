// checkSlot as booking create and reschedule use it: assignment, preference, ignoring the
// booking's own slot, and exact agreement with computeSlots.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  type ExistingBooking,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { alignedStarts } from '../../src/domain/availability/compute-slots.js';
import { prepareSchedule } from '../../src/domain/availability/prepared-schedule.js';
import { buildEngineScenario } from '../../src/bench/engine-scenario.js';
import { booking, everyDay, hm, schedule, service, TZ, NOW, jun1 } from './availability-fixtures.js';

const team: ScheduleInput = schedule({
  service: service({ staffIds: ['ann', 'bob', 'cy'] }),
  staff: ['ann', 'bob', 'cy'].map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
  rules: [
    ...everyDay('tenant', 't1', hm(9), hm(17), TZ),
    ...['ann', 'bob', 'cy'].flatMap((id) => everyDay('staff', id, hm(9), hm(17), TZ)),
  ],
});
const busy = (staffId: string, bookingId?: string): ExistingBooking =>
  booking({ staffId, startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00'), ...(bookingId ? { bookingId } : {}) });

describe('assignment and preferred staff', () => {
  const check = (bookings: ExistingBooking[], preferredStaffId?: string) =>
    checkSlot({ schedule: team, bookings, startsAtMs: jun1('10:00'), nowMs: NOW, preferredStaffId });

  it('assigns the first free staff member in the service’s order', () => {
    expect(check([])).toEqual({ ok: true, staffId: 'ann' });
    expect(check([busy('ann')])).toEqual({ ok: true, staffId: 'bob' });
    expect(check([busy('ann'), busy('bob'), busy('cy')])).toEqual({ ok: false, reason: 'taken' });
  });

  it('assigns the preferred staff member when free, and falls back when not', () => {
    expect(check([], 'cy')).toEqual({ ok: true, staffId: 'cy' });
    expect(check([busy('cy')], 'cy')).toEqual({ ok: true, staffId: 'ann' });
    expect(check([busy('ann'), busy('cy')], 'cy')).toEqual({ ok: true, staffId: 'bob' });
    // A preference for someone the service does not list is only a preference.
    expect(check([], 'zed')).toEqual({ ok: true, staffId: 'ann' });
  });
});

describe('ignoreBookingId (reschedule)', () => {
  const solo = schedule({
    service: service({ staffIds: ['ann'], slotIntervalMin: 30 }),
    staff: [{ staffId: 'ann', status: 'active', timezone: TZ }],
    rules: [...everyDay('tenant', 't1', hm(9), hm(17), TZ), ...everyDay('staff', 'ann', hm(9), hm(17), TZ)],
  });
  const own = busy('ann', 'mine');

  it('the booking’s own slot does not block its move', () => {
    const check = (startsAtMs: number, ignoreBookingId?: string) =>
      checkSlot({ schedule: solo, bookings: [own], startsAtMs, nowMs: NOW, ignoreBookingId });
    expect(check(jun1('10:30'))).toEqual({ ok: false, reason: 'taken' });
    expect(check(jun1('10:30'), 'mine')).toEqual({ ok: true, staffId: 'ann' });
    expect(check(jun1('10:00'), 'mine')).toEqual({ ok: true, staffId: 'ann' });
    expect(check(jun1('10:30'), 'someone-else')).toEqual({ ok: false, reason: 'taken' });
  });

  it('other bookings still count', () => {
    const other = booking({ staffId: 'ann', startsAtMs: jun1('11:00'), endsAtMs: jun1('12:00') });
    expect(
      checkSlot({
        schedule: solo,
        bookings: [own, other],
        startsAtMs: jun1('10:30'),
        nowMs: NOW,
        ignoreBookingId: 'mine',
      }),
    ).toEqual({ ok: false, reason: 'taken' });
  });

  it('computeSlots accepts it too', () => {
    const list = (ignoreBookingId?: string) =>
      computeSlots({
        schedule: solo,
        bookings: [own],
        fromMs: jun1('00:00'),
        toMs: jun1('23:00'),
        nowMs: NOW,
        ignoreBookingId,
      }).length;
    expect(list('mine')).toBe(list() + 3);
  });
});

describe('reasons when no staff member fits', () => {
  it('reports the one that got furthest: taken over blocked over hours', () => {
    // cy works only 13:00–17:00; bob is blocked 10:00–10:15; ann is free unless booked or blocked.
    const sched = (annBlocked: boolean): ScheduleInput => ({
      ...team,
      rules: [...team.rules.filter((r) => r.ownerId !== 'cy'), ...everyDay('staff', 'cy', hm(13), hm(17), TZ)],
      blocks: [
        { ownerType: 'staff', ownerId: 'bob', startsAtMs: jun1('10:00'), endsAtMs: jun1('10:15') },
        ...(annBlocked
          ? [{ ownerType: 'staff' as const, ownerId: 'ann', startsAtMs: jun1('10:45'), endsAtMs: jun1('11:00') }]
          : []),
      ],
    });
    const check = (annBlocked: boolean, bookings: ExistingBooking[]) =>
      checkSlot({ schedule: sched(annBlocked), bookings, startsAtMs: jun1('10:00'), nowMs: NOW });
    expect(check(false, [])).toEqual({ ok: true, staffId: 'ann' });
    expect(check(false, [busy('ann')])).toEqual({ ok: false, reason: 'taken' });
    expect(check(true, [])).toEqual({ ok: false, reason: 'blocked' });
    const onlyCy: ScheduleInput = { ...sched(false), service: service({ staffIds: ['cy'] }) };
    expect(checkSlot({ schedule: onlyCy, bookings: [], startsAtMs: jun1('10:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
  });
});

describe('checkSlot and computeSlots agree', () => {
  it('on every grid start of the busy benchmark scenario (spring-forward included)', () => {
    const s = buildEngineScenario({ bookingCount: 600, days: 16, seed: 7 });
    const listed = new Set(computeSlots(s).map((slot) => slot.startsAtMs));
    expect(listed.size).toBeGreaterThan(50);

    // Every start on the tenant grid, plus one off-grid start per grid step.
    const prepared = prepareSchedule(s.schedule, s.bookings, { fromMs: s.fromMs, toMs: s.toMs, nowMs: s.nowMs });
    const grid = alignedStarts(prepared.tenantOccurrences, prepared.shape.stepMs, s.fromMs, s.toMs);
    const disagreements: string[] = [];
    for (const start of grid) {
      const verdict = checkSlot({ schedule: s.schedule, bookings: s.bookings, startsAtMs: start, nowMs: s.nowMs });
      if (verdict.ok !== listed.has(start))
        disagreements.push(`${new Date(start).toISOString()} ${JSON.stringify(verdict)}`);
      if (verdict.ok && !verdict.staffId) disagreements.push(`${new Date(start).toISOString()} without staff`);
      const off = checkSlot({ schedule: s.schedule, bookings: s.bookings, startsAtMs: start + 60_000, nowMs: s.nowMs });
      if (off.ok) disagreements.push(`${new Date(start + 60_000).toISOString()} off-grid accepted`);
    }
    expect(disagreements).toEqual([]);
  });

  it('an assigned staff member really is free, and booking them takes the slot', () => {
    const first = checkSlot({ schedule: team, bookings: [], startsAtMs: jun1('13:00'), nowMs: NOW });
    expect(first).toEqual({ ok: true, staffId: 'ann' });
    const bookings: ExistingBooking[] = [];
    for (let i = 0; i < 3; i++) {
      const v = checkSlot({ schedule: team, bookings, startsAtMs: jun1('13:00'), nowMs: NOW });
      if (!v.ok || !v.staffId) throw new Error('expected a free staff member');
      bookings.push(booking({ staffId: v.staffId, startsAtMs: jun1('13:00'), endsAtMs: jun1('14:00') }));
    }
    expect(bookings.map((b) => b.staffId)).toEqual(['ann', 'bob', 'cy']);
    expect(checkSlot({ schedule: team, bookings, startsAtMs: jun1('13:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });
});
