// Weekly rules, holidays and date overrides as intervals (weekly-windows.ts), each function on
// its own: malformed records contribute nothing, effective windows clip, override days cut the
// weekly occurrences (in any order, at their edges), and explain's override lookup.

import { describe, expect, it } from 'vitest';
import { CalendarCache, LocalCalendar } from '../../src/domain/availability/local-calendar.js';
import type { WeeklyRuleInput } from '../../src/domain/availability/types.js';
import {
  expandOverrides,
  expandWeeklyRules,
  isWellFormedRule,
  overrideDayAt,
  withOverrides,
  type OverrideDay,
  type RuleOccurrence,
} from '../../src/domain/availability/weekly-windows.js';
import { at, HOUR } from './availability-fixtures.js';

/** 1 June 2026 is a Monday. */
const MON = at('2026-06-01T00:00:00Z');
const DAY = 24 * HOUR;
const utcCalendars = () => new CalendarCache(MON, MON + 7 * DAY);
const rule = (over: Partial<WeeklyRuleInput> = {}): WeeklyRuleInput => ({
  ownerType: 'tenant',
  ownerId: 't',
  weekday: 1,
  startMinute: 540,
  endMinute: 1020,
  timezone: 'UTC',
  ...over,
});

describe('weekly rules', () => {
  it('take only well-formed rules: a weekday 0–6, whole minutes, 0 ≤ start < end ≤ 1440', () => {
    expect(isWellFormedRule(rule())).toBe(true);
    expect(isWellFormedRule(rule({ weekday: 0, startMinute: 0, endMinute: 1440 }))).toBe(true);
    expect(isWellFormedRule(rule({ weekday: 6 }))).toBe(true);
    for (const bad of [
      { weekday: 7 },
      { weekday: -1 },
      { weekday: 1.5 },
      { startMinute: 540.5 },
      { endMinute: 1020.5 },
      { startMinute: -1 },
      { startMinute: 1020 },
      { startMinute: 1021 },
      { endMinute: 1441 },
    ]) {
      expect(isWellFormedRule(rule(bad)), JSON.stringify(bad)).toBe(false);
      expect(expandWeeklyRules([rule(bad)], utcCalendars(), 'UTC'), JSON.stringify(bad)).toEqual([]);
    }
  });

  it('clip each occurrence to the effective window, keeping its anchor; an empty one is left out', () => {
    const clipped = expandWeeklyRules(
      [rule({ effectiveFromAtMs: MON + 10 * HOUR, effectiveUntilAtMs: MON + 7 * DAY })],
      utcCalendars(),
      'UTC',
    );
    expect(clipped).toEqual([{ anchorMs: MON + 9 * HOUR, startMs: MON + 10 * HOUR, endMs: MON + 17 * HOUR }]);
    expect(expandWeeklyRules([rule({ effectiveUntilAtMs: MON + 9 * HOUR })], utcCalendars(), 'UTC')).toEqual([]);
  });

  it('sort by start, then by anchor', () => {
    // Monday 1 and Tuesday 2 June only.
    const out = expandWeeklyRules(
      [
        rule({ weekday: 2 }),
        rule({ startMinute: 600 }),
        rule({ startMinute: 540, effectiveFromAtMs: MON + 10 * HOUR }),
      ],
      new CalendarCache(MON + HOUR, MON + DAY),
      'UTC',
    );
    expect(out.map((o) => [o.startMs - MON, o.anchorMs - MON])).toEqual([
      [10 * HOUR, 9 * HOUR],
      [10 * HOUR, 10 * HOUR],
      [DAY + 9 * HOUR, DAY + 9 * HOUR],
    ]);
  });
});

describe('date overrides', () => {
  const berlin = new LocalCalendar('Europe/Berlin', at('2026-03-27T00:00:00Z'), at('2026-03-31T00:00:00Z'));

  it('take a date’s whole local day and its well-formed windows; a window in a spring-forward gap has no time', () => {
    const { days, windows } = expandOverrides(
      [
        {
          ownerType: 'tenant',
          ownerId: 't',
          date: '2026-03-29',
          windows: [
            { startMinute: 150, endMinute: 180 }, // 02:30–03:00 does not exist that night
            { startMinute: 600, endMinute: 660 },
            { startMinute: 660.5, endMinute: 700 },
            { startMinute: 700, endMinute: 700.5 },
            { startMinute: -10, endMinute: 10 },
            { startMinute: 800, endMinute: 790 },
            { startMinute: 800, endMinute: 800 },
            { startMinute: 1400, endMinute: 1441 },
          ],
        },
        { ownerType: 'tenant', ownerId: 't', date: '2031-01-01', windows: [{ startMinute: 0, endMinute: 60 }] },
      ],
      berlin,
    );
    expect(days).toEqual([
      { ownerId: 't', date: '2026-03-29', startMs: at('2026-03-28T23:00:00Z'), endMs: at('2026-03-29T22:00:00Z') },
    ]);
    expect(windows).toEqual([
      { anchorMs: at('2026-03-29T08:00:00Z'), startMs: at('2026-03-29T08:00:00Z'), endMs: at('2026-03-29T09:00:00Z') },
    ]);
  });

  const occ = (startMs: number, endMs: number, anchorMs = startMs): RuleOccurrence => ({ anchorMs, startMs, endMs });
  const day = (startMs: number, endMs: number, date = 'd'): OverrideDay => ({ startMs, endMs, ownerId: 'o', date });

  it('cut the days they take out of weekly occurrences, whatever order the days come in', () => {
    // An occurrence 00–48 h (a rule in another zone can reach over two override days).
    const weekly = [occ(0, 48 * HOUR)];
    const days = [day(30 * HOUR, 36 * HOUR), day(6 * HOUR, 12 * HOUR)];
    const expected = [occ(0, 6 * HOUR, 0), occ(12 * HOUR, 30 * HOUR, 0), occ(36 * HOUR, 48 * HOUR, 0)];
    expect(withOverrides(weekly, { days, windows: [] })).toEqual(expected);
    expect(withOverrides(weekly, { days: [...days].reverse(), windows: [] })).toEqual(expected);
  });

  it('leave an occurrence alone that a day only touches, and drop one a day covers', () => {
    const weekly = [occ(10 * HOUR, 20 * HOUR)];
    expect(withOverrides(weekly, { days: [day(20 * HOUR, 30 * HOUR)], windows: [] })).toEqual(weekly);
    expect(withOverrides(weekly, { days: [day(0, 10 * HOUR)], windows: [] })).toEqual(weekly);
    expect(withOverrides(weekly, { days: [day(0, 24 * HOUR)], windows: [] })).toEqual([]);
    expect(withOverrides(weekly, { days: [day(10 * HOUR, 15 * HOUR)], windows: [] })).toEqual([
      occ(15 * HOUR, 20 * HOUR, 10 * HOUR),
    ]);
  });

  it('add the windows, everything sorted by start then anchor; no days, the occurrences as they are', () => {
    const weekly = [occ(30 * HOUR, 40 * HOUR), occ(2 * HOUR, 4 * HOUR, HOUR)];
    expect(withOverrides(weekly, { days: [], windows: [] })).toEqual(weekly);
    const out = withOverrides(weekly, {
      days: [day(24 * HOUR, 48 * HOUR)],
      windows: [occ(2 * HOUR, 3 * HOUR), occ(25 * HOUR, 26 * HOUR)],
    });
    expect(out).toEqual([occ(2 * HOUR, 4 * HOUR, HOUR), occ(2 * HOUR, 3 * HOUR), occ(25 * HOUR, 26 * HOUR)]);
  });

  it('drop malformed windows on a plain day too, where every minute has an instant', () => {
    const plain = new LocalCalendar('UTC', MON, MON + 2 * DAY);
    const { windows } = expandOverrides(
      [
        {
          ownerType: 'tenant',
          ownerId: 't',
          date: '2026-06-01',
          windows: [
            { startMinute: 660.5, endMinute: 700 },
            { startMinute: 700, endMinute: 700.5 },
            { startMinute: -10, endMinute: 10 },
            { startMinute: 800, endMinute: 790 },
            { startMinute: 800, endMinute: 800 },
            { startMinute: 1400, endMinute: 1441 },
            { startMinute: 1380, endMinute: 1440 },
          ],
        },
      ],
      plain,
    );
    expect(windows).toEqual([occ(MON + 23 * HOUR, MON + 24 * HOUR)]);
  });

  it('leave an occurrence alone that a later day does not reach, and leave nothing empty behind a day that ends it', () => {
    const weekly = [occ(10 * HOUR, 20 * HOUR)];
    expect(withOverrides(weekly, { days: [day(25 * HOUR, 30 * HOUR)], windows: [] })).toEqual(weekly);
    expect(withOverrides(weekly, { days: [day(15 * HOUR, 20 * HOUR)], windows: [] })).toEqual([
      occ(10 * HOUR, 15 * HOUR, 10 * HOUR),
    ]);
  });

  it('order a window and an occurrence that open together by anchor, whichever came first', () => {
    const days = [day(100 * HOUR, 101 * HOUR)];
    const early = occ(5 * HOUR, 8 * HOUR, 3 * HOUR);
    const late = occ(5 * HOUR, 6 * HOUR, 5 * HOUR);
    expect(withOverrides([early], { days, windows: [late] })).toEqual([early, late]);
    expect(withOverrides([late], { days, windows: [early] })).toEqual([early, late]);
  });

  it('explain finds the override day a slot touches, not one it only meets', () => {
    const days = [day(0, 24 * HOUR, 'first'), day(24 * HOUR, 48 * HOUR, 'second')];
    expect(overrideDayAt(days, 23 * HOUR, 24 * HOUR)?.date).toBe('first');
    expect(overrideDayAt(days, 24 * HOUR, 25 * HOUR)?.date).toBe('second');
    expect(overrideDayAt(days, 48 * HOUR, 49 * HOUR)).toBeUndefined();
    expect(overrideDayAt(days, -HOUR, 0)).toBeUndefined();
  });
});
