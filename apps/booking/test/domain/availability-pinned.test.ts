// Rules of docs/decisions.md "Availability" that the other engine tests executed without pinning:
// each case below is one a wrong engine answers differently (mutation testing, `npm run mutation`,
// found them; docs/testing.md lists what is left). Berlin summer (CEST, UTC+2), as in
// availability-rules.test.ts.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  type ExistingBooking,
  type ScheduleInput,
  type ServiceInput,
  type WeeklyRuleInput,
} from '../../src/domain/availability/index.js';
import { IntervalSet } from '../../src/domain/availability/intervals.js';
import { BookingIndex } from '../../src/domain/availability/occupancy.js';
import { DAY_MS } from '@svc/rules';
import {
  at,
  block,
  booking,
  everyDay,
  hm,
  HOUR,
  iso,
  schedule,
  service,
  starts,
  TZ,
  NOW,
} from './availability-fixtures.js';

/** 2026-06-01 is a Monday; `day(6, …)` is Saturday 2026-06-06, `day(0, …)` Sunday 2026-06-07. */
const day = (weekday: number, hhmm: string): number => {
  const date = weekday === 0 ? 7 : weekday;
  return at(`2026-06-0${date}T${hhmm}:00+02:00`);
};
const jun1 = (hhmm: string): number => day(1, hhmm);
const TENANT_HOURS = everyDay('tenant', 't1', hm(9), hm(17), TZ);

/** Local HH:MM of the slots starting on the local day of `dayStartMs`. */
function slotTimes(sched: ScheduleInput, bookings: ExistingBooking[] = [], dayStartMs = jun1('00:00'), nowMs = NOW) {
  const slots = computeSlots({ schedule: sched, bookings, fromMs: dayStartMs, toMs: dayStartMs + 24 * HOUR, nowMs });
  return starts(slots).map((iso) => new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(11, 16));
}

const check = (sched: ScheduleInput, startsAtMs: number, bookings: ExistingBooking[] = [], nowMs = NOW) =>
  checkSlot({ schedule: sched, bookings, startsAtMs, nowMs });

function withStaff(svc: Partial<ServiceInput>, staffIds: string[], extra: Partial<ScheduleInput> = {}): ScheduleInput {
  return schedule({
    service: service({ ...svc, staffIds }),
    staff: staffIds.map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
    rules: [...TENANT_HOURS, ...staffIds.flatMap((id) => everyDay('staff', id, hm(9), hm(17), TZ))],
    ...extra,
  });
}

const tenantRule = (weekday: number, start: number, end: number): WeeklyRuleInput => ({
  ownerType: 'tenant',
  ownerId: 't1',
  weekday,
  startMinute: start,
  endMinute: end,
  timezone: TZ,
});

describe('weekly rules', () => {
  it('a Saturday (weekday 6) rule opens Saturday, and only Saturday', () => {
    const sched = schedule({ rules: [tenantRule(6, hm(9), hm(11))] });
    expect(slotTimes(sched, [], day(6, '00:00'))).toEqual(['09:00', '10:00']);
    expect(slotTimes(sched, [], day(0, '00:00'))).toEqual([]);
    expect(slotTimes(sched, [], day(5, '00:00'))).toEqual([]);
    expect(check(sched, day(6, '10:00'))).toEqual({ ok: true });
  });

  it('a weekday outside 0–6 is ignored, not wrapped onto another day', () => {
    const sched = schedule({ rules: [tenantRule(7, hm(9), hm(11)), tenantRule(-1, hm(9), hm(11))] });
    for (const weekday of [0, 1, 6]) expect(slotTimes(sched, [], day(weekday, '00:00'))).toEqual([]);
  });

  it('checkSlot finds the grid of a later rule listed first (rules in any order, several a day)', () => {
    const afternoonFirst = [tenantRule(1, hm(13, 10), hm(15)), tenantRule(1, hm(9), hm(11))];
    const sched = schedule({ rules: afternoonFirst, service: service({ durationMin: 30, slotIntervalMin: 30 }) });
    expect(slotTimes(sched)).toEqual(['09:00', '09:30', '10:00', '10:30', '13:10', '13:40', '14:10']);
    expect(check(sched, jun1('09:30'))).toEqual({ ok: true });
    expect(check(sched, jun1('13:40'))).toEqual({ ok: true });
    // Each window has its own grid: 13:00 is on the morning's grid but not on the afternoon's.
    expect(check(sched, jun1('13:00'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(check(sched, jun1('13:30'))).toEqual({ ok: false, reason: 'misaligned' });
    expect(check(sched, jun1('09:10'))).toEqual({ ok: false, reason: 'misaligned' });
  });

  it('an opening at 09:10 is the grid checkSlot accepts (09:10, 09:40), not the hour’s', () => {
    const sched = schedule({
      rules: everyDay('tenant', 't1', hm(9, 10), hm(11), TZ),
      service: service({ durationMin: 30, slotIntervalMin: 30 }),
    });
    expect(check(sched, jun1('09:10'))).toEqual({ ok: true });
    expect(check(sched, jun1('09:40'))).toEqual({ ok: true });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: false, reason: 'misaligned' });
  });
});

describe('tenant hours come from tenant rules only', () => {
  it('staff and resource rules reaching past the tenant’s hours do not extend them', () => {
    const tenantMorning = everyDay('tenant', 't1', hm(9), hm(12), TZ);
    const staffSched = withStaff({}, ['ann'], {
      rules: [...tenantMorning, ...everyDay('staff', 'ann', hm(9), hm(17), TZ)],
    });
    expect(slotTimes(staffSched)).toEqual(['09:00', '10:00', '11:00']);
    expect(check(staffSched, jun1('12:00'))).toEqual({ ok: false, reason: 'outside_hours' });

    const roomSched = schedule({
      service: service({ resourceIds: ['room'] }),
      resources: [{ resourceId: 'room', capacity: 1, status: 'active' }],
      rules: [...tenantMorning, ...everyDay('resource', 'room', hm(7), hm(17), TZ)],
    });
    expect(slotTimes(roomSched)).toEqual(['09:00', '10:00', '11:00']);
    expect(check(roomSched, jun1('08:00'))).toEqual({ ok: false, reason: 'outside_hours' });
  });

  it('overlapping tenant rules (09–12 and 11–13) list each start once', () => {
    const rules = [...everyDay('tenant', 't1', hm(9), hm(12), TZ), ...everyDay('tenant', 't1', hm(11), hm(13), TZ)];
    expect(slotTimes(schedule({ rules }))).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
});

describe('buffers are exactly as long as configured', () => {
  // A 30-minute service on a 15-minute grid, so a buffer that is off by even one grid step shows.
  const svc = { durationMin: 30, slotIntervalMin: 15 };

  it('after-buffer: 30 minutes after the slot must be free of the staff member’s bookings', () => {
    const sched = withStaff({ ...svc, bufferAfterMin: 30 }, ['ann']);
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('11:00'), endsAtMs: jun1('12:00') })];
    // 10:00–10:30 + 30 min reaches 11:00 exactly: free. 10:15–10:45 + 30 reaches 11:15: taken.
    expect(check(sched, jun1('10:00'), busy)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(sched, jun1('10:15'), busy)).toEqual({ ok: false, reason: 'taken' });
    expect(slotTimes(sched, busy).filter((t) => t >= '09:45' && t < '11:00')).toEqual(['09:45', '10:00']);
  });

  it('before-buffer: 15 minutes before the slot must be free of the staff member’s bookings', () => {
    const sched = withStaff({ ...svc, bufferBeforeMin: 15 }, ['ann']);
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('09:00'), endsAtMs: jun1('10:00') })];
    expect(check(sched, jun1('10:15'), busy)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(sched, jun1('10:00'), busy)).toEqual({ ok: false, reason: 'taken' });
    expect(slotTimes(sched, busy)[0]).toBe('10:15');
  });

  it('a negative buffer counts as none', () => {
    const sched = withStaff({ ...svc, bufferBeforeMin: -30, bufferAfterMin: -30 }, ['ann']);
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00') })];
    expect(check(sched, jun1('09:30'), busy)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(sched, jun1('09:45'), busy)).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, jun1('11:00'), busy)).toEqual({ ok: true, staffId: 'ann' });
  });
});

describe('min notice', () => {
  it('a negative minNoticeMin is no notice: a start before now is still too soon', () => {
    const sched = schedule({
      rules: TENANT_HOURS,
      service: service({ durationMin: 30, slotIntervalMin: 30, minNoticeMin: -60 }),
    });
    const now = jun1('10:10');
    expect(check(sched, jun1('10:00'), [], now)).toEqual({ ok: false, reason: 'too_soon' });
    expect(check(sched, jun1('09:30'), [], now)).toEqual({ ok: false, reason: 'too_soon' });
    expect(check(sched, jun1('10:30'), [], now)).toEqual({ ok: true });
    expect(slotTimes(sched, [], jun1('00:00'), now)[0]).toBe('10:30');
  });
});

describe('listed owners the schedule does not know', () => {
  it('an unknown staff id is skipped, never assigned, and does not break the query', () => {
    const sched = withStaff({}, ['ann'], { service: service({ staffIds: ['ghost', 'ann'] }) });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: true, staffId: 'ann' });
    expect(slotTimes(sched)).toHaveLength(8);
    const onlyGhost = withStaff({}, ['ann'], { service: service({ staffIds: ['ghost'] }) });
    expect(check(onlyGhost, jun1('10:00'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(slotTimes(onlyGhost)).toEqual([]);
  });

  it('an unknown resource id is skipped the same way', () => {
    const sched = schedule({
      service: service({ resourceIds: ['ghost', 'room'] }),
      resources: [{ resourceId: 'room', capacity: 1, status: 'active' }],
      rules: TENANT_HOURS,
    });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: true, resourceId: 'room' });
    expect(slotTimes(sched)).toHaveLength(8);
    const onlyGhost = { ...sched, service: service({ resourceIds: ['ghost'] }) };
    expect(check(onlyGhost, jun1('10:00'))).toEqual({ ok: false, reason: 'outside_hours' });
    expect(slotTimes(onlyGhost)).toEqual([]);
  });
});

describe('resource capacity', () => {
  const room = (capacity: number) =>
    schedule({
      service: service({ resourceIds: ['room'] }),
      resources: [{ resourceId: 'room', capacity, status: 'active' }],
      rules: TENANT_HOURS,
    });

  it('a capacity that is not a number (NaN, Infinity) has no room: it never over-sells', () => {
    for (const capacity of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(check(room(capacity), jun1('10:00'))).toEqual({ ok: false, reason: 'taken' });
      expect(slotTimes(room(capacity))).toEqual([]);
    }
  });

  it('a capacity of 0 or less has no room either', () => {
    for (const capacity of [0, -1])
      expect(check(room(capacity), jun1('10:00'))).toEqual({ ok: false, reason: 'taken' });
  });
});

describe('bookings', () => {
  const sched = withStaff({}, ['ann']);
  const span = (from: string, to: string): ExistingBooking =>
    booking({ staffId: 'ann', startsAtMs: jun1(from), endsAtMs: jun1(to) });

  it('are counted whatever order they arrive in', () => {
    const list = [span('08:00', '09:00'), span('10:00', '11:00'), span('13:00', '14:00'), span('15:00', '16:00')];
    const orders = (xs: ExistingBooking[]): ExistingBooking[][] =>
      xs.length <= 1
        ? [xs]
        : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((r) => [x, ...r]));
    for (const order of orders(list)) {
      const label = order.map((b) => new Date(b.startsAtMs).toISOString().slice(11, 16)).join(',');
      expect(slotTimes(sched, order), label).toEqual(['09:00', '11:00', '12:00', '14:00', '16:00']);
      for (const taken of ['10:00', '13:00', '15:00']) {
        expect(check(sched, jun1(taken), order), `${label} @${taken}`).toEqual({ ok: false, reason: 'taken' });
      }
    }
  });

  it('a zero-length or inverted booking occupies nothing', () => {
    const empty = [
      span('10:30', '10:30'),
      booking({ staffId: 'ann', startsAtMs: jun1('12:45'), endsAtMs: jun1('12:15') }),
    ];
    expect(check(sched, jun1('10:00'), empty)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(sched, jun1('12:00'), empty)).toEqual({ ok: true, staffId: 'ann' });
    expect(slotTimes(sched, empty)).toHaveLength(8);
  });

  it('a service needing neither staff nor resource is taken by its own booking, with that reason', () => {
    const own = schedule({ rules: TENANT_HOURS, service: service({ durationMin: 30, slotIntervalMin: 30 }) });
    const busy = [booking({ startsAtMs: jun1('10:00'), endsAtMs: jun1('10:30') })];
    expect(check(own, jun1('10:00'), busy)).toEqual({ ok: false, reason: 'taken' });
    expect(check(own, jun1('10:30'), busy)).toEqual({ ok: true });
    expect(check(own, jun1('09:30'), busy)).toEqual({ ok: true });
  });
});

describe('blocks', () => {
  it('given in any time order, each one blocks', () => {
    const late = block('tenant', 't1', jun1('14:00'), jun1('15:00'));
    const early = block('tenant', 't1', jun1('10:00'), jun1('11:00'));
    for (const blocks of [
      [late, early],
      [early, late],
    ]) {
      const sched = schedule({ rules: TENANT_HOURS, blocks });
      expect(slotTimes(sched)).toEqual(['09:00', '11:00', '12:00', '13:00', '15:00', '16:00']);
      expect(check(sched, jun1('10:00'))).toEqual({ ok: false, reason: 'blocked' });
      expect(check(sched, jun1('14:00'))).toEqual({ ok: false, reason: 'blocked' });
    }
  });

  it('staff blocks in any time order too', () => {
    const blocks = [
      block('staff', 'ann', jun1('14:00'), jun1('15:00')),
      block('staff', 'ann', jun1('10:00'), jun1('11:00')),
    ];
    const sched = withStaff({}, ['ann'], { blocks });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: false, reason: 'blocked' });
    expect(check(sched, jun1('14:00'))).toEqual({ ok: false, reason: 'blocked' });
    expect(slotTimes(sched)).toEqual(['09:00', '11:00', '12:00', '13:00', '15:00', '16:00']);
  });
});

describe('malformed weekly rules contribute nothing', () => {
  const open = (rule: Partial<WeeklyRuleInput>): ScheduleInput =>
    schedule({ rules: [{ ...tenantRule(1, hm(9), hm(11)), ...rule }] });

  it('a reference rule (Monday 09:00–11:00) opens, so each case below fails on its own fault', () => {
    expect(slotTimes(open({}))).toEqual(['09:00', '10:00']);
  });

  it('fractional, negative or past-midnight minutes', () => {
    expect(slotTimes(open({ startMinute: hm(9) + 0.5 }))).toEqual([]);
    expect(slotTimes(open({ endMinute: hm(11) + 0.5 }))).toEqual([]);
    // -60 … 120 would read as Sunday 23:00 to Monday 02:00.
    expect(slotTimes(open({ startMinute: -60, endMinute: hm(2) }))).toEqual([]);
    // 22:00 … 25:00 would run into Tuesday.
    const late = open({ startMinute: hm(22), endMinute: hm(25) });
    expect(slotTimes(late)).toEqual([]);
    expect(slotTimes(late, [], day(2, '00:00'))).toEqual([]);
  });

  it('an end before the start, even on a spring-forward day where its wall-clock times resolve the other way', () => {
    // Berlin 2026-03-29 (Sunday): 02:50 does not exist and reads as 03:50 CEST, after 03:10.
    const inverted = schedule({
      rules: [{ ...tenantRule(0, hm(3, 10), hm(2, 50)) }],
      service: service({ durationMin: 20, slotIntervalMin: 20 }),
    });
    const sunday = at('2026-03-29T00:00:00+01:00');
    expect(
      computeSlots({
        schedule: inverted,
        bookings: [],
        fromMs: sunday,
        toMs: sunday + 23 * HOUR,
        nowMs: sunday - 30 * 24 * HOUR,
      }),
    ).toEqual([]);
  });
});

describe('rule occurrences are ordered by their clipped start', () => {
  it('a rule clipped by its effective window does not hide an earlier-opening one from checkSlot', () => {
    // A opens 09:10 (grid 09:10, 09:40, 10:10 …) but applies only from Monday 10:10; B opens 10:00.
    // Sorted by clipped start B (10:00) comes first; by opening A would, and 10:00 would look off-grid.
    const rules: WeeklyRuleInput[] = [
      { ...tenantRule(1, hm(9, 10), hm(12)), effectiveFromAtMs: jun1('10:10') },
      tenantRule(1, hm(10), hm(11)),
    ];
    const sched = schedule({ rules, service: service({ durationMin: 30, slotIntervalMin: 30 }) });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: true });
    expect(check(sched, jun1('10:10'))).toEqual({ ok: true });
    expect(slotTimes(sched)).toEqual(['10:00', '10:10', '10:30', '10:40', '11:10']);
  });

  it('a start at the end of one window is judged on the grid of the window it lies in', () => {
    // 09:00–11:00 and 10:50–13:00 on a 30-minute grid: 11:00 ends the first window, so only the
    // second window's grid (10:50, 11:20, …) applies to it.
    const rules = [tenantRule(1, hm(9), hm(11)), tenantRule(1, hm(10, 50), hm(13))];
    const sched = schedule({ rules, service: service({ durationMin: 30, slotIntervalMin: 30 }) });
    expect(check(sched, jun1('11:00'))).toEqual({ ok: false, reason: 'misaligned' });
    expect(check(sched, jun1('11:20'))).toEqual({ ok: true });
  });
});

describe('rules belong to their owner type', () => {
  it('a tenant rule whose ownerId is a staff id is not that staff member’s rule', () => {
    const sched = withStaff({}, ['ann'], {
      rules: [...everyDay('tenant', 'ann', hm(9), hm(17), TZ), ...everyDay('staff', 'ann', hm(13), hm(15), TZ)],
    });
    expect(slotTimes(sched)).toEqual(['13:00', '14:00']);
  });
});

describe('long services', () => {
  it('a 72-hour service fits a tenant open around the clock (the calendars reach its end)', () => {
    const sched = schedule({
      rules: everyDay('tenant', 't1', 0, 1440, TZ),
      service: service({ durationMin: 72 * 60 }),
    });
    expect(check(sched, jun1('00:00'))).toEqual({ ok: true });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: jun1('00:00'),
      toMs: jun1('01:00'),
      nowMs: NOW,
    });
    expect(slots).toEqual([{ startsAtMs: jun1('00:00'), endsAtMs: jun1('00:00') + 72 * HOUR }]);
  });
});

describe('midnight (minute 1440) when the next day repeats it', () => {
  it('America/Havana 2026-11-01 falls back 01:00 → 00:00: a rule ending 24:00 on the 31st ends at the first midnight', () => {
    const zone = 'America/Havana';
    const sched = schedule({
      timezone: zone,
      rules: [{ ownerType: 'tenant', ownerId: 't1', weekday: 6, startMinute: hm(22), endMinute: 1440, timezone: zone }],
    });
    const from = at('2026-10-31T12:00:00Z');
    const slots = computeSlots({ schedule: sched, bookings: [], fromMs: from, toMs: from + DAY_MS, nowMs: NOW });
    // 22:00 and 23:00 CDT (UTC-4); 00:00 CDT would end at the second midnight, 05:00Z.
    expect(starts(slots)).toEqual(['2026-11-01T02:00:00.000Z', '2026-11-01T03:00:00.000Z']);
  });
});

describe('input errors name the bad value', () => {
  const sched = schedule({ rules: TENANT_HOURS });

  it('computeSlots refuses non-finite bounds or clock', () => {
    const ok = { schedule: sched, bookings: [], fromMs: jun1('00:00'), toMs: jun1('23:00'), nowMs: NOW };
    expect(() => computeSlots({ ...ok, fromMs: Number.NaN })).toThrow(
      new RangeError('fromMs must be a finite number, got NaN'),
    );
    expect(() => computeSlots({ ...ok, toMs: Number.POSITIVE_INFINITY })).toThrow(
      new RangeError('toMs must be a finite number, got Infinity'),
    );
    expect(() => computeSlots({ ...ok, nowMs: Number.NaN })).toThrow(
      new RangeError('nowMs must be a finite number, got NaN'),
    );
  });

  it('checkSlot refuses a non-finite start or clock', () => {
    expect(() => check(sched, Number.NaN)).toThrow(
      new RangeError(`startsAtMs and nowMs must be finite numbers, got NaN and ${NOW}`),
    );
    expect(() => check(sched, jun1('10:00'), [], Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });

  it('a duration that is not a positive integer, and an unknown zone', () => {
    const bad = schedule({ rules: TENANT_HOURS, service: service({ durationMin: 1.5 }) });
    expect(() => check(bad, jun1('10:00'))).toThrow(new RangeError('durationMin must be a positive integer, got 1.5'));
    const nowhere = schedule({ timezone: 'Mars/Olympus', rules: TENANT_HOURS });
    expect(() => check(nowhere, jun1('10:00'))).toThrow(new RangeError('unknown IANA time zone: "Mars/Olympus"'));
  });
});

describe('an empty window', () => {
  it('is no slots: from = to, or min notice beyond the window, or max advance before it', () => {
    const sched = schedule({ rules: TENANT_HOURS, service: service({ minNoticeMin: 24 * 60 }) });
    const run = (fromMs: number, toMs: number) =>
      computeSlots({ schedule: sched, bookings: [], fromMs, toMs, nowMs: jun1('08:00') });
    expect(run(jun1('10:00'), jun1('10:00'))).toEqual([]);
    expect(run(jun1('09:00'), jun1('17:00'))).toEqual([]);
  });

  it('still refuses an unknown zone, before the early cut', () => {
    const nowhere = schedule({ timezone: 'Mars/Olympus', rules: TENANT_HOURS });
    const run = (fromMs: number, toMs: number) =>
      computeSlots({ schedule: nowhere, bookings: [], fromMs, toMs, nowMs: jun1('08:00') });
    expect(() => run(jun1('10:00'), jun1('10:00'))).toThrow(new RangeError('unknown IANA time zone: "Mars/Olympus"'));
    expect(() => run(jun1('07:00'), jun1('08:00'))).toThrow(RangeError);
  });
});

describe('overlapping tenant rules', () => {
  const hour = service({ durationMin: 60, slotIntervalMin: 60 });
  const rule = (startMinute: number, endMinute: number) => everyDay('tenant', 't', startMinute, endMinute, TZ);

  it('09–12 and 11–13, asked for 11:00–12:00: the 11:00 slot once', () => {
    const sched = schedule({ rules: [...rule(hm(9), hm(12)), ...rule(hm(11), hm(13))], service: hour });
    const got = computeSlots({ schedule: sched, bookings: [], fromMs: jun1('11:00'), toMs: jun1('12:00'), nowMs: NOW });
    expect(starts(got)).toEqual([iso(jun1('11:00'))]);
  });

  it('rules whose grids interleave: every start once, in order', () => {
    // 09:00–12:00 on the hour and 10:30–11:30 anchored at 10:30: 10:00, 10:30, 11:00.
    const sched = schedule({ rules: [...rule(hm(9), hm(12)), ...rule(hm(10, 30), hm(11, 30))], service: hour });
    const got = starts(
      computeSlots({ schedule: sched, bookings: [], fromMs: jun1('10:00'), toMs: jun1('11:30'), nowMs: NOW }),
    );
    expect(got).toEqual([jun1('10:00'), jun1('10:30'), jun1('11:00')].map(iso));
  });
});

describe('non-finite service timings count as not set', () => {
  it('an infinite buffer is no buffer; an infinite max advance is none (starts up to now only)', () => {
    const sched = withStaff({ bufferAfterMin: Number.POSITIVE_INFINITY }, ['ann']);
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('11:00'), endsAtMs: jun1('12:00') })];
    expect(check(sched, jun1('10:00'), busy)).toEqual({ ok: true, staffId: 'ann' });
    const far = schedule({ rules: TENANT_HOURS, service: service({ maxAdvanceDays: Number.POSITIVE_INFINITY }) });
    expect(check(far, jun1('10:00'))).toEqual({ ok: false, reason: 'too_far' });
  });
});

describe('IntervalSet and BookingIndex', () => {
  it('IntervalSet merges overlapping and touching intervals, in any order, and drops empty ones', () => {
    const set = IntervalSet.from([
      { startMs: 50, endMs: 60 },
      { startMs: 10, endMs: 20 },
      { startMs: 20, endMs: 30 },
      { startMs: 15, endMs: 25 },
      { startMs: 40, endMs: 40 },
      { startMs: 45, endMs: 42 },
    ]);
    expect(set.toArray()).toEqual([
      { startMs: 10, endMs: 30 },
      { startMs: 50, endMs: 60 },
    ]);
    expect(set.size).toBe(2);
    expect(IntervalSet.EMPTY.size).toBe(0);
    expect(IntervalSet.EMPTY.toArray()).toEqual([]);
    expect([set.covers(10, 30), set.covers(12, 31), set.covers(30, 50), set.covers(55, 60)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([set.overlaps(29, 50), set.overlaps(30, 50), set.overlaps(0, 10), set.overlaps(0, 11)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('a zero-length or inverted block blocks nothing, even a slot around it', () => {
    const sched = schedule({
      rules: TENANT_HOURS,
      service: service({ durationMin: 60, slotIntervalMin: 30 }),
      blocks: [
        block('tenant', 't1', jun1('10:00'), jun1('10:00')),
        block('tenant', 't1', jun1('13:00'), jun1('12:00')),
      ],
    });
    expect(check(sched, jun1('09:30'))).toEqual({ ok: true });
    expect(check(sched, jun1('12:30'))).toEqual({ ok: true });
    expect(slotTimes(sched)).toHaveLength(15);
  });

  it('BookingIndex counts the bookings overlapping a half-open span', () => {
    const index = new BookingIndex([30, 10, 20], [40, 20, 30]);
    expect(index.size).toBe(3);
    expect(BookingIndex.EMPTY.size).toBe(0);
    expect([index.countOverlapping(10, 20), index.countOverlapping(15, 35), index.countOverlapping(40, 50)]).toEqual([
      1, 3, 0,
    ]);
  });
});

describe('after the buffer and staff-hours rules (issue 17)', () => {
  it('a negative buffer stored on a booking is none: the booking still occupies its own span', () => {
    const sched = withStaff({ durationMin: 30, slotIntervalMin: 30 }, ['ann']);
    const stored = [
      booking({
        staffId: 'ann',
        startsAtMs: jun1('10:00'),
        endsAtMs: jun1('11:00'),
        bufferBeforeMin: -30,
        bufferAfterMin: -30,
      }),
    ];
    expect(check(sched, jun1('10:00'), stored)).toMatchObject({ ok: false, reason: 'taken' });
    expect(check(sched, jun1('10:30'), stored)).toMatchObject({ ok: false, reason: 'taken' });
    expect(check(sched, jun1('09:30'), stored)).toEqual({ ok: true, staffId: 'ann' });
    expect(check(sched, jun1('11:00'), stored)).toEqual({ ok: true, staffId: 'ann' });
  });

  it('when no staff member fits, the reason is the furthest one, even when a nearer one comes first', () => {
    // cy (listed first) is inactive: outside_hours; ann is booked: taken, which wins.
    const sched = withStaff({}, ['cy', 'ann'], {
      staff: [
        { staffId: 'cy', status: 'inactive', timezone: TZ },
        { staffId: 'ann', status: 'active', timezone: TZ },
      ],
    });
    const busy = [booking({ staffId: 'ann', startsAtMs: jun1('10:00'), endsAtMs: jun1('11:00') })];
    expect(check(sched, jun1('10:00'), busy)).toEqual({ ok: false, reason: 'taken' });
    expect(check(sched, jun1('10:00'))).toEqual({ ok: true, staffId: 'ann' });
  });
});
