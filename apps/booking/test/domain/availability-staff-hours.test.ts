// docs/decisions.md "Availability", the staff-hours rule: a staff member without rules of their own
// works the tenant's hours, like a resource; one with rules works only within them, and within
// the tenant's hours. 2026-06-01 is a Monday, 2026-06-06 a Saturday (Berlin, CEST = UTC+2).

import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  explainSlot,
  type ScheduleInput,
  type WeeklyRuleInput,
} from '../../src/domain/availability/index.js';
import { at, block, hm, HOUR, schedule, service, starts, TZ, NOW } from './availability-fixtures.js';

const day = (date: string, hhmm: string): number => at(`${date}T${hhmm}:00+02:00`);
const MON = '2026-06-01';
const SAT = '2026-06-06';
const localTimes = (isoList: string[]): string[] =>
  isoList.map((iso) => new Date(Date.parse(iso) + 2 * HOUR).toISOString().slice(11, 16));

const rule = (ownerType: WeeklyRuleInput['ownerType'], ownerId: string, weekday: number, from: number, to: number) => ({
  ownerType,
  ownerId,
  weekday,
  startMinute: from,
  endMinute: to,
  timezone: TZ,
});
/** The tenant open Monday to Friday, 09:00–17:00. */
const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((wd) => rule('tenant', 't1', wd, hm(9), hm(17)));

function team(staffIds: string[], staffRules: WeeklyRuleInput[] = []): ScheduleInput {
  return schedule({
    service: service({ durationMin: 60, slotIntervalMin: 60, staffIds }),
    staff: staffIds.map((staffId) => ({ staffId, status: 'active', timezone: TZ })),
    rules: [...WEEKDAYS_9_TO_5, ...staffRules],
  });
}

const slotsOn = (sched: ScheduleInput, date: string): string[] =>
  localTimes(
    starts(
      computeSlots({ schedule: sched, bookings: [], fromMs: day(date, '00:00'), toMs: day(date, '23:59'), nowMs: NOW }),
    ),
  );

describe('a staff member without rules of their own', () => {
  it('works the tenant’s hours: a new tenant with Mon–Fri 09–17 has slots on a weekday, none on Saturday', () => {
    const sched = team(['ann']);
    expect(slotsOn(sched, MON)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(slotsOn(sched, SAT)).toEqual([]);
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: day(MON, '09:00'), nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'ann',
    });
  });

  it('still needs to be active, unblocked and unbooked', () => {
    const inactive = { ...team(['ann']), staff: [{ staffId: 'ann', status: 'inactive', timezone: TZ }] };
    expect(slotsOn(inactive, MON)).toEqual([]);
    const blocked = { ...team(['ann']), blocks: [block('staff', 'ann', day(MON, '09:00'), day(MON, '12:00'))] };
    expect(slotsOn(blocked, MON)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
  });
});

describe('a staff member with rules', () => {
  it('works only within them', () => {
    const sched = team(
      ['ann'],
      [1, 2, 3, 4, 5].map((wd) => rule('staff', 'ann', wd, hm(12), hm(15))),
    );
    expect(slotsOn(sched, MON)).toEqual(['12:00', '13:00', '14:00']);
  });

  it('has no hours on a day without a rule of their own, even when the tenant is open', () => {
    // Rules on Tuesdays only: Monday is not "no rules".
    const sched = team(['ann'], [rule('staff', 'ann', 2, hm(9), hm(17))]);
    expect(slotsOn(sched, MON)).toEqual([]);
    expect(slotsOn(sched, '2026-06-02')).toHaveLength(8);
  });

  it('works only within the tenant’s hours too', () => {
    const sched = team(
      ['ann'],
      [0, 1, 2, 3, 4, 5, 6].map((wd) => rule('staff', 'ann', wd, hm(7), hm(20))),
    );
    expect(slotsOn(sched, MON)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(slotsOn(sched, SAT)).toEqual([]);
  });
});

describe('staff with and without rules together', () => {
  it('each follows their own rule; a refusal names the one that got furthest', () => {
    // ann follows the tenant; bob works 13:00–17:00 only.
    const sched = team(
      ['ann', 'bob'],
      [1, 2, 3, 4, 5].map((wd) => rule('staff', 'bob', wd, hm(13), hm(17))),
    );
    expect(checkSlot({ schedule: sched, bookings: [], startsAtMs: day(MON, '09:00'), nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'ann',
    });
    const annBlocked: ScheduleInput = {
      ...sched,
      blocks: [block('staff', 'ann', day(MON, '08:00'), day(MON, '17:00'))],
    };
    expect(explainSlot({ schedule: annBlocked, bookings: [], startsAtMs: day(MON, '09:00'), nowMs: NOW })).toEqual({
      ok: false,
      reason: 'blocked',
      owner: { ownerType: 'staff', ownerId: 'ann' },
    });
    expect(checkSlot({ schedule: annBlocked, bookings: [], startsAtMs: day(MON, '13:00'), nowMs: NOW })).toEqual({
      ok: true,
      staffId: 'bob',
    });
    expect(slotsOn(annBlocked, MON)).toEqual(['13:00', '14:00', '15:00', '16:00']);
  });
});
