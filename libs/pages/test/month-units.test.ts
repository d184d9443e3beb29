// The booking page's month view, its pure date logic (client/month.ts): the grid of a month, the
// one availability window per month, the bookable days of an answer, the day selected, the
// months the visitor may show, and the keyboard moves of the WAI-ARIA date grid.

import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bookableDays,
  clampMonth,
  dayLabel,
  dayToSelect,
  daysInMonth,
  firstDayOfWeek,
  isoWeekday,
  keyMove,
  MAX_WINDOW_MS,
  monthBounds,
  monthGrid,
  monthLabel,
  monthWindow,
  weekdayNames,
  withinBounds,
} from '../client/month.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('month arithmetic', () => {
  it('steps months across years and counts their days, leap years included', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', 12)).toBe('2027-03');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect([daysInMonth('2026-02'), daysInMonth('2028-02'), daysInMonth('2026-04'), daysInMonth('2026-12')]).toEqual([
      28, 29, 30, 31,
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isoWeekday('2026-03-16')).toBe(1); // a Monday
    expect(isoWeekday('2026-03-22')).toBe(7);
  });

  it('starts the week where the locale does', () => {
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('not a locale!')).toBe(1);
    expect(weekdayNames('en-US', 7).map((d) => d.long)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekdayNames('de', 1)[0]).toEqual({ short: expect.stringMatching(/^Mo\.?$/), long: 'Montag' });
  });

  it('lays a month out in weeks from the locale’s first day, blanks before and after', () => {
    // March 2026 starts on a Sunday and has 31 days.
    const monday = monthGrid('2026-03', 1);
    expect(monday).toHaveLength(6);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(monday[5]).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    const sunday = monthGrid('2026-03', 7);
    expect(sunday).toHaveLength(5);
    expect(sunday[0]![0]).toBe('2026-03-01');
    expect(sunday[4]).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null]);
    // February 2021 fills exactly four weeks from Monday.
    expect(monthGrid('2021-02', 1)).toHaveLength(4);
    expect(
      monthGrid('2026-03', 1)
        .flat()
        .filter((d) => d !== null),
    ).toHaveLength(31);
  });

  it('names the month and the day in the locale', () => {
    expect(monthLabel('2026-03', 'en')).toBe('March 2026');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    // Punctuation differs between ICU versions.
    expect(dayLabel('2026-03-16', 'en-GB')).toMatch(/^Monday,? 16 March 2026$/);
  });
});

describe('the availability window of a month', () => {
  it("is the month's first midnight to the next month's, in the chosen zone", () => {
    expect(monthWindow('2026-11', 'Europe/Berlin')).toEqual({
      fromMs: Date.UTC(2026, 9, 31, 23),
      toMs: Date.UTC(2026, 10, 30, 23),
    });
    expect(monthWindow('2026-11', 'America/New_York')).toEqual({
      fromMs: Date.UTC(2026, 10, 1, 4),
      toMs: Date.UTC(2026, 11, 1, 5),
    });
    // A 31-day month with a spring-forward is an hour short of 31 days.
    const march = monthWindow('2026-03', 'Europe/Berlin');
    expect(march.toMs - march.fromMs).toBe(MAX_WINDOW_MS - HOUR);
  });

  it('never exceeds the 31 days the route allows: a 31-day month with a fall-back ends an hour early', () => {
    const october = monthWindow('2026-10', 'Europe/Berlin');
    expect(october.fromMs).toBe(Date.UTC(2026, 8, 30, 22));
    expect(october.toMs - october.fromMs).toBe(MAX_WINDOW_MS);
    // 23:00 on 31 October in Berlin (UTC+1 after the change); the month really ends at 24:00.
    expect(october.toMs).toBe(Date.UTC(2026, 9, 31, 22));
    for (const month of ['2026-01', '2026-02', '2026-10', '2026-12', '2027-04']) {
      for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati']) {
        const w = monthWindow(month, zone);
        expect(w.toMs - w.fromMs).toBeLessThanOrEqual(MAX_WINDOW_MS);
        expect(w.toMs - w.fromMs).toBeGreaterThanOrEqual(27 * DAY);
      }
    }
  });
});

describe('the bookable days of an availability answer', () => {
  // 09:00 and 23:30 Berlin on 16 March 2026, 09:00 on the 17th.
  const nine16 = Date.UTC(2026, 2, 16, 8);
  const late16 = Date.UTC(2026, 2, 16, 22, 30);
  const nine17 = Date.UTC(2026, 2, 17, 8);
  const slots = [nine17, late16, nine16].map((startsAtMs) => ({ startsAtMs, endsAtMs: startsAtMs + HOUR / 2 }));

  it('groups the slots still ahead by their day in the chosen zone, in order', () => {
    const berlin = bookableDays(slots, 'Europe/Berlin', { nowMs: 0 });
    expect([...berlin.keys()]).toEqual(['2026-03-16', '2026-03-17']);
    expect(berlin.get('2026-03-16')!.map((s) => s.startsAtMs)).toEqual([nine16, late16]);
    // 23:30 in Berlin is already the 17th in Kolkata.
    const kolkata = bookableDays(slots, 'Asia/Kolkata', { nowMs: 0 });
    expect(kolkata.get('2026-03-16')!.map((s) => s.startsAtMs)).toEqual([nine16]);
    expect(kolkata.get('2026-03-17')!.map((s) => s.startsAtMs)).toEqual([late16, nine17]);
  });

  it('leaves out the slots that have begun and the one excluded (the booking being moved)', () => {
    expect([...bookableDays(slots, 'Europe/Berlin', { nowMs: late16 }).keys()]).toEqual(['2026-03-17']);
    const moved = bookableDays(slots, 'Europe/Berlin', { nowMs: 0, exclude: nine17 });
    expect([...moved.keys()]).toEqual(['2026-03-16']);
    expect(bookableDays([], 'Europe/Berlin', { nowMs: 0 }).size).toBe(0);
  });

  it('selects the preferred day when it has times in the month, else the first that has', () => {
    const days = bookableDays(slots, 'Europe/Berlin', { nowMs: 0 });
    expect(dayToSelect(days, '2026-03', [undefined, undefined])).toBe('2026-03-16');
    expect(dayToSelect(days, '2026-03', ['2026-03-17'])).toBe('2026-03-17');
    expect(dayToSelect(days, '2026-03', ['2026-03-20', '2026-03-17'])).toBe('2026-03-17');
    expect(dayToSelect(days, '2026-03', ['2026-04-17'])).toBe('2026-03-16');
    expect(dayToSelect(days, '2026-04', [])).toBeUndefined();
  });
});

describe('the months the visitor may show', () => {
  const now = Date.UTC(2026, 2, 31, 22, 30); // 00:30 on 1 April in Berlin, still 31 March in New York

  it('start at the current month in the chosen zone and end at the service horizon', () => {
    expect(monthBounds(now, 'Europe/Berlin')).toEqual({ min: '2026-04', max: undefined });
    expect(monthBounds(now, 'America/New_York', 1)).toEqual({ min: '2026-03', max: '2026-04' });
    expect(monthBounds(now, 'Europe/Berlin', 90)).toEqual({ min: '2026-04', max: '2026-06' });
    const b = { min: '2026-03', max: '2026-04' };
    expect(['2026-02', '2026-03', '2026-04', '2026-05'].map((m) => withinBounds(m, b))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect([clampMonth('2026-01', b), clampMonth('2026-04', b), clampMonth('2027-01', b)]).toEqual([
      '2026-03',
      '2026-04',
      '2026-04',
    ]);
    expect(clampMonth('2031-01', { min: '2026-03', max: undefined })).toBe('2031-01');
  });
});

describe('keyboard moves of the date grid', () => {
  const monday = { firstDay: 1 };
  it('moves by a day and a week with the arrows, across months', () => {
    expect(keyMove('2026-03-16', 'ArrowRight', monday)).toBe('2026-03-17');
    expect(keyMove('2026-03-16', 'ArrowLeft', monday)).toBe('2026-03-15');
    expect(keyMove('2026-03-16', 'ArrowDown', monday)).toBe('2026-03-23');
    expect(keyMove('2026-03-16', 'ArrowUp', monday)).toBe('2026-03-09');
    expect(keyMove('2026-03-31', 'ArrowRight', monday)).toBe('2026-04-01');
    expect(keyMove('2026-03-03', 'ArrowUp', monday)).toBe('2026-02-24');
  });

  it('goes to the start and end of the week the locale has', () => {
    // Wednesday 18 March 2026.
    expect(keyMove('2026-03-18', 'Home', monday)).toBe('2026-03-16');
    expect(keyMove('2026-03-18', 'End', monday)).toBe('2026-03-22');
    expect(keyMove('2026-03-18', 'Home', { firstDay: 7 })).toBe('2026-03-15');
    expect(keyMove('2026-03-18', 'End', { firstDay: 7 })).toBe('2026-03-21');
    expect(keyMove('2026-03-16', 'Home', monday)).toBe('2026-03-16');
    expect(keyMove('2026-03-22', 'End', monday)).toBe('2026-03-22');
  });

  it('moves by a month with PageUp/PageDown (a year with Shift), to the last day of a shorter month', () => {
    expect(keyMove('2026-03-16', 'PageDown', monday)).toBe('2026-04-16');
    expect(keyMove('2026-03-16', 'PageUp', monday)).toBe('2026-02-16');
    expect(keyMove('2026-03-31', 'PageDown', monday)).toBe('2026-04-30');
    expect(keyMove('2026-03-30', 'PageUp', monday)).toBe('2026-02-28');
    expect(keyMove('2028-02-29', 'PageDown', { firstDay: 1, shift: true })).toBe('2029-02-28');
    expect(keyMove('2026-12-15', 'PageDown', monday)).toBe('2027-01-15');
  });

  it('leaves every other key alone (Enter and Space are the day button’s own click)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'Escape']) expect(keyMove('2026-03-16', key, monday)).toBeUndefined();
  });
});
