// Date overrides (docs/decisions.md "Date overrides"): on one date an owner's hours are the
// override's windows instead of its weekly rules, in the owner's zone, DST days included; explain
// names the override behind `outside_hours`.

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  explainSlot,
  type DateOverrideInput,
  type ScheduleInput,
} from '../../src/domain/availability/index.js';
import { at, everyDay, hm, HOUR, NOW, schedule, service, starts, TZ } from './availability-fixtures.js';

/** Weekdays 09:00–17:00 in Berlin; 1 June 2026 is a Monday, 7 June a Sunday. */
const WEEKDAYS = everyDay('tenant', 't1', hm(9), hm(17), TZ).filter((r) => r.weekday >= 1 && r.weekday <= 5);
const SERVICE = service({ durationMin: 60, slotIntervalMin: 60 });
const cest = (date: string, hhmm: string) => at(`${date}T${hhmm}:00+02:00`);

const tenantOverride = (date: string, ...windows: Array<[number, number]>): DateOverrideInput => ({
  ownerType: 'tenant',
  ownerId: 't1',
  date,
  windows: windows.map(([startMinute, endMinute]) => ({ startMinute, endMinute })),
});

/** Local HH:mm of the slots on `date` in `zone`. */
function slotsOn(sched: ScheduleInput, date: string, zone = TZ): string[] {
  const from = at(`${date}T00:00:00Z`) - 14 * HOUR;
  const slots = computeSlots({ schedule: sched, bookings: [], fromMs: from, toMs: from + 52 * HOUR, nowMs: NOW });
  return starts(slots)
    .map((iso) => new Date(iso))
    .filter((d) => d.toLocaleDateString('en-CA', { timeZone: zone }) === date)
    .map((d) => d.toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }));
}

describe('tenant date overrides', () => {
  it('opens a closed day with extra hours, its slots counted from the window’s opening', () => {
    const sched = schedule({
      service: SERVICE,
      rules: WEEKDAYS,
      dateOverrides: [tenantOverride('2026-06-07', [hm(10, 30), hm(13, 30)])],
    });
    expect(slotsOn(sched, '2026-06-07')).toEqual(['10:30', '11:30', '12:30']);
    // Only that Sunday: the next one stays closed.
    expect(slotsOn(sched, '2026-06-14')).toEqual([]);
  });

  it('shortens a day, or closes it with no window; the weekly hours of the days around stay', () => {
    const sched = schedule({
      service: SERVICE,
      rules: WEEKDAYS,
      dateOverrides: [tenantOverride('2026-06-02', [hm(9), hm(12)]), tenantOverride('2026-06-03')],
    });
    expect(slotsOn(sched, '2026-06-01')).toHaveLength(8);
    expect(slotsOn(sched, '2026-06-02')).toEqual(['09:00', '10:00', '11:00']);
    expect(slotsOn(sched, '2026-06-03')).toEqual([]);
    expect(slotsOn(sched, '2026-06-04')).toHaveLength(8);
  });

  it('adds up several overrides of one date (a split day)', () => {
    const sched = schedule({
      service: SERVICE,
      rules: WEEKDAYS,
      dateOverrides: [tenantOverride('2026-06-02', [hm(8), hm(10)]), tenantOverride('2026-06-02', [hm(15), hm(18)])],
    });
    expect(slotsOn(sched, '2026-06-02')).toEqual(['08:00', '09:00', '15:00', '16:00', '17:00']);
  });

  it('explain names the override behind outside_hours; checkSlot agrees without the names', () => {
    const sched = schedule({ service: SERVICE, rules: WEEKDAYS, dateOverrides: [tenantOverride('2026-06-03')] });
    const input = { schedule: sched, bookings: [], startsAtMs: cest('2026-06-03', '10:00'), nowMs: NOW };
    expect(explainSlot(input)).toEqual({
      ok: false,
      reason: 'outside_hours',
      override: { ownerType: 'tenant', ownerId: 't1', date: '2026-06-03' },
    });
    expect(checkSlot(input)).toEqual({ ok: false, reason: 'outside_hours' });
    // A day without an override says nothing of one.
    expect(explainSlot({ ...input, startsAtMs: cest('2026-06-06', '10:00') })).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
  });

  it('on DST days: the wall-clock window is longer or shorter in real time', () => {
    // 29 March 2026 (spring forward, 02:00 → 03:00) and 25 October 2026 (fall back, 03:00 → 02:00).
    const sched = schedule({
      service: SERVICE,
      rules: [],
      dateOverrides: [tenantOverride('2026-03-29', [hm(1), hm(5)]), tenantOverride('2026-10-25', [hm(1), hm(4)])],
    });
    // 01:00–05:00 lasts 3 real hours: 01:00 (CET), then 03:00 and 04:00 (CEST); the grid counts real time.
    const spring = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: at('2026-03-28T12:00:00Z'),
      toMs: at('2026-03-29T12:00:00Z'),
      nowMs: at('2026-01-01T00:00:00Z'),
    });
    expect(starts(spring)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ]);
    // 01:00–04:00 lasts 4 real hours: 02:00 comes twice.
    const autumn = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: at('2026-10-24T12:00:00Z'),
      toMs: at('2026-10-25T12:00:00Z'),
      nowMs: at('2026-01-01T00:00:00Z'),
    });
    expect(starts(autumn)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });
});

describe('staff and resource date overrides', () => {
  const team = (dateOverrides: DateOverrideInput[], withRules: boolean): ScheduleInput =>
    schedule({
      service: service({ ...SERVICE, staffIds: ['ann', 'bob'] }),
      staff: [
        { staffId: 'ann', status: 'active', timezone: TZ },
        { staffId: 'bob', status: 'active', timezone: TZ },
      ],
      rules: [...WEEKDAYS, ...(withRules ? everyDay('staff', 'ann', hm(9), hm(17), TZ) : [])],
      dateOverrides,
    });
  const annOff = (date: string): DateOverrideInput => ({ ownerType: 'staff', ownerId: 'ann', date, windows: [] });

  it('a staff member closed on a date: another one takes the slot; with nobody left, explain names the override', () => {
    for (const withRules of [true, false]) {
      const sched = team([annOff('2026-06-02')], withRules);
      const input = { schedule: sched, bookings: [], startsAtMs: cest('2026-06-02', '10:00'), nowMs: NOW };
      expect(checkSlot(input)).toEqual({ ok: true, staffId: 'bob' });
      // Other days are as before (ann first in the service's order).
      expect(checkSlot({ ...input, startsAtMs: cest('2026-06-03', '10:00') })).toEqual({ ok: true, staffId: 'ann' });
      const alone = schedule({ ...sched, service: service({ ...SERVICE, staffIds: ['ann'] }) });
      expect(explainSlot({ ...input, schedule: alone })).toEqual({
        ok: false,
        reason: 'outside_hours',
        owner: { ownerType: 'staff', ownerId: 'ann' },
        override: { ownerType: 'staff', ownerId: 'ann', date: '2026-06-02' },
      });
    }
  });

  it('a staff member’s extra hours never reach past the tenant’s: the tenant’s hours gate every slot', () => {
    const sched = schedule({
      service: service({ ...SERVICE, staffIds: ['ann'] }),
      staff: [{ staffId: 'ann', status: 'active', timezone: TZ }],
      rules: WEEKDAYS,
      dateOverrides: [
        {
          ownerType: 'staff',
          ownerId: 'ann',
          date: '2026-06-02',
          windows: [{ startMinute: hm(6), endMinute: hm(12) }],
        },
      ],
    });
    expect(slotsOn(sched, '2026-06-02')).toEqual(['09:00', '10:00', '11:00']);
  });

  it('a staff member’s date is a date of their own zone', () => {
    // Ann works from New York (UTC−4 in June); her override of 2 June is 2 June there.
    const sched = schedule({
      service: service({ ...SERVICE, staffIds: ['ann'] }),
      staff: [{ staffId: 'ann', status: 'active', timezone: 'America/New_York' }],
      rules: everyDay('tenant', 't1', 0, 1440, TZ),
      dateOverrides: [
        {
          ownerType: 'staff',
          ownerId: 'ann',
          date: '2026-06-02',
          windows: [{ startMinute: hm(9), endMinute: hm(11) }],
        },
      ],
    });
    // 09:00–11:00 New York = 15:00–17:00 Berlin on 2 June; the rest of her 2 June (New York) is closed,
    // the days either side follow the tenant (open around the clock).
    const free = (iso: string) => checkSlot({ schedule: sched, bookings: [], startsAtMs: at(iso), nowMs: NOW }).ok;
    expect(free('2026-06-02T13:00:00Z')).toBe(true); // 09:00 New York
    expect(free('2026-06-02T15:00:00Z')).toBe(false); // 11:00 New York
    expect(free('2026-06-02T03:00:00Z')).toBe(true); // 23:00 on 1 June in New York
    expect(free('2026-06-02T05:00:00Z')).toBe(false); // 01:00 on 2 June in New York
    expect(free('2026-06-03T04:00:00Z')).toBe(true); // 00:00 on 3 June in New York
  });

  it('a resource closed on a date is not assigned that day', () => {
    const sched = schedule({
      service: service({ ...SERVICE, resourceIds: ['room'] }),
      resources: [{ resourceId: 'room', status: 'active', capacity: 1 }],
      rules: WEEKDAYS,
      dateOverrides: [{ ownerType: 'resource', ownerId: 'room', date: '2026-06-02', windows: [] }],
    });
    expect(slotsOn(sched, '2026-06-02')).toEqual([]);
    expect(slotsOn(sched, '2026-06-03')).toHaveLength(8);
  });
});
