// docs/decisions.md "Availability", the buffer rule: a booking occupies its owner from
// `start − bufferBefore` to `end + bufferAfter`, with the buffers stored on the booking; a slot is
// free for an owner when its own buffered interval overlaps none of the owner's occupied
// intervals. Summer week in Berlin (CEST, UTC+2); 2026-06-01 is a Monday.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  explainSlot,
  type ExistingBooking,
  type ScheduleInput,
  type ServiceInput,
} from '../../src/domain/availability/index.js';
import { booking, everyDay, hm, HOUR, schedule, service, starts, TZ, NOW, jun1 } from './availability-fixtures.js';

const localTimes = (isoList: string[]): string[] =>
  isoList.map((iso) => new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(11, 16));

/** A 30-minute service on a 15-minute grid, the tenant open all day; `svc` overrides. */
function openAllDay(svc: Partial<ServiceInput> = {}, extra: Partial<ScheduleInput> = {}): ScheduleInput {
  return schedule({
    service: service({ durationMin: 30, slotIntervalMin: 15, ...svc }),
    rules: everyDay('tenant', 't1', 0, 1440, TZ),
    ...extra,
  });
}

/** Local starts between 08:45 and 11:30 on June 1st. */
function morning(sched: ScheduleInput, bookings: ExistingBooking[]): string[] {
  const slots = computeSlots({ schedule: sched, bookings, fromMs: jun1('08:45'), toMs: jun1('11:30'), nowMs: NOW });
  return localTimes(starts(slots));
}

const check = (sched: ScheduleInput, bookings: ExistingBooking[], hhmm: string) =>
  checkSlot({ schedule: sched, bookings, startsAtMs: jun1(hhmm), nowMs: NOW });

describe('an existing booking’s buffers protect both sides', () => {
  it('the issue’s case: a 20-minute after-buffer keeps 10:30 and 10:45 out, 11:00 is free', () => {
    const sched = openAllDay({ bufferAfterMin: 20 });
    const tenOClock = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferAfterMin: 20 })];
    // Before it: 09:15 would occupy until 10:05 (its own after-buffer). After it: occupied until 10:50.
    expect(morning(sched, tenOClock)).toEqual(['08:45', '09:00', '11:00', '11:15']);
    for (const t of ['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45']) {
      expect(check(sched, tenOClock, t), t).toEqual({ ok: false, reason: 'taken' });
    }
    expect(check(sched, tenOClock, '11:00')).toEqual({ ok: true });
  });

  it('a before-buffer of the existing booking keeps the slot before it out', () => {
    const sched = openAllDay();
    const bk = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferBeforeMin: 30 })];
    // Occupied 09:30–10:30: 09:00–09:30 touches it and is free; 09:15 overlaps.
    expect(morning(sched, bk)).toEqual(['08:45', '09:00', '10:30', '10:45', '11:00', '11:15']);
  });

  it('uses the buffers stored on the booking, not the service’s current ones', () => {
    const stored20 = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferAfterMin: 20 })];
    // The service dropped its buffer since: the booking still occupies until 10:50.
    expect(morning(openAllDay({ bufferAfterMin: 0 }), stored20)).toEqual([
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '11:00',
      '11:15',
    ]);
    // The service gained a buffer since: the old booking (stored 0) still ends its occupation at
    // 10:30, and only the new slot's own after-buffer pushes 09:45 out.
    const stored0 = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30') })];
    expect(morning(openAllDay({ bufferAfterMin: 20 }), stored0)).toEqual([
      '08:45',
      '09:00',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
    ]);
  });

  it('a buffer of one minute is a minute: it blocks a slot starting at the end, and touching is free', () => {
    const sched = openAllDay();
    const oneMinute = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferAfterMin: 1 })];
    expect(check(sched, oneMinute, '10:30')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, oneMinute, '10:45')).toEqual({ ok: true });
    const fifteen = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferAfterMin: 15 })];
    expect(check(sched, fifteen, '10:30')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, fifteen, '10:45')).toEqual({ ok: true });
    const beforeOne = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferBeforeMin: 1 })];
    expect(check(sched, beforeOne, '09:30')).toEqual({ ok: false, reason: 'taken' });
  });

  it('a stored buffer that is negative or not a number counts as none', () => {
    const sched = openAllDay();
    for (const bad of [-30, Number.NaN, Number.POSITIVE_INFINITY]) {
      const bk = [
        booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferBeforeMin: bad, bufferAfterMin: bad }),
      ];
      expect(check(sched, bk, '10:30'), String(bad)).toEqual({ ok: true });
      expect(check(sched, bk, '09:30'), String(bad)).toEqual({ ok: true });
    }
  });

  it('an expired hold frees its buffers with it; the ignored booking’s buffers are ignored too', () => {
    const sched = openAllDay();
    const held = (holdExpiresAtMs: number) => [
      booking({
        startsAtMs: jun1('10:00'),
        endsAtMs: jun1('10:30'),
        bufferAfterMin: 20,
        status: 'held',
        holdExpiresAtMs,
      }),
    ];
    expect(check(sched, held(NOW + 1), '10:30')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, held(NOW), '10:30')).toEqual({ ok: true });
    const own = [
      booking({ bookingId: 'mine', startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30'), bufferAfterMin: 20 }),
    ];
    expect(
      checkSlot({ schedule: sched, bookings: own, startsAtMs: jun1('10:30'), nowMs: NOW, ignoreBookingId: 'mine' }),
    ).toEqual({ ok: true });
  });

  it('a staff member’s booking of another service occupies them with that booking’s buffers', () => {
    const sched = openAllDay(
      { staffIds: ['ann', 'bob'] },
      { staff: ['ann', 'bob'].map((staffId) => ({ staffId, status: 'active', timezone: TZ })) },
    );
    const annBusy = booking({
      serviceId: 'massage',
      staffId: 'ann',
      startsAtMs: jun1('09:00'),
      endsAtMs: jun1('10:00'),
      bufferAfterMin: 30,
    });
    expect(check(sched, [annBusy], '10:15')).toEqual({ ok: true, staffId: 'bob' });
    expect(check(sched, [annBusy], '10:30')).toEqual({ ok: true, staffId: 'ann' });
    const bobBusy = { ...annBusy, bookingId: 'b2', staffId: 'bob' };
    expect(
      explainSlot({ schedule: sched, bookings: [annBusy, bobBusy], startsAtMs: jun1('10:15'), nowMs: NOW }),
    ).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
  });

  it('a resource counts occupied intervals against its capacity', () => {
    const sched = openAllDay(
      { resourceIds: ['room'] },
      { resources: [{ resourceId: 'room', capacity: 2, status: 'active' }] },
    );
    const cleaning = (id: string) =>
      booking({
        bookingId: id,
        serviceId: 'other',
        resourceId: 'room',
        startsAtMs: jun1('09:30'),
        endsAtMs: jun1('10:00'),
        bufferAfterMin: 20,
      });
    expect(check(sched, [cleaning('r1')], '10:00')).toEqual({ ok: true, resourceId: 'room' });
    expect(
      explainSlot({
        schedule: sched,
        bookings: [cleaning('r1'), cleaning('r2')],
        startsAtMs: jun1('10:00'),
        nowMs: NOW,
      }),
    ).toEqual({
      ok: false,
      reason: 'taken',
      owner: { ownerType: 'resource', ownerId: 'room' },
    });
    expect(check(sched, [cleaning('r1'), cleaning('r2')], '10:15')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, [cleaning('r1'), cleaning('r2')], '10:30')).toEqual({ ok: true, resourceId: 'room' });
  });

  it('bookings given out of time order are counted all the same', () => {
    const sched = openAllDay(
      { resourceIds: ['room'] },
      { resources: [{ resourceId: 'room', capacity: 2, status: 'active' }] },
    );
    // Occupied: 10:00–11:00 (late start, long after-buffer) and 09:00–10:20, listed late first.
    const late = booking({
      resourceId: 'room',
      startsAtMs: jun1('10:15'),
      endsAtMs: jun1('10:30'),
      bufferBeforeMin: 15,
      bufferAfterMin: 30,
    });
    const early = booking({
      resourceId: 'room',
      startsAtMs: jun1('09:00'),
      endsAtMs: jun1('10:00'),
      bufferAfterMin: 20,
    });
    expect(check(sched, [late, early], '10:00')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, [early, late], '10:00')).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, [late, early], '10:30')).toEqual({ ok: true, resourceId: 'room' });
  });
});

describe('computeSlots and checkSlot agree with buffers on both sides', () => {
  it('on every 15-minute start of a day with buffered bookings of several owners', () => {
    const sched = openAllDay(
      { staffIds: ['ann', 'bob'], resourceIds: ['room'], bufferBeforeMin: 10, bufferAfterMin: 5 },
      {
        staff: ['ann', 'bob'].map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
        resources: [{ resourceId: 'room', capacity: 2, status: 'active' }],
        rules: [...everyDay('tenant', 't1', hm(8), hm(18), TZ), ...everyDay('staff', 'bob', hm(12), hm(18), TZ)],
      },
    );
    const bookings = [
      booking({
        staffId: 'ann',
        resourceId: 'room',
        startsAtMs: jun1('09:00'),
        endsAtMs: jun1('09:30'),
        bufferAfterMin: 25,
      }),
      booking({
        staffId: 'bob',
        resourceId: 'room',
        startsAtMs: jun1('12:30'),
        endsAtMs: jun1('13:00'),
        bufferBeforeMin: 20,
      }),
      booking({
        serviceId: 'x',
        resourceId: 'room',
        startsAtMs: jun1('12:00'),
        endsAtMs: jun1('12:45'),
        bufferAfterMin: 40,
      }),
      booking({
        serviceId: 'x',
        staffId: 'ann',
        startsAtMs: jun1('14:00'),
        endsAtMs: jun1('14:30'),
        bufferBeforeMin: 45,
      }),
    ];
    const listed = new Set(
      computeSlots({ schedule: sched, bookings, fromMs: jun1('00:00'), toMs: jun1('23:59'), nowMs: NOW }).map(
        (s) => s.startsAtMs,
      ),
    );
    let free = 0;
    for (let t = jun1('08:00'); t < jun1('18:00'); t += 15 * 60_000) {
      const verdict = checkSlot({ schedule: sched, bookings, startsAtMs: t, nowMs: NOW });
      expect(verdict.ok, new Date(t).toISOString()).toBe(listed.has(t));
      if (verdict.ok) free++;
    }
    expect(free).toBe(listed.size);
    // ann is occupied until 09:55 and bob works from 12:00: 10:00 (occupying from 09:50 with its
    // own before-buffer) has nobody; 10:15 (from 10:05) has ann.
    expect(listed.has(jun1('10:00'))).toBe(false);
    expect(listed.has(jun1('10:15'))).toBe(true);
  });
});
