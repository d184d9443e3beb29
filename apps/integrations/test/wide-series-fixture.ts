// Series of any age for the recurrence property test (recurrence-property.test.ts, "series of
// any age"): a fast-check arbitrary of recurring events that began up to decades before the
// window (hourly ones up to a year), FREQ HOURLY to YEARLY with BYDAY, BYMONTHDAY, BYMONTH,
// BYSETPOS, BYHOUR and BYMINUTE, COUNT and UNTIL falling at the window's edges or not at all,
// EXDATEs (some written in UTC), RDATEs, a moved and a cancelled occurrence, DTSTART named by
// its TZID with or without the VTIMEZONE, by a Windows zone name, or floating (no zone: the staff
// member's), written as iCalendar; and the oracle: ical.js's own iterator walked from DTSTART
// over the whole series (nothing of ours), the rule's occurrences as wall-clock readings, EXDATE
// and RDATE applied as sets, the overrides by hand, each reading placed in time by RFC 5545 with
// the IANA rules (wallClockInstant).

import fc from 'fast-check';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { VTIMEZONES } from '@svc/testing';
import { wallClockAt, wallClockInstant, wallClockMs, type WallClockTime } from '@svc/wall-clock';
import type { BusyEvent } from '../src/providers/provider.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

export const WIDE_ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'UTC'] as const;
type Zone = (typeof WIDE_ZONES)[number];

/** The Windows names Outlook and Exchange write for the zones (CLDR windowsZones). */
const WINDOWS_NAMES: Record<Zone, string> = {
  'Europe/Berlin': 'W. Europe Standard Time',
  'America/New_York': 'Eastern Standard Time',
  'Australia/Sydney': 'AUS Eastern Standard Time',
  UTC: 'UTC',
};

type Freq = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** BYxxx parts per FREQ (the shapes calendar clients write, and some they rarely do). */
const PARTS: Record<Freq, string[]> = {
  HOURLY: ['', '', 'BYMINUTE=0,30', 'BYHOUR=8,9,10,14,15', 'BYDAY=MO,TU,WE,TH,FR'],
  DAILY: ['', '', 'BYDAY=MO,WE,FR', 'BYDAY=SA,SU', 'BYHOUR=9,15', 'BYMONTH=1,2,12'],
  WEEKLY: ['', 'BYDAY=MO', 'BYDAY=TU,TH', 'BYDAY=MO,TU,WE,TH,FR', 'BYDAY=SU,SA;WKST=SU', 'BYDAY=WE;BYHOUR=8,17'],
  MONTHLY: [
    '',
    'BYDAY=2TU',
    'BYDAY=-1FR',
    'BYDAY=1MO,3MO',
    'BYDAY=5SA',
    'BYMONTHDAY=1,15',
    'BYMONTHDAY=31',
    'BYMONTHDAY=-1',
    'BYMONTHDAY=29,30',
    'BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1',
    'BYDAY=SA,SU;BYSETPOS=1,2',
    'BYDAY=MO;BYSETPOS=-2',
    'BYDAY=TU,TH',
  ],
  YEARLY: [
    '',
    'BYMONTH=3,10',
    'BYMONTH=3;BYDAY=-1SU',
    'BYMONTH=2;BYMONTHDAY=29',
    'BYMONTH=6;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1',
  ],
};

export interface WideSeries {
  zone: Zone;
  /** How DTSTART names its zone: TZID with the VTIMEZONE, the TZID alone, a Windows name alone, or none (floating). */
  naming: 'vtimezone' | 'tzid' | 'windows' | 'floating';
  allDay: boolean;
  freq: Freq;
  interval: number;
  parts: string;
  /** The window: its start and length. */
  fromMs: number;
  lengthMinutes: number;
  /** DTSTART's local date: this many minutes before the window's start; its day of the month and time of day. */
  ageMinutes: number;
  monthDay: number;
  hour: number;
  minute: number;
  /** Timed: minutes; all-day: days. */
  length: number;
  end:
    | { kind: 'none' }
    | { kind: 'count'; edge: 'from' | 'to'; shift: number }
    | { kind: 'count'; small: number }
    | { kind: 'until'; edge: 'from' | 'to'; shiftMinutes: number };
  tentative: boolean;
  /** Indices into the occurrences near the window. */
  exdates: number[];
  exdatesInUtc: boolean;
  rdates: Array<{ index: number; shiftMinutes: number }>;
  moved: { index: number; shiftMinutes: number; length: number } | null;
  cancelled: number | null;
}

/** How far back a series may start, per FREQ (the oracle walks all of it). */
const MAX_AGE_DAYS: Record<Freq, number> = {
  HOURLY: 400,
  DAILY: 12 * 366,
  WEEKLY: 60 * 366,
  MONTHLY: 60 * 366,
  YEARLY: 80 * 366,
};

const quarters = (min: number, max: number) => fc.integer({ min, max }).map((q) => q * 15);

export const wideSeriesArbitrary: fc.Arbitrary<WideSeries> = fc
  .record({
    zone: fc.constantFrom(...WIDE_ZONES),
    naming: fc.constantFrom('vtimezone' as const, 'tzid' as const, 'windows' as const, 'floating' as const),
    allDay: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    freq: fc.constantFrom<Freq>('HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) },
    ),
    partIndex: fc.nat(),
    fromMs: fc
      .integer({ min: Date.UTC(2029, 0, 1) / (15 * MINUTE), max: Date.UTC(2031, 11, 31) / (15 * MINUTE) })
      .map((q) => q * 15 * MINUTE),
    lengthMinutes: fc.oneof(
      { weight: 1, arbitrary: quarters(1, 2 * 24 * 4) },
      { weight: 3, arbitrary: quarters(7 * 24 * 4, 35 * 24 * 4) },
    ),
    // Mostly long ago (the point), sometimes within a few periods of the window (walked from DTSTART).
    agePerMille: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 1_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) },
    ),
    monthDay: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 29, max: 31 })),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    length: fc.integer({ min: 1, max: 12 }),
    // Mostly ends in the window or after it (the window meets the series), sometimes just before.
    end: fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('count' as const),
          edge: fc.constantFrom('from' as const, 'to' as const, 'to' as const),
          shift: fc.integer({ min: -2, max: 2 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('count' as const), small: fc.integer({ min: 1, max: 30 }) }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('until' as const),
          edge: fc.constantFrom('from' as const, 'to' as const, 'to' as const),
          shiftMinutes: fc.oneof(fc.constantFrom(0, -1, 1), quarters(-48 * 4, 48 * 4)),
        }),
      },
    ),
    tentative: fc.boolean(),
    exdates: fc.array(fc.nat(), { maxLength: 3 }),
    exdatesInUtc: fc.boolean(),
    rdates: fc.array(fc.record({ index: fc.nat(), shiftMinutes: quarters(-3 * 24 * 4, 3 * 24 * 4) }), { maxLength: 2 }),
    moved: fc.option(
      fc.record({
        index: fc.nat(),
        shiftMinutes: quarters(-3 * 24 * 4, 3 * 24 * 4),
        length: fc.integer({ min: 1, max: 12 }),
      }),
      {
        nil: null,
      },
    ),
    cancelled: fc.option(fc.nat(), { nil: null }),
  })
  .map(({ partIndex, agePerMille, ...s }) => {
    // All-day series run by days or longer, without times of day.
    const freq: Freq = s.allDay && s.freq === 'HOURLY' ? 'DAILY' : s.freq;
    const choices = PARTS[freq].filter((p) => !s.allDay || !/BYHOUR|BYMINUTE/.test(p));
    const parts = choices[partIndex % choices.length]!;
    // BYSETPOS costs ical.js milliseconds a month: at most eight years of it for the oracle.
    const maxAgeDays = parts.includes('BYSETPOS') ? 8 * 366 : MAX_AGE_DAYS[freq];
    const ageMinutes =
      agePerMille <= 3 && agePerMille === Math.floor(agePerMille)
        ? agePerMille * { HOURLY: 60, DAILY: 1_440, WEEKLY: 7 * 1_440, MONTHLY: 31 * 1_440, YEARLY: 366 * 1_440 }[freq]
        : Math.round((maxAgeDays * 1_440 * agePerMille) / 1_000);
    return { ...s, freq, parts, ageMinutes };
  });

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const basic = (w: WallClockTime) =>
  `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
const dateOf = (w: WallClockTime) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;
const utcBasic = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The instant of a wall-clock reading of the series' zone (RFC 5545, IANA rules). */
const instantIn = (zone: Zone, w: WallClockTime) => (zone === 'UTC' ? wallClockMs(w) : wallClockInstant(w, zone));

/** The wall-clock reading of an instant in the zone. */
function wallIn(zone: Zone, ms: number): WallClockTime {
  const t = DateTime.fromMillis(ms, { zone });
  return { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
}

/** A series made concrete: its readings, the window, and the chosen exceptions. */
export interface WideCase {
  s: WideSeries;
  fromMs: number;
  toMs: number;
  start: WallClockTime;
  rule: string;
  /** The rule's occurrences (COUNT and UNTIL applied), as readings, up to a few days past the window. */
  occurrences: WallClockTime[];
  exdates: WallClockTime[];
  rdates: WallClockTime[];
  moved: { original: WallClockTime; start: WallClockTime; end: WallClockTime } | null;
  cancelled: WallClockTime | null;
  /** ical.js iterator steps the oracle took. */
  oracleSteps: number;
}

/** The series' rule without COUNT and UNTIL, and its end as COUNT or UNTIL (instant) given the occurrences. */
export function concrete(s: WideSeries): WideCase {
  const fromMs = s.fromMs;
  const toMs = fromMs + s.lengthMinutes * MINUTE;
  // DTSTART: the local date ageMinutes before the window, its day of the month for MONTHLY and
  // YEARLY rules (the last of a shorter month), at the time of day; one a DST change skips reads
  // as the time it becomes.
  const day = wallIn(s.zone, fromMs - s.ageMinutes * MINUTE);
  const monthly = s.freq === 'MONTHLY' || s.freq === 'YEARLY';
  const daysInMonth = new Date(Date.UTC(day.year, day.month, 0)).getUTCDate();
  const raw: WallClockTime = {
    ...day,
    day: monthly ? Math.min(s.monthDay, daysInMonth) : day.day,
    hour: s.allDay ? 0 : s.hour,
    minute: s.allDay ? 0 : s.minute,
    second: 0,
  };
  const start = s.allDay || s.zone === 'UTC' ? raw : wallIn(s.zone, instantIn(s.zone, raw));
  const rule = `FREQ=${s.freq};INTERVAL=${s.interval}${s.parts ? `;${s.parts}` : ''}`;

  // ical.js's iterator from DTSTART, on the wall clock, up to three days past the window.
  const iterator = ICAL.Recur.fromString(rule).iterator(
    s.allDay ? ICAL.Time.fromDateString(dateOf(start)) : ICAL.Time.fromData({ ...start }),
  );
  const stopMs = toMs + 3 * DAY;
  const all: WallClockTime[] = [];
  let steps = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    steps++;
    const w: WallClockTime = {
      year: next.year,
      month: next.month,
      day: next.day,
      hour: next.hour,
      minute: next.minute,
      second: 0,
    };
    if (!startsBefore(s, w, stopMs)) break;
    all.push(w);
    if (steps > 2_000_000) throw new Error('the oracle walked too far');
  }

  // COUNT or UNTIL at an edge of the window, or COUNT small.
  let occurrences = all;
  const end = s.end;
  if (end.kind === 'count') {
    const edgeMs = 'small' in end ? 0 : end.edge === 'from' ? fromMs : toMs;
    const count =
      'small' in end ? end.small : Math.max(1, all.filter((w) => startsBefore(s, w, edgeMs)).length + end.shift);
    occurrences = all.slice(0, count);
    s = { ...s, end: { kind: 'count', small: count } };
  } else if (end.kind === 'until') {
    const untilMs = (end.edge === 'from' ? fromMs : toMs) + end.shiftMinutes * MINUTE;
    occurrences = all.filter((w) => startsBefore(s, w, untilMs + 1));
  }

  // Exceptions among the occurrences near the window.
  const near = occurrences.filter(
    (w) => !startsBefore(s, w, fromMs - 3 * DAY + 1) && startsBefore(s, w, toMs + 2 * DAY),
  );
  const taken = new Set<number>();
  const take = (i: number) => {
    if (near.length === 0) return null;
    const w = near[i % near.length]!;
    if (taken.has(wallClockMs(w))) return null;
    taken.add(wallClockMs(w));
    return w;
  };
  const exdates = s.exdates.flatMap((i) => take(i) ?? []);
  const movedFrom = s.moved ? take(s.moved.index) : null;
  const shift = (w: WallClockTime, minutes: number) =>
    wallClockAt(wallClockMs(w) + (s.allDay ? Math.round(minutes / 1_440) * DAY : minutes * MINUTE));
  const lengthOf = (n: number) => (s.allDay ? Math.ceil(n / 4) * DAY : n * 15 * MINUTE);
  const moved =
    s.moved && movedFrom
      ? (() => {
          const startW = shift(movedFrom, s.moved!.shiftMinutes);
          return {
            original: movedFrom,
            start: startW,
            end: wallClockAt(wallClockMs(startW) + lengthOf(s.moved!.length)),
          };
        })()
      : null;
  const cancelled = s.cancelled === null ? null : take(s.cancelled);
  const rdates =
    near.length === 0 ? [] : s.rdates.map((r) => shift(near[r.index % near.length]!, r.shiftMinutes || 15));
  return { s, fromMs, toMs, start, rule, occurrences, exdates, rdates, moved, cancelled, oracleSteps: steps };
}

/** Whether an occurrence starting at a reading starts before `ms` (luxon asked only within two days of it). */
function startsBefore(s: WideSeries, w: WallClockTime, ms: number): boolean {
  const local = wallClockMs(w);
  if (local < ms - 2 * DAY) return true;
  if (local > ms + 2 * DAY) return false;
  return placed(s, w) < ms;
}

/** Where an occurrence starting at a reading starts (an all-day one: its date's UTC midnight). */
function placed(s: WideSeries, w: WallClockTime): number {
  return s.allDay ? Date.UTC(w.year, w.month - 1, w.day) : instantIn(s.zone, w);
}

/** A date-time property in the series' naming (`…Z` in UTC, `;VALUE=DATE` all-day). */
function timeProp(c: WideCase, name: string, w: WallClockTime, { utc = false } = {}): string {
  const { s } = c;
  if (s.allDay) return `${name};VALUE=DATE:${basic(w).slice(0, 8)}`;
  if (utc) return `${name}:${utcBasic(instantIn(s.zone, w))}`;
  if (s.naming === 'floating') return `${name}:${basic(w)}`;
  if (s.zone === 'UTC') return `${name}:${basic(w)}Z`;
  const tzid = s.naming === 'windows' ? WINDOWS_NAMES[s.zone] : s.zone;
  return `${name};TZID=${tzid}:${basic(w)}`;
}

/** The series as an iCalendar object: the master (RRULE with COUNT or UNTIL, EXDATEs, RDATEs) and its overrides. */
export function wideIcs(c: WideCase): string {
  const { s } = c;
  const stamp = 'DTSTAMP:20290101T000000Z';
  const lengthMs = s.allDay ? s.length * DAY : s.length * 15 * MINUTE;
  let rrule = c.rule;
  if (s.end.kind === 'count') rrule += `;COUNT=${'small' in s.end ? s.end.small : 1}`;
  if (s.end.kind === 'until') {
    const untilMs = (s.end.edge === 'from' ? c.fromMs : c.toMs) + s.end.shiftMinutes * MINUTE;
    if (s.allDay) {
      // A date: the last date an occurrence may have (those starting at or before the instant).
      rrule += `;UNTIL=${new Date(untilMs).toISOString().slice(0, 10).replace(/-/g, '')}`;
    } else if (s.naming === 'floating') {
      // Floating DTSTART, floating UNTIL (RFC 5545 3.3.10).
      rrule += `;UNTIL=${basic(wallIn(s.zone, untilMs))}`;
    } else {
      rrule += `;UNTIL=${utcBasic(untilMs)}`;
    }
  }
  const master = [
    'BEGIN:VEVENT',
    'UID:wide-1',
    stamp,
    timeProp(c, 'DTSTART', c.start),
    timeProp(c, 'DTEND', wallClockAt(wallClockMs(c.start) + lengthMs)),
    `RRULE:${rrule}`,
    ...c.exdates.map((w) => timeProp(c, 'EXDATE', w, { utc: s.exdatesInUtc && !s.allDay })),
    ...c.rdates.map((w) => timeProp(c, 'RDATE', w)),
    ...(s.tentative ? ['STATUS:TENTATIVE'] : []),
    'SUMMARY:Series of any age',
    'END:VEVENT',
  ];
  const overrides: string[][] = [];
  if (c.moved) {
    overrides.push([
      'BEGIN:VEVENT',
      'UID:wide-1',
      stamp,
      timeProp(c, 'RECURRENCE-ID', c.moved.original),
      timeProp(c, 'DTSTART', c.moved.start),
      timeProp(c, 'DTEND', c.moved.end),
      'END:VEVENT',
    ]);
  }
  if (c.cancelled) {
    overrides.push([
      'BEGIN:VEVENT',
      'UID:wide-1',
      stamp,
      timeProp(c, 'RECURRENCE-ID', c.cancelled),
      timeProp(c, 'DTSTART', c.cancelled),
      timeProp(c, 'DTEND', wallClockAt(wallClockMs(c.cancelled) + lengthMs)),
      'STATUS:CANCELLED',
      'END:VEVENT',
    ]);
  }
  const vtimezone = s.naming === 'vtimezone' && s.zone !== 'UTC' && !s.allDay ? VTIMEZONES[s.zone]! : [];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-platform//series of any age//EN',
    ...vtimezone,
    ...master,
    ...overrides.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * The oracle: the rule's occurrences (ical.js from DTSTART), less the EXDATEs (by reading; one
 * written in UTC by its instant, as the reader takes it), with the RDATEs (a set: one equal to an
 * occurrence counts once), the moved occurrence where its override says and the cancelled one
 * left out; each lasting DTEND − DTSTART exactly (RFC 5545 3.8.5.3); those reaching the window
 * (all-day ones a day either side).
 */
export function wideExpected(c: WideCase): BusyEvent[] {
  const { s, fromMs, toMs } = c;
  const lengthMs = s.allDay ? s.length * DAY : s.length * 15 * MINUTE;
  const exactMs = s.allDay
    ? 0
    : instantIn(s.zone, wallClockAt(wallClockMs(c.start) + lengthMs)) - instantIn(s.zone, c.start);
  const showAs = s.tentative ? 'tentative' : 'busy';
  const byReading = new Set(c.exdates.map(wallClockMs));
  const byInstant = new Set(s.exdatesInUtc && !s.allDay ? c.exdates.map((w) => placed(s, w)) : []);
  const byInstantReading = new Set([...byInstant].map((ms) => wallClockMs(wallIn(s.zone, ms))));
  const excluded = (w: WallClockTime) =>
    byReading.has(wallClockMs(w)) || byInstant.has(placed(s, w)) || byInstantReading.has(wallClockMs(w));
  const starts = new Map<number, WallClockTime>();
  const reach = (s.allDay ? 2 : 1) * DAY + lengthMs;
  for (const w of [...c.occurrences, ...c.rdates]) {
    if (wallClockMs(w) < fromMs - reach - 2 * DAY || wallClockMs(w) > toMs + 3 * DAY) continue;
    if (!excluded(w)) starts.set(wallClockMs(w), w);
  }
  const out: BusyEvent[] = [];
  const push = (start: WallClockTime, endMs: number | null, kind: BusyEvent['showAs']) => {
    if (s.allDay) {
      const startsAtMs = placed(s, start);
      const endsAtMs = endMs ?? startsAtMs + lengthMs;
      if (endsAtMs > fromMs - DAY && startsAtMs < toMs + DAY) {
        const startDate = new Date(startsAtMs).toISOString().slice(0, 10);
        const endDate = new Date(endsAtMs).toISOString().slice(0, 10);
        out.push({ startsAtMs, endsAtMs, allDay: { startDate, endDate }, showAs: kind });
      }
      return;
    }
    const startsAtMs = placed(s, start);
    const endsAtMs = endMs ?? startsAtMs + exactMs;
    if (endsAtMs > startsAtMs && endsAtMs > fromMs && startsAtMs < toMs)
      out.push({ startsAtMs, endsAtMs, showAs: kind });
  };
  for (const w of starts.values()) {
    if (c.cancelled && wallClockMs(c.cancelled) === wallClockMs(w)) continue;
    if (c.moved && wallClockMs(c.moved.original) === wallClockMs(w)) continue;
    push(w, null, showAs);
  }
  // The moved occurrence, by its own times (busy: the override says nothing of STATUS).
  if (c.moved) push(c.moved.start, placed(s, c.moved.end), 'busy');
  return out;
}

/** Whether every expected interval is covered by the read ones (the read may block more). */
export function covers(
  read: readonly BusyEvent[],
  expected: readonly BusyEvent[],
  fromMs: number,
  toMs: number,
): boolean {
  const timed = read.filter((e) => !e.allDay).sort((a, b) => a.startsAtMs - b.startsAtMs);
  const allDay = new Set(read.filter((e) => e.allDay).map((e) => `${e.allDay!.startDate}..${e.allDay!.endDate}`));
  return expected.every((e) => {
    if (e.allDay && allDay.has(`${e.allDay.startDate}..${e.allDay.endDate}`)) return true;
    let at = Math.max(e.startsAtMs, fromMs);
    const end = Math.min(e.endsAtMs, toMs);
    for (const r of timed) if (r.startsAtMs <= at && r.endsAtMs > at) at = Math.max(at, r.endsAtMs);
    return at >= end;
  });
}
