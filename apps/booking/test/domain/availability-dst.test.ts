// Weekly rules across DST changes and midnight. Expected slots are written as exact instants with
// their offset, so each test reads like the wall clock it describes.

import { DateTime, Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkSlot,
  computeSlots,
  type WeeklyRuleInput,
} from '../../src/domain/availability/index.js';
import { LocalCalendar } from '../../src/domain/availability/local-calendar.js';
import { at, everyDay, hm, schedule, service, starts } from './availability-fixtures.js';

const NOW = at('2026-01-01T00:00:00Z');
const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

/** `isoDate` at `minute` (0–1440) of `zone`'s wall clock through luxon: a skipped reading with the offset before the gap, a repeated one at its first occurrence. */
function luxonWallClock(zone: string, isoDate: string, minute: number): number {
  // The reading's fields by civil arithmetic (minute 1440 is the next day's 00:00), then placed in the zone.
  const c = DateTime.fromISO(isoDate, { zone: 'UTC' }).plus({ minutes: minute });
  const reading = DateTime.fromObject(
    { year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute },
    { zone },
  );
  let best = reading.toMillis();
  for (const alt of reading.getPossibleOffsets()) best = Math.min(best, alt.toMillis());
  return best;
}

function sundayRule(timezone: string, startMinute: number, endMinute: number): WeeklyRuleInput {
  return { ownerType: 'tenant', ownerId: 't1', weekday: 0, startMinute, endMinute, timezone };
}

/** The slots of one local day for a tenant with a single rule and no staff. */
function slotsOn(
  timezone: string,
  date: string,
  rules: WeeklyRuleInput[],
  durationMin: number,
  slotIntervalMin: number,
) {
  const day = DateTime.fromISO(date, { zone: timezone });
  return computeSlots({
    schedule: schedule({ timezone, rules, service: service({ durationMin, slotIntervalMin }) }),
    bookings: [],
    fromMs: day.toMillis(),
    toMs: day.plus({ days: 1 }).toMillis(),
    nowMs: NOW,
  });
}

/** Wall-clock labels with their offset, e.g. "02:30+01:00". */
const labels = (timezone: string, slots: ReadonlyArray<{ startsAtMs: number }>): string[] =>
  slots.map((s) => DateTime.fromMillis(s.startsAtMs, { zone: timezone }).toFormat('HH:mmZZ'));

describe('Europe/Berlin spring forward (2026-03-29, 02:00 CET → 03:00 CEST)', () => {
  it('a 01:00–04:00 rule lasts two real hours and never offers the skipped 02:xx times', () => {
    const slots = slotsOn(BERLIN, '2026-03-29', [sundayRule(BERLIN, hm(1), hm(4))], 30, 30);
    expect(starts(slots)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);
    expect(labels(BERLIN, slots)).toEqual(['01:00+01:00', '01:30+01:00', '03:00+02:00', '03:30+02:00']);
    expect(slots.every((s) => s.endsAtMs - s.startsAtMs === 30 * 60_000)).toBe(true);
  });

  it('a rule opening inside the gap opens after it, moved forward by the gap (02:30 → 03:30 CEST)', () => {
    const slots = slotsOn(BERLIN, '2026-03-29', [sundayRule(BERLIN, hm(2, 30), hm(5))], 30, 30);
    expect(labels(BERLIN, slots)).toEqual(['03:30+02:00', '04:00+02:00', '04:30+02:00']);
    expect(slots[0]?.startsAtMs).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('a rule lying wholly in the gap has no hours that day', () => {
    expect(slotsOn(BERLIN, '2026-03-29', [sundayRule(BERLIN, hm(2), hm(3))], 30, 30)).toEqual([]);
  });

  it('staff hours are DST-correct too when the tenant is open all day', () => {
    const sched = schedule({
      service: service({ durationMin: 30, slotIntervalMin: 30, staffIds: ['ann'] }),
      staff: [{ staffId: 'ann', status: 'active', timezone: BERLIN }],
      rules: [sundayRule(BERLIN, 0, 1440), { ...sundayRule(BERLIN, hm(1), hm(4)), ownerType: 'staff', ownerId: 'ann' }],
    });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: at('2026-03-29T00:00:00+01:00'),
      toMs: at('2026-03-30T00:00:00+02:00'),
      nowMs: NOW,
    });
    expect(labels(BERLIN, slots)).toEqual(['01:00+01:00', '01:30+01:00', '03:00+02:00', '03:30+02:00']);
  });
});

describe('Europe/Berlin fall back (2026-10-25, 03:00 CEST → 02:00 CET)', () => {
  it('a 01:00–04:00 rule lasts four real hours and offers both 02:xx hours, each aligned', () => {
    const slots = slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, hm(1), hm(4))], 30, 30);
    expect(starts(slots)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T02:30:00.000Z',
    ]);
    expect(labels(BERLIN, slots)).toEqual([
      '01:00+02:00',
      '01:30+02:00',
      '02:00+02:00',
      '02:30+02:00',
      '02:00+01:00',
      '02:30+01:00',
      '03:00+01:00',
      '03:30+01:00',
    ]);
  });

  it('the repeated hour yields both of its instants only when they are on the grid', () => {
    const hourly = slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, hm(1), hm(4))], 60, 60);
    expect(labels(BERLIN, hourly)).toEqual(['01:00+02:00', '02:00+02:00', '02:00+01:00', '03:00+01:00']);
    // Every 45 real minutes from 01:00 CEST: no wall-clock label comes twice.
    const every45 = slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, hm(1), hm(4))], 45, 45);
    expect(labels(BERLIN, every45)).toEqual([
      '01:00+02:00',
      '01:45+02:00',
      '02:30+02:00',
      '02:15+01:00',
      '03:00+01:00',
    ]);
  });

  it('a rule opening at a repeated time opens at its first occurrence', () => {
    const slots = slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, hm(2, 30), hm(5))], 60, 60);
    expect(starts(slots)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:30:00.000Z']);
    expect(labels(BERLIN, slots)).toEqual(['02:30+02:00', '02:30+01:00', '03:30+01:00']);
  });

  it('a rule closing at a repeated time closes at its first occurrence', () => {
    const slots = slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, 0, hm(2, 30))], 30, 30);
    expect(slots.at(-1)?.endsAtMs).toBe(at('2026-10-25T02:30:00+02:00'));
    expect(slots).toHaveLength(5);
  });

  describe('does not depend on the real clock', () => {
    const originalNow = Settings.now;
    afterEach(() => {
      Settings.now = originalNow;
    });
    it('gives the same instants whether luxon thinks it is summer or winter', () => {
      // luxon resolves a repeated wall time from an offset guess taken at Settings.now(); the
      // engine asks for both readings and keeps the first, so the clock cannot leak in.
      const results = [Date.UTC(2026, 6, 1), Date.UTC(2026, 0, 15)].map((fakeNow) => {
        Settings.now = () => fakeNow;
        return starts(slotsOn(BERLIN, '2026-10-25', [sundayRule(BERLIN, hm(2, 30), hm(5))], 60, 60));
      });
      expect(results[0]).toEqual(results[1]);
      expect(results[0]?.[0]).toBe('2026-10-25T00:30:00.000Z');
    });
  });
});

describe('America/New_York', () => {
  it('spring forward (2026-03-08, 02:00 EST → 03:00 EDT): 01:00–04:00 skips 02:xx', () => {
    const slots = slotsOn(NEW_YORK, '2026-03-08', [sundayRule(NEW_YORK, hm(1), hm(4))], 30, 30);
    expect(starts(slots)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(labels(NEW_YORK, slots)).toEqual(['01:00-05:00', '01:30-05:00', '03:00-04:00', '03:30-04:00']);
  });

  it('fall back (2026-11-01, 02:00 EDT → 01:00 EST): 01:00–04:00 opens at the first 01:00 and offers both 01:00s', () => {
    const slots = slotsOn(NEW_YORK, '2026-11-01', [sundayRule(NEW_YORK, hm(1), hm(4))], 60, 60);
    expect(starts(slots)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
    expect(labels(NEW_YORK, slots)).toEqual(['01:00-04:00', '01:00-05:00', '02:00-05:00', '03:00-05:00']);
  });

  it('fall back: a 00:00–03:00 rule spans four real hours', () => {
    const slots = slotsOn(NEW_YORK, '2026-11-01', [sundayRule(NEW_YORK, 0, hm(3))], 60, 60);
    expect(starts(slots)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('checkSlot agrees on the DST days', () => {
    const sched = schedule({
      timezone: NEW_YORK,
      rules: [sundayRule(NEW_YORK, hm(1), hm(4))],
      service: service({ durationMin: 60, slotIntervalMin: 60 }),
    });
    const check = (iso: string) => checkSlot({ schedule: sched, bookings: [], startsAtMs: at(iso), nowMs: NOW });
    expect(check('2026-11-01T01:00:00-05:00')).toEqual({ ok: true });
    expect(check('2026-11-01T01:00:00-04:00')).toEqual({ ok: true });
    expect(check('2026-11-01T04:00:00-05:00')).toEqual({ ok: false, reason: 'outside_hours' });
    expect(check('2026-03-08T03:00:00-04:00')).toEqual({ ok: true });
    expect(check('2026-03-08T01:30:00-05:00')).toEqual({ ok: false, reason: 'misaligned' });
    // 03:30 EDT is off the grid too, but its hour would run past 04:00: hours are checked first.
    expect(check('2026-03-08T03:30:00-04:00')).toEqual({ ok: false, reason: 'outside_hours' });
  });
});

describe('rules ending at midnight (endMinute 1440)', () => {
  it('end at the next local midnight, on ordinary and on DST days', () => {
    const rule = sundayRule(BERLIN, hm(22), 1440);
    expect(starts(slotsOn(BERLIN, '2026-06-07', [rule], 60, 60))).toEqual([
      '2026-06-07T20:00:00.000Z',
      '2026-06-07T21:00:00.000Z',
    ]);
    // 22:00 CEST → 00:00 CEST on the spring-forward Sunday; 22:00 CET → 00:00 CET on fall-back.
    expect(starts(slotsOn(BERLIN, '2026-03-29', [rule], 60, 60))).toEqual([
      '2026-03-29T20:00:00.000Z',
      '2026-03-29T21:00:00.000Z',
    ]);
    expect(starts(slotsOn(BERLIN, '2026-10-25', [rule], 60, 60))).toEqual([
      '2026-10-25T21:00:00.000Z',
      '2026-10-25T22:00:00.000Z',
    ]);
  });

  it('joins the next day’s rule starting at 00:00, so a slot may straddle midnight', () => {
    const rules: WeeklyRuleInput[] = [
      sundayRule(BERLIN, hm(22), 1440),
      { ...sundayRule(BERLIN, 0, hm(2)), weekday: 1 },
    ];
    const sched = schedule({ rules, service: service({ durationMin: 60, slotIntervalMin: 30 }) });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: at('2026-06-07T00:00:00+02:00'),
      toMs: at('2026-06-09T00:00:00+02:00'),
      nowMs: NOW,
    });
    expect(labels(BERLIN, slots)).toEqual([
      '22:00+02:00',
      '22:30+02:00',
      '23:00+02:00',
      '23:30+02:00',
      '00:00+02:00',
      '00:30+02:00',
      '01:00+02:00',
    ]);
  });
});

describe('LocalCalendar shortcut', () => {
  const zones = [
    BERLIN,
    NEW_YORK,
    'Australia/Lord_Howe', // 30-minute DST
    'America/Havana', // changes at midnight
    'America/Santiago', // changes at 24:00, southern hemisphere
    'Asia/Kolkata', // no DST, +05:30
    'Pacific/Chatham', // +12:45 / +13:45
  ];
  it.each(zones)('%s: every day of 2026 matches the per-boundary luxon conversion', (zone) => {
    const calendar = new LocalCalendar(zone, at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'));
    const minutes = [0, hm(0, 30), hm(1), hm(1, 30), hm(2), hm(2, 30), hm(3), hm(9), hm(23, 59), 1440];
    const mismatches: string[] = [];
    calendar.days.forEach((day, i) => {
      for (const m of minutes) {
        const expected = luxonWallClock(zone, day.iso, m);
        if (calendar.instant(i, m) !== expected) mismatches.push(`${day.iso} +${m}min`);
      }
    });
    expect(mismatches).toEqual([]);
  });

  it('gives weekdays with 0 = Sunday and rejects an unknown zone', () => {
    const calendar = new LocalCalendar(BERLIN, at('2026-03-29T12:00:00Z'), at('2026-03-29T12:00:00Z'));
    expect(calendar.days.map((d) => `${d.iso}:${d.weekday}`)).toEqual(['2026-03-28:6', '2026-03-29:0', '2026-03-30:1']);
    expect(() => new LocalCalendar('Mars/Olympus', 0, 1)).toThrow(RangeError);
  });

  it('rules of a zone other than the tenant’s are read in their own zone', () => {
    // A London staff rule 09:00–17:00 (empty rule zone → the staff member's) is 10:00–18:00 in
    // Berlin; the Berlin tenant closes at 17:00, so the last hour-long slot starts at 16:00.
    const sched = schedule({
      service: service({ staffIds: ['bo'] }),
      staff: [{ staffId: 'bo', status: 'active', timezone: 'Europe/London' }],
      rules: [...everyDay('tenant', 't1', hm(9), hm(17), BERLIN), ...everyDay('staff', 'bo', hm(9), hm(17), '')],
    });
    const slots = computeSlots({
      schedule: sched,
      bookings: [],
      fromMs: at('2026-06-01T00:00:00+02:00'),
      toMs: at('2026-06-02T00:00:00+02:00'),
      nowMs: NOW,
    });
    expect(labels(BERLIN, slots)).toEqual([
      '10:00+02:00',
      '11:00+02:00',
      '12:00+02:00',
      '13:00+02:00',
      '14:00+02:00',
      '15:00+02:00',
      '16:00+02:00',
    ]);
  });
});
