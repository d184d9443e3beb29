// Series of any age and the zones of a CalDAV event's times (docs/decisions.md "Integrations",
// "Series of any age", "Floating and unknown zones"), with the process in a zone far from them
// all (Pacific/Kiritimati, UTC+14: vitest.config.ts): a daily series begun in 2010 blocks next
// week; the walk's bound blocks time, never frees it; floating times and TZIDs nobody defines
// are the staff member's wall clock; Windows zone names and prefixed IANA names are read as the
// zone they name; @svc/wall-clock agrees with luxon.

import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { wallClockInstant, wallClockOf, type WallClockTime } from '@svc/wall-clock';
import { busyEvents, type BusyReadOptions } from '../src/calendars/providers/ical-busy-events.js';
import { STEP_BUDGET } from '../src/calendars/providers/ical-recurrence.js';
import { ianaZoneOfTzid } from '../src/calendars/providers/ical-zones.js';

const HOUR = 3_600_000;

/** luxon's placing of a wall-clock time (RFC 5545 3.3.5): every offset asked for, the earliest kept. */
function luxonInstant(wall: WallClockTime, zone: string): number {
  const dt = DateTime.fromObject(wall, { zone });
  let best = dt.toMillis();
  for (const alt of dt.getPossibleOffsets()) best = Math.min(best, alt.toMillis());
  return best;
}

/** luxon's reading of an instant in a zone, whole seconds. */
function luxonWall(ms: number, zone: string): WallClockTime {
  const { year, month, day, hour, minute, second } = DateTime.fromMillis(ms, { zone });
  return { year, month, day, hour, minute, second };
}
const DAY = 24 * HOUR;
/** Monday 5 May 2031, 00:00 UTC. */
const WEEK = Date.UTC(2031, 4, 5);

function ics(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
}
const vevent = (...lines: string[]) => [
  'BEGIN:VEVENT',
  ...(lines.some((l) => l.startsWith('UID:')) ? [] : ['UID:s']),
  'DTSTAMP:20100101T000000Z',
  ...lines,
  'END:VEVENT',
];

/** The timed events of an object as ISO intervals. */
function read(text: string, fromMs: number, toMs: number, options: BusyReadOptions = {}): string[] {
  return busyEvents(text, fromMs, toMs, options)
    .filter((e) => !e.allDay)
    .map(
      (e) => `${new Date(e.startsAtMs).toISOString().slice(0, 16)}/${new Date(e.endsAtMs).toISOString().slice(11, 16)}`,
    );
}

describe('series of any age', () => {
  it('a daily series begun in 2010 blocks every day of a week in 2031, at a cost of the week alone', () => {
    const text = ics(vevent('DTSTART:20100104T050000Z', 'DTEND:20100104T060000Z', 'RRULE:FREQ=DAILY'));
    const started = performance.now();
    const week = read(text, WEEK, WEEK + 7 * DAY);
    const tookMs = performance.now() - started;
    expect(week).toEqual([...Array(7).keys()].map((d) => `2031-05-${String(5 + d).padStart(2, '0')}T05:00/06:00`));
    // Walked from 2010 it would take ical.js 7,800 steps; near the window a few dozen.
    expect(tookMs).toBeLessThan(500);
  });

  it('an hourly series begun months ago, in its zone across nothing: every hour of the day', () => {
    const text = ics(
      vevent(
        'DTSTART;TZID=Europe/Berlin:20301103T083000',
        'DTEND;TZID=Europe/Berlin:20301103T090000',
        'RRULE:FREQ=HOURLY;BYHOUR=9,10,11',
      ),
    );
    // 09:30, 10:30 and 11:30 Berlin summer time on Monday 5 May 2031 (the DTSTART itself, 08:30, matches no BYHOUR).
    expect(read(text, WEEK, WEEK + DAY)).toEqual([
      '2031-05-05T07:30/08:00',
      '2031-05-05T08:30/09:00',
      '2031-05-05T09:30/10:00',
    ]);
  });

  it('COUNT is counted from DTSTART, as RFC 5545 says (ical.js alone ends FREQ=HOURLY;BYHOUR series one early)', () => {
    // 09:00 and 10:00 every day from Monday 6 January 2031: the 240th is 10:00 on the 120th day.
    const text = ics(
      vevent('DTSTART:20310106T090000Z', 'DTEND:20310106T093000Z', 'RRULE:FREQ=HOURLY;BYHOUR=9,10;COUNT=240'),
    );
    const last = Date.UTC(2031, 0, 6) + 119 * DAY;
    expect(read(text, last, last + 2 * DAY)).toEqual([
      `${new Date(last).toISOString().slice(0, 10)}T09:00/09:30`,
      `${new Date(last).toISOString().slice(0, 10)}T10:00/10:30`,
    ]);
    // A weekly one over many years, counted without walking them: the 2,000th Monday or Wednesday.
    const weekly = ics(
      vevent('DTSTART:20100104T050000Z', 'DTEND:20100104T060000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=2000'),
    );
    // Week 999 after that of 4 January 2010 begins Monday 26 February 2029: its Monday is the
    // 1,999th, its Wednesday the 2,000th, and there is no more.
    expect(read(weekly, Date.UTC(2029, 1, 25), Date.UTC(2029, 2, 12))).toEqual([
      '2029-02-26T05:00/06:00',
      '2029-02-28T05:00/06:00',
    ]);
  });

  it('a daily series on some weekdays with COUNT, begun long ago, is counted by weeks: exact and within the bound', () => {
    // FREQ=DAILY;BYDAY=MO,WE,FR is FREQ=WEEKLY;BYDAY=MO,WE,FR: its COUNT is carried over whole weeks.
    const text = ics(
      vevent('DTSTART:20080107T090000Z', 'DTEND:20080107T100000Z', 'RRULE:FREQ=DAILY;BYDAY=MO,WE,FR;COUNT=2900'),
    );
    // ical.js from DTSTART (about 6,800 steps, past the bound) is the oracle.
    const rule = ICAL.Recur.fromString('FREQ=DAILY;BYDAY=MO,WE,FR;COUNT=2900');
    const it = rule.iterator(ICAL.Time.fromDateTimeString('2008-01-07T09:00:00Z'));
    const all: number[] = [];
    for (let next = it.next(); next; next = it.next()) all.push(next.toJSDate().getTime());
    expect(all).toHaveLength(2900);
    const last = all[all.length - 1]!;
    // A window around the series' end: the last occurrences and nothing after.
    const fromMs = last - 10 * DAY;
    const toMs = last + 10 * DAY;
    const limits: string[] = [];
    const got = read(text, fromMs, toMs, { onWalkLimit: (where) => limits.push(where) });
    const iso = (ms: number) =>
      `${new Date(ms).toISOString().slice(0, 16)}/${new Date(ms + HOUR).toISOString().slice(11, 16)}`;
    expect(limits).toEqual([]);
    expect(got).toEqual(all.filter((ms) => ms + HOUR > fromMs && ms < toMs).map(iso));
    expect(got.length).toBeGreaterThan(3);
  });

  it('EXDATE, RDATE and overrides of an old series apply near the window, wherever they were written', () => {
    const text = ics(
      vevent(
        'DTSTART;TZID=Europe/Berlin:20100104T100000',
        'DTEND;TZID=Europe/Berlin:20100104T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,TU',
        // Monday's, named by its instant; an extra one on Thursday.
        'EXDATE:20310505T080000Z',
        'RDATE;TZID=Europe/Berlin:20310508T150000',
      ),
      // Tuesday's moved to Friday, and one of 2015 moved into the week (a client may keep such).
      vevent(
        'RECURRENCE-ID;TZID=Europe/Berlin:20310506T100000',
        'DTSTART;TZID=Europe/Berlin:20310509T120000',
        'DTEND;TZID=Europe/Berlin:20310509T130000',
      ),
      vevent(
        'RECURRENCE-ID;TZID=Europe/Berlin:20150105T100000',
        'DTSTART;TZID=Europe/Berlin:20310510T090000',
        'DTEND;TZID=Europe/Berlin:20310510T093000',
      ),
    );
    expect(read(text, WEEK, WEEK + 7 * DAY)).toEqual([
      '2031-05-08T13:00/14:00',
      '2031-05-09T10:00/11:00',
      '2031-05-10T07:00/07:30',
    ]);
  });

  it('a rule ical.js would walk forever blocks the window, and says so', () => {
    // There is no 30 February: ical.js's DAILY iterator never returns.
    const text = ics(
      vevent('DTSTART:20100104T050000Z', 'DTEND:20100104T060000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
    );
    const limits: string[] = [];
    const events = busyEvents(text, WEEK, WEEK + DAY, { onWalkLimit: (where) => limits.push(where) });
    expect(events).toEqual([{ startsAtMs: WEEK, endsAtMs: WEEK + DAY, showAs: 'busy' }]);
    expect(limits).toEqual(['before_window']);
  });

  it('a second RRULE that finds the budget spent before its walk is set up blocks the window too, never frees it', () => {
    // The first rule, walked from 2010 (BYHOUR of an HOURLY rule), spends the budget; the second
    // (COUNT, counted over its first two periods) cannot even begin.
    const text = ics(
      vevent(
        'DTSTART:20100104T050000Z',
        'DTEND:20100104T060000Z',
        'RRULE:FREQ=HOURLY;BYHOUR=5',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2000',
      ),
    );
    const limits: string[] = [];
    const events = busyEvents(text, WEEK, WEEK + DAY, { onWalkLimit: (where) => limits.push(where) });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.startsAtMs === WEEK && e.endsAtMs === WEEK + DAY && e.showAs === 'busy')).toBe(true);
    expect(limits.length).toBeGreaterThan(0);
    expect(new Set(limits)).toEqual(new Set(['before_window']));
  });

  it('a series with more occurrences in the window than the bound blocks from the last one known to the end', () => {
    // Every minute: more than STEP_BUDGET in a week.
    const text = ics(vevent('DTSTART:20310101T000000Z', 'DTEND:20310101T000100Z', 'RRULE:FREQ=MINUTELY'));
    const limits: string[] = [];
    const events = busyEvents(text, WEEK, WEEK + 7 * DAY, { onWalkLimit: (where) => limits.push(where) });
    expect(limits).toEqual(['in_window']);
    const cut = events.at(-1)!;
    expect(cut.endsAtMs).toBe(WEEK + 7 * DAY);
    expect(events.length).toBeGreaterThan(STEP_BUDGET / 2);
    // Every minute of the week is busy, the walked ones and the rest.
    const covered = events.reduce((at, e) => (e.startsAtMs <= at ? Math.max(at, e.endsAtMs) : at), WEEK);
    expect(covered).toBe(WEEK + 7 * DAY);
  });

  it('a series UNTIL ended long ago blocks nothing, quickly', () => {
    const text = ics(
      vevent(
        'DTSTART;TZID=Europe/Berlin:20100104T100000',
        'DTEND;TZID=Europe/Berlin:20100104T110000',
        'RRULE:FREQ=DAILY;UNTIL=20120101T000000Z',
      ),
    );
    expect(read(text, WEEK, WEEK + 7 * DAY)).toEqual([]);
  });
});

describe('floating and unknown zones', () => {
  const berlin: BusyReadOptions = { timeZone: 'Europe/Berlin' };

  it("a floating time is the staff member's wall clock, not the process's nor UTC", () => {
    const text = ics(vevent('DTSTART:20310505T100000', 'DTEND:20310505T110000'));
    expect(read(text, WEEK, WEEK + DAY, berlin)).toEqual(['2031-05-05T08:00/09:00']);
    expect(read(text, WEEK, WEEK + DAY, { timeZone: 'America/New_York' })).toEqual(['2031-05-05T14:00/15:00']);
    // Nobody named: UTC (never the process's UTC+14).
    expect(read(text, WEEK, WEEK + DAY)).toEqual(['2031-05-05T10:00/11:00']);
  });

  it("a floating series runs on the staff member's clock across a DST change, UNTIL and EXDATE in UTC included", () => {
    const text = ics(
      vevent(
        'DTSTART:20310322T100000',
        'DTEND:20310322T110000',
        'RRULE:FREQ=WEEKLY;UNTIL=20310412T080000Z',
        'EXDATE:20310405T080000Z',
      ),
    );
    // Saturdays 10:00 Berlin: 22 and 29 March (summer time from the 30th), not 5 April, 12 April at
    // 08:00Z exactly (UNTIL is inclusive).
    expect(read(text, Date.UTC(2031, 2, 20), Date.UTC(2031, 3, 20), berlin)).toEqual([
      '2031-03-22T09:00/10:00',
      '2031-03-29T09:00/10:00',
      '2031-04-12T08:00/09:00',
    ]);
  });

  it('a Windows zone name without VTIMEZONE is its IANA zone; a TZID nobody knows is floating', () => {
    const text = ics(
      vevent(
        'DTSTART;TZID=W. Europe Standard Time:20310505T100000',
        'DTEND;TZID=W. Europe Standard Time:20310505T110000',
      ),
      vevent(
        'UID:e',
        'DTSTART;TZID=Eastern Standard Time:20310505T100000',
        'DTEND;TZID=Eastern Standard Time:20310505T103000',
      ),
      vevent('UID:m', 'DTSTART;TZID=/mozilla.org/20050126_1/Asia/Tokyo:20310505T100000', 'DURATION:PT15M'),
      vevent('UID:x', 'DTSTART;TZID=Custom Zone 7:20310505T120000', 'DTEND;TZID=Custom Zone 7:20310505T121500'),
    );
    expect(read(text, WEEK - DAY, WEEK + DAY, berlin).sort()).toEqual([
      '2031-05-05T01:00/01:15',
      '2031-05-05T08:00/09:00',
      '2031-05-05T10:00/10:15',
      '2031-05-05T14:00/14:30',
    ]);
  });

  it("a VTIMEZONE the object defines for a non-IANA TZID is that zone's rules, not the Windows table's", () => {
    // An Outlook VTIMEZONE named like Berlin's Windows zone but at +05:00 all year.
    const text = ics(
      [
        'BEGIN:VTIMEZONE',
        'TZID:W. Europe Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0500',
        'TZOFFSETTO:+0500',
        'END:STANDARD',
        'END:VTIMEZONE',
      ],
      vevent(
        'DTSTART;TZID=W. Europe Standard Time:20310505T100000',
        'DTEND;TZID=W. Europe Standard Time:20310505T110000',
        'RRULE:FREQ=DAILY',
      ),
    );
    expect(read(text, WEEK, WEEK + DAY, berlin)).toEqual(['2031-05-05T05:00/06:00']);
  });

  it('knows Windows names in any letter case, IANA names and aliases, and names behind a path', () => {
    expect(ianaZoneOfTzid('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOfTzid('romance standard time')).toBe('Europe/Paris');
    expect(ianaZoneOfTzid('Tokyo Standard Time')).toBe('Asia/Tokyo');
    expect(ianaZoneOfTzid('"Europe/Berlin"')).toBe('Europe/Berlin');
    expect(ianaZoneOfTzid('US/Eastern')).toBe('America/New_York');
    expect(ianaZoneOfTzid('/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires')).toBe(
      'America/Buenos_Aires',
    );
    expect(ianaZoneOfTzid('Custom Zone 7')).toBeNull();
    expect(ianaZoneOfTzid('')).toBeNull();
  });
});

describe('the quick zone clock', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Santiago',
    'Asia/Kolkata',
    'UTC',
  ];
  // 1990–2040, on quarter hours, half of them within a day of a DST change.
  const instants = fc
    .integer({ min: Date.UTC(1990, 0, 1) / 900_000, max: Date.UTC(2040, 0, 1) / 900_000 })
    .map((q) => q * 900_000);

  it('places wall-clock times as luxon does (gaps with the offset before, repeats at the first)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instants, fc.integer({ min: -90, max: 90 }), (zone, ms, minutes) => {
        // A reading near a real one, so the DST changes' skipped and repeated hours come up.
        const wall = luxonWall(ms + minutes * 60_000, 'UTC');
        expect(wallClockInstant(wall, zone)).toBe(luxonInstant(wall, zone));
      }),
      { numRuns: 3_000 },
    );
    // The night Berlin's clocks go forward (30 March 2031) and back (26 October 2031).
    expect(wallClockInstant({ year: 2031, month: 3, day: 30, hour: 2, minute: 30, second: 0 }, 'Europe/Berlin')).toBe(
      Date.UTC(2031, 2, 30, 1, 30),
    );
    expect(wallClockInstant({ year: 2031, month: 10, day: 26, hour: 2, minute: 30, second: 0 }, 'Europe/Berlin')).toBe(
      Date.UTC(2031, 9, 26, 0, 30),
    );
  });

  it('reads instants as luxon does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instants, (zone, ms) => {
        expect(wallClockOf(ms, zone)).toEqual(luxonWall(ms, zone));
      }),
      { numRuns: 3_000 },
    );
  });
});
