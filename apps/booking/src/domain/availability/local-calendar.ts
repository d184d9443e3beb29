// The only place the engine does wall-clock math, and it goes through luxon (docs/architecture.md
// "Code rules": never hand-rolled offsets). It is called per local day and per rule boundary, never per slot.
//
// Wall clock → instant, the documented choice (the convention of RFC 5545 §3.3.5 and of
// Temporal's default `disambiguation: 'compatible'`):
// - a wall-clock time that does not exist (spring-forward gap) is read with the offset in force
//   before the gap, i.e. moved forward by the gap: Europe/Berlin 2026-03-29 02:30 → 03:30 CEST.
//   This is luxon's own behaviour.
// - a wall-clock time that occurs twice (fall-back) is its FIRST occurrence: Europe/Berlin
//   2026-10-25 02:30 → 02:30 CEST (00:30Z). luxon alone would pick the second, so we ask it for
//   both (`getPossibleOffsets`) and keep the earlier.
// - minute 1440 is the next local midnight, resolved the same way.

import { LruCache, type LruBounds } from '@svc/cache';
import { DAY_MS, MINUTE_MS, MINUTES_PER_DAY } from '@svc/rules';
import { DateTime, IANAZone } from 'luxon';
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

/** The zone, or a RangeError naming it when luxon does not know it. */
export function zoneOf(timezone: string): IANAZone {
  const zone = IANAZone.create(timezone);
  if (!zone.isValid) throw new RangeError(`unknown IANA time zone: ${JSON.stringify(timezone)}`);
  return zone;
}

/**
 * One wall-clock reading → instant through luxon. Only a day longer than 24 h (fall-back) can
 * repeat a reading, so only then are both candidates asked for (`getPossibleOffsets` costs about
 * three plain resolutions).
 */
function resolveWallClock(zone: IANAZone, dayNumber: number, minute: number, mayRepeat = true): number {
  const c = civilDay(dayNumber + Math.floor(minute / MINUTES_PER_DAY));
  const m = minute % MINUTES_PER_DAY;
  const dt = DateTime.fromObject(
    { year: c.year, month: c.month, day: c.day, hour: Math.floor(m / 60), minute: m % 60 },
    { zone },
  );
  let best = dt.toMillis();
  // Stryker disable next-line ConditionalExpression: equivalent, asking luxon for the other offsets when none can repeat gives the same instant (docs/testing.md)
  if (mayRepeat) for (const alt of dt.getPossibleOffsets()) best = Math.min(best, alt.toMillis());
  return best;
}

/**
 * The exact conversion, one luxon resolution per call: `isoDate` at `minute` (0–1440) of the
 * wall clock in `timezone`, disambiguated as documented above. The calendar below returns the
 * same instants; this is its reference (and is handy in tests).
 */
export function wallClockToInstant(timezone: string, isoDate: string, minute: number): number {
  const [y, mo, d] = isoDate.split('-').map(Number);
  return resolveWallClock(zoneOf(timezone), dayNumberOf(y as number, mo as number, d as number), minute);
}

/**
 * The midnights remembered at most: a caller chooses the days (any window up to year 9999), so
 * the memo is bounded in entries and in bytes (a luxon DateTime holds about 700 bytes), and keeps
 * the most recently used (docs/operations.md "Memory bounds").
 */
export const MIDNIGHT_MEMO_BOUNDS: LruBounds = { maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 };
const DATE_TIME_BYTES = 700;
const midnightMemo = new LruCache<DateTime>({ ...MIDNIGHT_MEMO_BOUNDS, sizeOf: () => DATE_TIME_BYTES });

/** How many midnights the memo holds now, and their approximate bytes (tests). */
export const midnightMemoUse = (): { entries: number; bytes: number } => ({
  entries: midnightMemo.size,
  bytes: midnightMemo.bytes,
});

/**
 * A zone's local midnight of a day. A function of the tz database alone and luxon's DateTime is
 * immutable, so it is memoized across calls: resolving it is most of a computeSlots call's cost.
 */
function localMidnight(zone: IANAZone, dayNumber: number): DateTime {
  const key = `${zone.name}|${dayNumber}`;
  let dt = midnightMemo.get(key);
  // Stryker disable next-line ConditionalExpression: equivalent, a memo: computing the midnight again gives the same instant (docs/testing.md)
  if (dt === undefined) {
    const c = civilDay(dayNumber);
    dt = DateTime.fromObject({ year: c.year, month: c.month, day: c.day }, { zone });
    midnightMemo.set(key, dt);
  }
  return dt;
}

/**
 * The local days of one zone that touch an instant range (plus one day either side, so a
 * rule occurrence or holiday that reaches into the range is never missed), with a cheap
 * wall-clock → instant conversion for them.
 *
 * Cost: one luxon resolution per day (its midnight, memoized across calls). On a day whose midnight and next midnight
 * share one UTC offset and lie exactly 24 h apart, and whose midnight is a single reading, no
 * offset change happens anywhere in it, so minute m is that midnight plus m minutes. (This relies
 * on no zone changing its offset twice within one day, which holds for every zone in the tz
 * database.) Any other day (in practice: the DST day itself) is resolved through luxon boundary
 * by boundary.
 */
export class LocalCalendar {
  readonly days: readonly LocalDay[];
  /** Indices into `days`, per weekday (0 = Sunday). */
  readonly daysByWeekday: readonly (readonly number[])[];
  private readonly zone: IANAZone;
  private readonly firstDayNumber: number;
  /** midnights[k] = local midnight of day index k − 1 (one extra each side). */
  private readonly midnights: number[] = [];
  private readonly plain: boolean[] = [];
  /** The day is long enough for a wall-clock reading to occur twice. */
  private readonly mayRepeat: boolean[] = [];
  private readonly indexByIso = new Map<string, number>();
  private readonly exactCache = new Map<number, number>();

  constructor(
    readonly timezone: string,
    fromMs: number,
    toMs: number,
  ) {
    this.zone = zoneOf(timezone);
    // Stryker disable next-line ObjectLiteral: equivalent, the calendar adds a day either side, which absorbs any offset under 24 h (docs/testing.md)
    const first = DateTime.fromMillis(fromMs, { zone: this.zone });
    // Stryker disable next-line ObjectLiteral: equivalent, the calendar adds a day either side, which absorbs any offset under 24 h (docs/testing.md)
    const last = DateTime.fromMillis(Math.max(fromMs, toMs), { zone: this.zone });
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

    const midnightTimes: DateTime[] = [];
    // Stryker disable next-line EqualityOperator,ConditionalExpression,BlockStatement: equivalent, fills the plain-day fast path; without it every reading is asked of luxon, same instant (docs/testing.md)
    for (let n = this.firstDayNumber - 1; n <= lastDayNumber + 1; n++) {
      const dt = localMidnight(this.zone, n);
      midnightTimes.push(dt);
      this.midnights.push(dt.toMillis());
    }
    // steady(k): no offset change between midnightTimes[k] and [k + 1].
    // Stryker disable next-line ArrowFunction: equivalent, decides only the plain-day fast path; luxon gives the same instant (docs/testing.md)
    const steady = (k: number): boolean =>
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator: equivalent, decides only the plain-day fast path; luxon gives the same instant (docs/testing.md)
      (this.midnights[k + 1] as number) - (this.midnights[k] as number) === DAY_MS &&
      // Stryker disable next-line ConditionalExpression,OptionalChaining,EqualityOperator,ArithmeticOperator: equivalent, decides only the plain-day fast path; luxon gives the same instant (docs/testing.md)
      midnightTimes[k]?.offset === midnightTimes[k + 1]?.offset;
    // Stryker disable next-line EqualityOperator,ConditionalExpression,BlockStatement: equivalent, fills the plain-day fast path; luxon gives the same instant (docs/testing.md)
    for (let i = 0; i < days.length; i++) {
      // Day i runs from midnightTimes[i + 1] to [i + 2]. Its own midnight is a single, existing
      // reading unless an offset change just before it made 00:00 repeat; only after a
      // non-steady day is that worth asking luxon.
      // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: equivalent, decides only the plain-day fast path; luxon gives the same instant (docs/testing.md)
      const midnightIsSingle = steady(i) || (midnightTimes[i + 1]?.getPossibleOffsets().length ?? 0) === 1;
      // Stryker disable next-line ConditionalExpression: equivalent, decides only the plain-day fast path; luxon gives the same instant (docs/testing.md)
      this.plain.push(steady(i + 1) && midnightIsSingle);
      this.mayRepeat.push(
        // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, a day that may repeat readings only asks luxon for every offset; same instant (docs/testing.md)
        (this.midnights[i + 2] as number) - (this.midnights[i + 1] as number) > DAY_MS || !midnightIsSingle,
      );
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
    // Stryker disable next-line ConditionalExpression: equivalent, the plain-day fast path; luxon gives the same instant (docs/testing.md)
    if (this.plain[dayIndex]) return (this.midnights[dayIndex + 1] as number) + minute * MINUTE_MS;
    // Stryker disable next-line ArithmeticOperator: equivalent, a cache key: still one key per (day, minute) (docs/testing.md)
    const key = dayIndex * (MINUTES_PER_DAY + 1) + minute;
    let value = this.exactCache.get(key);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache: computing the reading again gives the same instant (docs/testing.md)
    if (value === undefined) {
      // Minute 1440 belongs to the next day, which may repeat readings even if this one does not.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a repeated next midnight already makes the day longer than 24 h and sets mayRepeat (docs/testing.md)
      const mayRepeat = minute >= MINUTES_PER_DAY || this.mayRepeat[dayIndex] !== false;
      value = resolveWallClock(this.zone, this.firstDayNumber + dayIndex, minute, mayRepeat);
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
