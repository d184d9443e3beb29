// The engine's wall-clock math: everything zone-related goes through @svc/wall-clock
// (docs/architecture.md "Code rules": never hand-rolled offsets). It is called per local day and
// per rule boundary, never per slot.
//
// Wall clock → instant, the documented choice (the convention of RFC 5545 §3.3.5 and of
// Temporal's default `disambiguation: 'compatible'`, @svc/wall-clock's `wallClockInstant`):
// - a wall-clock time that does not exist (spring-forward gap) is read with the offset in force
//   before the gap, i.e. moved forward by the gap: Europe/Berlin 2026-03-29 02:30 → 03:30 CEST.
// - a wall-clock time that occurs twice (fall-back) is its FIRST occurrence: Europe/Berlin
//   2026-10-25 02:30 → 02:30 CEST (00:30Z).
// - minute 1440 is the next local midnight, resolved the same way.

import { LruCache, type LruBounds } from '@svc/cache';
import { DAY_MS, MINUTE_MS, MINUTES_PER_DAY } from '@svc/rules';
import { assertTimeZone, offsetAt, wallClockInstant, wallClockInstants, wallClockOf } from '@svc/wall-clock';
import { lastIndexAtOrBefore } from './intervals.js';

export interface LocalDay {
  year: number;
  month: number;
  day: number;
  /** YYYY-MM-DD */
  iso: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

// Civil-date arithmetic (which date follows which, and its weekday) involves no zone at all, so a
// day number on the proleptic Gregorian calendar is enough; UTC Date is used as that calendar.
function dayNumberOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function civilDay(dayNumber: number): LocalDay {
  const d = new Date(dayNumber * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  // Stryker disable next-line StringLiteral: equivalent, padding differs only for years before 1000 (docs/testing.md)
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { year, month, day, iso, weekday: d.getUTCDay() };
}

/** The instant at which the wall clock of `zone` reads `minute` (0–1440) of a day. */
function resolveWallClock(zone: string, dayNumber: number, minute: number): number {
  const c = civilDay(dayNumber);
  return wallClockInstant({ year: c.year, month: c.month, day: c.day, hour: 0, minute, second: 0 }, zone);
}

/** A local midnight: its instant, the zone's offset then, and whether the reading 00:00 occurs twice. */
interface Midnight {
  ms: number;
  offset: number;
  repeated: boolean;
}

/**
 * The midnights remembered at most: a caller chooses the days (any window up to year 9999), so
 * the memo is bounded in entries and in bytes, and keeps the most recently used
 * (docs/operations.md "Memory bounds").
 */
export const MIDNIGHT_MEMO_BOUNDS: LruBounds = { maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 };
const MIDNIGHT_BYTES = 120;
const midnightMemo = new LruCache<Midnight>({ ...MIDNIGHT_MEMO_BOUNDS, sizeOf: () => MIDNIGHT_BYTES });

/** How many midnights the memo holds now, and their approximate bytes (tests). */
export const midnightMemoUse = (): { entries: number; bytes: number } => ({
  entries: midnightMemo.size,
  bytes: midnightMemo.bytes,
});

/**
 * A zone's local midnight of a day. A function of the tz database alone, so it is memoized
 * across calls: resolving it is most of a computeSlots call's cost.
 */
function localMidnight(zone: string, dayNumber: number): Midnight {
  const key = `${zone}|${dayNumber}`;
  let midnight = midnightMemo.get(key);
  // Stryker disable next-line ConditionalExpression: equivalent, a memo: computing the midnight again gives the same instant (docs/testing.md)
  if (midnight === undefined) {
    const c = civilDay(dayNumber);
    const wall = { year: c.year, month: c.month, day: c.day, hour: 0, minute: 0, second: 0 };
    const ms = wallClockInstant(wall, zone);
    midnight = { ms, offset: offsetAt(ms, zone), repeated: wallClockInstants(wall, zone).length > 1 };
    midnightMemo.set(key, midnight);
  }
  return midnight;
}

/**
 * The local days of one zone that touch an instant range (plus one day either side, so a
 * rule occurrence or holiday that reaches into the range is never missed), with a cheap
 * wall-clock → instant conversion for them.
 *
 * Cost: one resolution per day (its midnight, memoized across calls). On a day whose midnight and
 * next midnight share one UTC offset and lie exactly 24 h apart, and whose midnight is a single
 * reading, no offset change happens anywhere in it, so minute m is that midnight plus m minutes.
 * (This relies on no zone changing its offset twice within one day, which holds for every zone in
 * the tz database.) Any other day (in practice: the DST day itself) is resolved boundary by
 * boundary.
 */
export class LocalCalendar {
  readonly days: readonly LocalDay[];
  /** Indices into `days`, per weekday (0 = Sunday). */
  readonly daysByWeekday: readonly (readonly number[])[];
  private readonly zone: string;
  private readonly firstDayNumber: number;
  /** midnights[k] = local midnight of day index k − 1 (one extra each side). */
  private readonly midnights: number[] = [];
  private readonly plain: boolean[] = [];
  private readonly indexByIso = new Map<string, number>();
  private readonly exactCache = new Map<number, number>();

  constructor(
    readonly timezone: string,
    fromMs: number,
    toMs: number,
  ) {
    this.zone = assertTimeZone(timezone);
    // Stryker disable next-line ObjectLiteral: equivalent, the calendar adds a day either side, which absorbs any offset under 24 h (docs/testing.md)
    const first = wallClockOf(fromMs, this.zone);
    // Stryker disable next-line ObjectLiteral: equivalent, the calendar adds a day either side, which absorbs any offset under 24 h (docs/testing.md)
    const last = wallClockOf(Math.max(fromMs, toMs), this.zone);
    this.firstDayNumber = dayNumberOf(first.year, first.month, first.day) - 1;
    const lastDayNumber = dayNumberOf(last.year, last.month, last.day) + 1;

    const days: LocalDay[] = [];
    const byWeekday: number[][] = [[], [], [], [], [], [], []];
    for (let n = this.firstDayNumber; n <= lastDayNumber; n++) {
      const day = civilDay(n);
      this.indexByIso.set(day.iso, days.length);
      // Stryker disable next-line OptionalChaining: equivalent, all seven weekday lists exist (docs/testing.md)
      byWeekday[day.weekday]?.push(days.length);
      days.push(day);
    }
    this.days = days;
    this.daysByWeekday = byWeekday;

    const midnightTimes: Midnight[] = [];
    // Stryker disable next-line EqualityOperator,ConditionalExpression,BlockStatement: equivalent, fills the plain-day fast path; without it every reading is resolved exactly, same instant (docs/testing.md)
    for (let n = this.firstDayNumber - 1; n <= lastDayNumber + 1; n++) {
      const midnight = localMidnight(this.zone, n);
      midnightTimes.push(midnight);
      this.midnights.push(midnight.ms);
    }
    // steady(k): no offset change between midnightTimes[k] and [k + 1].
    // Stryker disable next-line ArrowFunction: equivalent, decides only the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
    const steady = (k: number): boolean =>
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator: equivalent, decides only the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
      (this.midnights[k + 1] as number) - (this.midnights[k] as number) === DAY_MS &&
      // Stryker disable next-line ConditionalExpression,OptionalChaining,EqualityOperator,ArithmeticOperator: equivalent, decides only the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
      midnightTimes[k]?.offset === midnightTimes[k + 1]?.offset;
    // Stryker disable next-line EqualityOperator,ConditionalExpression,BlockStatement: equivalent, fills the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
    for (let i = 0; i < days.length; i++) {
      // Day i runs from midnightTimes[i + 1] to [i + 2]. Its own midnight is a single, existing
      // reading unless an offset change just before it made 00:00 repeat.
      // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: equivalent, decides only the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
      const midnightIsSingle = steady(i) || midnightTimes[i + 1]?.repeated === false;
      // Stryker disable next-line ConditionalExpression: equivalent, decides only the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
      this.plain.push(steady(i + 1) && midnightIsSingle);
    }
  }

  /** Index into `days` of a YYYY-MM-DD date, when it is in range. */
  indexOf(isoDate: string): number | undefined {
    return this.indexByIso.get(isoDate);
  }

  /** Index into `days` of the local day `instantMs` lies in, when it is in range. */
  dayIndexAt(instantMs: number): number | undefined {
    // midnights[k] opens day k − 1.
    const day = lastIndexAtOrBefore(this.midnights, instantMs) - 1;
    return day >= 0 && day < this.days.length ? day : undefined;
  }

  /** The instant at which the wall clock of day `dayIndex` reads `minute` (0–1440). */
  instant(dayIndex: number, minute: number): number {
    // Stryker disable next-line ConditionalExpression: equivalent, the plain-day fast path; the exact resolution gives the same instant (docs/testing.md)
    if (this.plain[dayIndex]) return (this.midnights[dayIndex + 1] as number) + minute * MINUTE_MS;
    // Stryker disable next-line ArithmeticOperator: equivalent, a cache key: still one key per (day, minute) (docs/testing.md)
    const key = dayIndex * (MINUTES_PER_DAY + 1) + minute;
    let value = this.exactCache.get(key);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache: computing the reading again gives the same instant (docs/testing.md)
    if (value === undefined) {
      value = resolveWallClock(this.zone, this.firstDayNumber + dayIndex, minute);
      this.exactCache.set(key, value);
    }
    return value;
  }
}

/** One calendar per zone over the same instant range, built on first use. */
export class CalendarCache {
  private readonly byZone = new Map<string, LocalCalendar>();

  constructor(
    private readonly fromMs: number,
    private readonly toMs: number,
  ) {}

  get(timezone: string): LocalCalendar {
    let calendar = this.byZone.get(timezone);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache: building the calendar again gives the same answers (docs/testing.md)
    if (!calendar) {
      calendar = new LocalCalendar(timezone, this.fromMs, this.toMs);
      this.byZone.set(timezone, calendar);
    }
    return calendar;
  }
}
