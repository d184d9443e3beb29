// Random recurring series for the property tests (recurrence-property.test.ts): a fast-check
// arbitrary, the series written as real iCalendar (VTIMEZONE, RRULE, EXDATE, RECURRENCE-ID
// overrides) and as Google Calendar events, and the oracle: ical.js's own expansion of the
// master alone (ICAL.Event's iterator and occurrence details, nothing of ours), with the moved
// and the cancelled occurrence applied by hand.

import fc from 'fast-check';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { VTIMEZONES, type NewStandInEvent } from '@svc/testing';
import { wallClockAt, wallClockInstant, wallClockMs, type WallClockTime } from '@svc/wall-clock';
import type { BusyEvent } from '../src/providers/provider.js';

const DAY_MS = 86_400_000;

export const ZONES = [...Object.keys(VTIMEZONES), 'UTC'] as const;

export interface Series {
  zone: (typeof ZONES)[number];
  /**
   * Whether the object carries the zone's VTIMEZONE; without, TZID names the IANA zone alone
   * (RFC 7809 lets CalDAV servers leave standard zones out, and some clients do).
   */
  vtimezone: boolean;
  allDay: boolean;
  /** Local wall-clock start. */
  start: { year: number; month: number; day: number; hour: number; minute: number };
  /** Timed: minutes; all-day: days. */
  length: number;
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  interval: number;
  /** COUNT, or UNTIL this many days (and minutes) after the first start. */
  end: { count: number } | { untilDays: number; untilMinutes: number };
  byday: string[];
  tentative: boolean;
  /** Indices (modulo the occurrences) of excluded, moved and cancelled occurrences. */
  exdates: number[];
  moved: { index: number; shiftMinutes: number; length: number; tentative: boolean } | null;
  cancelled: number | null;
  /**
   * The window: where it starts within the series' span (per mille; below 0 and above 1,000 are
   * before and after it), minutes added to that day, and its length in minutes.
   */
  window: { perMille: number; offsetMinutes: number; lengthMinutes: number; aroundDst: boolean };
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export const seriesArbitrary: fc.Arbitrary<Series> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    vtimezone: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    allDay: fc.boolean(),
    start: fc.record({
      year: fc.integer({ min: 2029, max: 2031 }),
      // Half of them in March or October, weeks before a DST change of each zone.
      month: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(3, 10)),
      day: fc.integer({ min: 1, max: 28 }),
      // Hours the DST changes skip or repeat (01:00–03:59) included.
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45),
    }),
    length: fc.integer({ min: 1, max: 16 }),
    freq: fc.constantFrom('DAILY' as const, 'WEEKLY' as const, 'MONTHLY' as const),
    interval: fc.integer({ min: 1, max: 3 }),
    end: fc.oneof(
      fc.record({ count: fc.noBias(fc.integer({ min: 1, max: 40 })) }),
      fc.record({
        untilDays: fc.noBias(fc.integer({ min: 0, max: 400 })),
        untilMinutes: fc.constantFrom(0, 0, -1, 60),
      }),
    ),
    byday: fc.subarray(WEEKDAYS, { maxLength: 3 }),
    monthlyNth: fc.constantFrom(0, 1, 2, -1),
    tentative: fc.boolean(),
    exdates: fc.array(fc.nat(), { maxLength: 3 }),
    moved: fc.option(
      fc.record({
        index: fc.nat(),
        shiftMinutes: fc.integer({ min: -3 * 24 * 4, max: 3 * 24 * 4 }).map((q) => q * 15),
        length: fc.integer({ min: 1, max: 16 }),
        tentative: fc.boolean(),
      }),
      { nil: null },
    ),
    cancelled: fc.option(fc.nat(), { nil: null }),
    window: fc.record({
      perMille: fc.noBias(fc.integer({ min: -100, max: 1_100 })),
      // A third of them instead start a week before the zone's first DST change after DTSTART,
      // and the series (DTSTART moved) starts up to three weeks before that change.
      aroundDst: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      offsetMinutes: fc.integer({ min: 0, max: 24 * 4 - 1 }).map((q) => q * 15),
      // Mostly a week to 35 days (what availability asks), sometimes under two days.
      lengthMinutes: fc
        .oneof(
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * 24 * 4 }) },
          { weight: 3, arbitrary: fc.integer({ min: 7 * 24 * 4, max: 35 * 24 * 4 }) },
        )
        .map((q) => q * 15),
    }),
  })
  .map(({ monthlyNth, ...s }) => ({
    ...s,
    start: s.window.aroundDst ? weeksBeforeDstChange(s.zone, s.start) : s.start,
    // Monthly: on the nth weekday (2TU, -1FR) or, without BYDAY, on DTSTART's day of the month.
    byday:
      s.freq === 'MONTHLY' ? (monthlyNth === 0 ? [] : s.byday.slice(0, 1).map((d) => `${monthlyNth}${d}`)) : s.byday,
  }));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A wall-clock reading (or a date, its time fields 0), as iCalendar writes local times. */
type Wall = WallClockTime;

const wallOf = (t: ICAL.Time | Wall): Wall => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.hour,
  minute: t.minute,
  second: t.second,
});
/** Wall-clock arithmetic (no zone: 10:00 plus a day is 10:00). */
const plus = (w: Wall, { days = 0, minutes = 0 }: { days?: number; minutes?: number }): Wall =>
  wallClockAt(wallClockMs(w) + days * 86_400_000 + minutes * 60_000);
const keyOf = (w: Wall) => `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
const dateOf = (w: Wall) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;

/** The instant of a wall-clock reading of the series' zone, as RFC 5545 places it (IANA rules). */
const instant = (s: Series, w: Wall) =>
  s.zone === 'UTC' ? Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) : wallClockInstant(w, s.zone);

/** DTSTART; one a DST change skips reads as the time it becomes (02:30 → 03:30), as Google would keep it. */
function firstStart(s: Series): Wall {
  const raw = { ...s.start, ...(s.allDay ? { hour: 0, minute: 0 } : {}), second: 0 };
  if (s.allDay || s.zone === 'UTC') return raw;
  return wallOf(DateTime.fromMillis(wallClockInstant(raw, s.zone), { zone: s.zone }));
}

/** DTSTART-like property text of a local time (`name;TZID=…:…`, `…:…Z` for UTC, `;VALUE=DATE:` for dates). */
function timeProp(name: string, s: Series, w: Wall): string {
  if (s.allDay) return `${name};VALUE=DATE:${keyOf(w).slice(0, 8)}`;
  if (s.zone === 'UTC') return `${name}:${keyOf(w)}Z`;
  return `${name};TZID=${s.zone}:${keyOf(w)}`;
}

/** UNTIL of a timed series, as an instant. */
const untilMs = (s: Series): number | null =>
  'count' in s.end || s.allDay
    ? null
    : instant(s, firstStart(s)) + (s.end.untilDays * 1440 + s.end.untilMinutes) * 60_000;

function rrule(s: Series, { withUntil = true } = {}): string {
  const parts = [`FREQ=${s.freq}`, `INTERVAL=${s.interval}`];
  if ('count' in s.end) parts.push(`COUNT=${s.end.count}`);
  else if (!withUntil && !s.allDay) {
    // Left to the caller (wallOccurrences), which bounds the readings by the instant.
  } else if (s.allDay) parts.push(`UNTIL=${keyOf(plus(firstStart(s), { days: s.end.untilDays })).slice(0, 8)}`);
  else {
    // UNTIL in UTC, as RFC 5545 asks with a zoned DTSTART; sometimes exactly an occurrence.
    parts.push(
      `UNTIL=${new Date(untilMs(s)!)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
  }
  if (s.byday.length > 0 && s.freq !== 'DAILY') parts.push(`BYDAY=${s.byday.join(',')}`);
  return parts.join(';');
}

const lengthOf = (s: Series, n: number) => (s.allDay ? { days: Math.ceil(n / 4) } : { minutes: n * 15 });

/** The occurrences chosen by index: excluded, moved and cancelled (none twice), as wall-clock readings. */
export interface Chosen {
  exdates: Wall[];
  moved: { original: Wall; start: Wall; end: Wall; tentative: boolean } | null;
  cancelled: Wall | null;
}

/**
 * The series' occurrences as wall-clock readings, less `exdates`: ical.js's own expansion of the
 * master written in floating time (RFC 5545 expands on the zone's wall clock), a timed UNTIL
 * applied to the readings' instants (RFC 5545 3.3.10 bounds by the instant, inclusively).
 */
function wallOccurrences(s: Series, exdates: readonly Wall[]): Wall[] {
  const floating = (name: string, w: Wall) =>
    s.allDay ? `${name};VALUE=DATE:${keyOf(w).slice(0, 8)}` : `${name}:${keyOf(w)}`;
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-platform//oracle//EN',
    'BEGIN:VEVENT',
    'UID:oracle',
    floating('DTSTART', firstStart(s)),
    `RRULE:${rrule(s, { withUntil: false })}`,
    ...exdates.map((w) => floating('EXDATE', w)),
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
  const until = untilMs(s);
  const out: Wall[] = [];
  const it = event.iterator();
  for (let next = it.next(); next && out.length < 1_000; next = it.next()) {
    const wall = wallOf(next);
    if (until !== null && instant(s, wall) > until) {
      if (instant(s, wall) > until + 2 * DAY_MS) break;
      continue;
    }
    out.push(wall);
  }
  return out;
}

export function choose(s: Series): Chosen {
  const all = wallOccurrences(s, []);
  if (all.length === 0) return { exdates: [], moved: null, cancelled: null };
  const pick = (i: number) => all[i % all.length]!;
  const taken = new Set<string>();
  const take = (w: Wall) => (taken.has(keyOf(w)) ? null : (taken.add(keyOf(w)), w));
  const exdates = s.exdates.map(pick).flatMap((w) => take(w) ?? []);
  const movedFrom = s.moved ? take(pick(s.moved.index)) : null;
  let moved: Chosen['moved'] = null;
  if (s.moved && movedFrom) {
    const shift = s.allDay ? { days: Math.round(s.moved.shiftMinutes / 1440) } : { minutes: s.moved.shiftMinutes };
    const start = plus(movedFrom, shift);
    moved = { original: movedFrom, start, end: plus(start, lengthOf(s, s.moved.length)), tentative: s.moved.tentative };
  }
  const cancelled = s.cancelled === null ? null : take(pick(s.cancelled));
  return { exdates, moved, cancelled };
}

function calendar(s: Series, events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-platform//recurrence property test//EN',
    ...(s.zone === 'UTC' || !s.vtimezone ? [] : VTIMEZONES[s.zone]!),
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The series as an iCalendar object: master with EXDATEs, a moved and a cancelled override. */
export function seriesIcs(s: Series, chosen: Chosen): string {
  const stamp = 'DTSTAMP:20290101T000000Z';
  const start = firstStart(s);
  const master = [
    'BEGIN:VEVENT',
    'UID:series-1',
    stamp,
    timeProp('DTSTART', s, start),
    timeProp('DTEND', s, plus(start, lengthOf(s, s.length))),
    `RRULE:${rrule(s)}`,
    ...chosen.exdates.map((w) => timeProp('EXDATE', s, w)),
    ...(s.tentative ? ['STATUS:TENTATIVE'] : []),
    'SUMMARY:Weekly team meeting',
    'END:VEVENT',
  ];
  const overrides: string[][] = [];
  if (chosen.moved) {
    overrides.push([
      'BEGIN:VEVENT',
      'UID:series-1',
      stamp,
      timeProp('RECURRENCE-ID', s, chosen.moved.original),
      timeProp('DTSTART', s, chosen.moved.start),
      timeProp('DTEND', s, chosen.moved.end),
      ...(chosen.moved.tentative ? ['STATUS:TENTATIVE'] : []),
      'SUMMARY:Weekly team meeting (moved)',
      'END:VEVENT',
    ]);
  }
  if (chosen.cancelled) {
    overrides.push([
      'BEGIN:VEVENT',
      'UID:series-1',
      stamp,
      timeProp('RECURRENCE-ID', s, chosen.cancelled),
      timeProp('DTSTART', s, chosen.cancelled),
      timeProp('DTEND', s, plus(chosen.cancelled, lengthOf(s, s.length))),
      'STATUS:CANCELLED',
      'END:VEVENT',
    ]);
  }
  return calendar(s, [master, ...overrides]);
}

/** The window of a series, as instants. */
export function windowOf(s: Series): { fromMs: number; toMs: number } {
  const firstMs = instant(s, firstStart(s));
  const change = s.window.aroundDst && s.zone !== 'UTC' ? dstChangeAfter(firstMs, s.zone) : null;
  if (change !== null) {
    const fromMs = change - 7 * DAY_MS + s.window.offsetMinutes * 60_000;
    return { fromMs, toMs: fromMs + Math.max(s.window.lengthMinutes * 60_000, 14 * DAY_MS) };
  }
  const step = { DAILY: 1, WEEKLY: 7, MONTHLY: 30 }[s.freq] * s.interval;
  const spanDays = 'count' in s.end ? s.end.count * step : s.end.untilDays;
  const dayStart = firstMs - (firstMs % DAY_MS);
  const fromMs =
    dayStart + (Math.round((spanDays * s.window.perMille) / 1000) - 1) * DAY_MS + s.window.offsetMinutes * 60_000;
  return { fromMs, toMs: fromMs + s.window.lengthMinutes * 60_000 };
}

/** `start` moved to 0–20 days (its day of the month less one) before the zone's first DST change in its year. */
function weeksBeforeDstChange(zone: string, start: Series['start']): Series['start'] {
  if (zone === 'UTC') return start;
  const change = dstChangeAfter(Date.UTC(start.year, start.month < 7 ? 0 : 6, 1), zone)!;
  const day = new Date(change - (start.day - 1) * DAY_MS);
  return { ...start, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}

/** The UTC midnight before the zone's first change of UTC offset within a year after `fromMs`. */
function dstChangeAfter(fromMs: number, zone: string): number | null {
  const offset = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const first = fromMs - (fromMs % DAY_MS);
  for (let day = first; day < first + 400 * DAY_MS; day += DAY_MS) {
    if (offset(day + DAY_MS) !== offset(day)) return day;
  }
  return null;
}

/**
 * The oracle: ical.js's expansion of the master alone (which occurrences, as wall-clock
 * readings; EXDATEs are its own: wallOccurrences), the moved occurrence put where its override says and the
 * cancelled one left out by hand. Each reading is placed in time by RFC 5545 with the IANA rules
 * (3.3.5: a time a DST change skips with the offset before the gap, a repeated one at its first
 * occurrence) and lasts the master's exact duration (3.8.5.3: DTEND − DTSTART) — not ical.js's
 * own placement, which differs at those edges. The events that reach the window are kept
 * (all-day ones a day either side, as BusyEvent's contract says).
 */
export function expectedEvents(s: Series, chosen: Chosen, fromMs: number, toMs: number): BusyEvent[] {
  const first = firstStart(s);
  const length = lengthOf(s, s.length);
  const exactMs = s.allDay ? 0 : instant(s, plus(first, length)) - instant(s, first);
  const out: BusyEvent[] = [];
  const push = (start: Wall, end: Wall | null, showAs: BusyEvent['showAs']) => {
    if (s.allDay) {
      const startDate = dateOf(start);
      const endDate = dateOf(end ?? plus(start, length));
      const startsAtMs = Date.parse(`${startDate}T00:00:00Z`);
      const endsAtMs = Date.parse(`${endDate}T00:00:00Z`);
      if (endsAtMs > fromMs - DAY_MS && startsAtMs < toMs + DAY_MS) {
        out.push({ startsAtMs, endsAtMs, allDay: { startDate, endDate }, showAs });
      }
      return;
    }
    const startsAtMs = instant(s, start);
    const endsAtMs = end ? instant(s, end) : startsAtMs + exactMs;
    if (endsAtMs > fromMs && startsAtMs < toMs) out.push({ startsAtMs, endsAtMs, showAs });
  };
  const same = (a: Wall | null | undefined, b: Wall) => !!a && keyOf(a) === keyOf(b);
  for (const wall of wallOccurrences(s, chosen.exdates)) {
    if (same(chosen.cancelled, wall)) continue;
    if (chosen.moved && same(chosen.moved.original, wall)) {
      push(chosen.moved.start, chosen.moved.end, chosen.moved.tentative ? 'tentative' : 'busy');
      continue;
    }
    push(wall, null, s.tentative ? 'tentative' : 'busy');
  }
  return out;
}

/** The series as Google Calendar events: the recurring event and its two exceptions. */
export function seriesGoogleEvents(s: Series, chosen: Chosen): NewStandInEvent[] {
  const time = (w: Wall) =>
    s.allDay
      ? { date: dateOf(w) }
      : {
          dateTime: DateTime.fromMillis(instant(s, w), { zone: s.zone }).toISO({ suppressMilliseconds: true })!,
          timeZone: s.zone,
        };
  const start = firstStart(s);
  const exdate = (w: Wall) =>
    s.allDay
      ? `EXDATE;VALUE=DATE:${keyOf(w).slice(0, 8)}`
      : s.zone === 'UTC'
        ? `EXDATE:${keyOf(w)}Z`
        : `EXDATE;TZID=${s.zone}:${keyOf(w)}`;
  const series: NewStandInEvent = {
    id: 'series1',
    start: time(start),
    end: time(plus(start, lengthOf(s, s.length))),
    recurrence: [`RRULE:${rrule(s)}`, ...chosen.exdates.map(exdate)],
    ...(s.tentative ? { status: 'tentative' as const } : {}),
  };
  const events = [series];
  if (chosen.moved) {
    events.push({
      recurringEventId: 'series1',
      originalStartTime: time(chosen.moved.original),
      start: time(chosen.moved.start),
      end: time(chosen.moved.end),
      status: chosen.moved.tentative ? 'tentative' : 'confirmed',
    });
  }
  if (chosen.cancelled) {
    events.push({
      recurringEventId: 'series1',
      originalStartTime: time(chosen.cancelled),
      start: time(chosen.cancelled),
      end: time(plus(chosen.cancelled, lengthOf(s, s.length))),
      status: 'cancelled',
    });
  }
  return events;
}

/** Events as comparable strings, sorted (a multiset). */
export const canonical = (events: readonly BusyEvent[]): string[] =>
  events
    .map((e) =>
      e.allDay
        ? `${e.allDay.startDate}..${e.allDay.endDate} ${e.showAs}`
        : `${new Date(e.startsAtMs).toISOString()}..${new Date(e.endsAtMs).toISOString()} ${e.showAs}`,
    )
    .sort();
