/**
 * The occurrences of one RRULE from a point in its series on, at a cost bounded by what is
 * walked near and inside the window, not by the series' age (docs/decisions.md "Integrations",
 * "Series of any age"). ical.js's RecurIterator does the walking, as it does for the whole
 * series, so a rule means the same read from DTSTART or from later on:
 *
 * - **Skipped ahead.** A rule's occurrences repeat by period (FREQ × INTERVAL, counted from
 *   DTSTART's period, on the series' wall clock: RFC 5545 expands before placing in time), and
 *   what ical.js yields in a period depends only on that period (BYxxx lists, BYSETPOS within
 *   the period) for the shapes listed in `SKIPPABLE`. So the walk starts at DTSTART moved by
 *   whole periods to the period before the one the window needs (same place in its period, so the
 *   parts ical.js defaults from DTSTART stay the same), and what that first period yields is
 *   dropped: an iterator's first period may yield DTSTART itself even where the rule would not.
 * - **COUNT.** Counting needs the occurrences from DTSTART on. For rules where every period has
 *   the same number m of them (`perPeriod`), occurrences before period p are those of DTSTART's
 *   own period plus (p − 1) × m; the first two periods are walked from DTSTART to count the first
 *   and check m, and the walk then skips as above with COUNT applied by hand.
 * - **Walked from DTSTART** otherwise (and when the window is within two periods of DTSTART).
 *
 * Every walk has a budget of iterator steps (`STEP_BUDGET`), counted inside ical.js (each
 * candidate it tests, each day it scans for BYSETPOS), so a rule that matches rarely or never (ical.js loops forever on
 * `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`) costs at most the budget: past it the walk throws
 * `WalkLimitError`, and the caller blocks the time from the last occurrence known on.
 */
import ICAL from 'ical.js';
import { wallClockAt, wallClockMs, type WallClockTime } from '@svc/wall-clock';
import { DAY_MS } from '@svc/rules';

/**
 * Steps of ical.js's iterator one series may take in one read: a candidate time tested, a day
 * scanned for BYSETPOS. A step costs ical.js some 20–50 µs, so the bound is 40–100 ms on an idle
 * core (a read must answer within the booking's deadline on a busy one too); an hourly series
 * over 35 days takes some 840 steps, a half-hourly one 1,700.
 */
export const STEP_BUDGET = 2_000;

/** The walk spent its budget before reaching the end of what it was asked for. */
export class WalkLimitError extends Error {
  override readonly name = 'WalkLimitError';
}

/** The step budget of one series' reading, shared by its RRULEs. */
export interface Budget {
  left: number;
}

export interface RuleWalk {
  /** The next occurrence's start (in DTSTART's zone and form, ascending), or null when the rule has no more. */
  next(): ICAL.Time | null;
  /** Wall-clock ms before which every occurrence the caller needs has been yielded. */
  readonly knownUntilWallMs: number;
}

/**
 * A walk of `rule` (the series' DTSTART `dtstart`) yielding, in order, every occurrence that
 * starts at or after wall-clock `fromWallMs` (earlier ones may come too).
 */
export function walkRule(given: ICAL.Recur, dtstart: ICAL.Time, fromWallMs: number, budget: Budget): RuleWalk {
  const rule = (given.count ? weeklyForm(given, dtstart) : null) ?? given;
  // COUNT is applied here: ical.js counts an occurrence twice where its walk meets the same time
  // again (FREQ=HOURLY;BYHOUR=… at the turn of a day), ending such a series early.
  const count = rule.count ?? Infinity;
  const uncounted = rule.clone();
  uncounted.count = null;
  const plain = () => iterate(uncounted, dtstart, -Infinity, budget, count, 0);
  const periods = periodsOf(rule, dtstart);
  if (periods === null || !Number.isFinite(fromWallMs)) return plain();
  const p = periods.indexOf(fromWallMs);
  if (p < 2) return plain();
  if (count === Infinity) {
    if (!skippable(rule)) return plain();
    const start = shiftedStart(periods, dtstart, p - 1);
    return start === null ? plain() : iterate(uncounted, start, periods.startOf(p), budget, Infinity, 0);
  }
  // COUNT with UNTIL is no RFC 5545 rule: walked from DTSTART.
  if (rule.until) return plain();
  const m = perPeriod(rule, dtstart);
  if (m === null) return plain();
  // DTSTART's own period and the next one, counted as ical.js yields them.
  const probe = guarded(uncounted, dtstart, budget);
  const t1 = periods.startOf(1);
  const t2 = periods.startOf(2);
  let first = 0;
  let second = 0;
  let next = probe.next();
  for (; next; next = probe.next()) {
    const at = wallClockMs(next);
    if (at >= t2) break;
    if (at < t1) first++;
    else second++;
  }
  // The rule ends within two periods (walked from DTSTART, it is short), or they differ from m.
  if (!next || second !== m) return plain();
  const before = first + (p - 1) * m;
  if (before >= count) return { next: () => null, knownUntilWallMs: Infinity };
  const start = shiftedStart(periods, dtstart, p - 1);
  if (start === null) return plain();
  return iterate(uncounted, start, periods.startOf(p), budget, count, before);
}

/**
 * ical.js's iterator of `rule` from `start`: occurrences before wall-clock `dropBeforeWallMs`
 * left out, at most `count` counted from `counted` on.
 */
function iterate(
  rule: ICAL.Recur,
  start: ICAL.Time,
  dropBeforeWallMs: number,
  budget: Budget,
  count: number,
  counted: number,
): RuleWalk {
  const it = guarded(rule, start, budget);
  let n = counted;
  const walk = {
    knownUntilWallMs: Number.isFinite(dropBeforeWallMs) ? dropBeforeWallMs : wallClockMs(start),
    next(): ICAL.Time | null {
      if (n >= count) return null;
      for (let time = it.next(); time; time = it.next()) {
        const at = wallClockMs(time);
        if (at < dropBeforeWallMs) continue;
        n++;
        walk.knownUntilWallMs = at;
        // ical.js goes on changing the object it returned.
        return time.clone();
      }
      walk.knownUntilWallMs = Infinity;
      return null;
    },
  };
  return walk;
}

interface IteratorInternals {
  init(): void;
  completed: boolean;
  check_contracting_rules(): boolean;
  is_day_in_byday(tt: unknown): 0 | 1;
  next(again?: boolean): ICAL.Time | null;
}

/** An iterator whose every step (a candidate tested, a day scanned) is taken from `budget`. */
function guarded(rule: ICAL.Recur, start: ICAL.Time, budget: Budget): { next(): ICAL.Time | null } {
  // Made initialized, so the steps are counted from its own initialization on.
  const it = new ICAL.RecurIterator({ rule, dtstart: start, initialized: true }) as unknown as IteratorInternals;
  const step = () => {
    if (--budget.left < 0) throw new WalkLimitError('the series took more steps than a read may');
  };
  const check = it.check_contracting_rules;
  const inByDay = it.is_day_in_byday;
  it.check_contracting_rules = function (this: IteratorInternals) {
    step();
    return check.call(this);
  };
  it.is_day_in_byday = function (this: IteratorInternals, tt: unknown) {
    step();
    return inByDay.call(this, tt);
  };
  try {
    it.init();
  } catch (err) {
    // A rule with no occurrence at all (ical.js's InvalidRecurrenceRuleError) yields nothing.
    if ((err as Error)?.constructor?.name !== 'InvalidRecurrenceRuleError') throw err;
    it.completed = true;
  }
  // Every call past the first tests at least one candidate (check_contracting_rules).
  return { next: () => it.next() };
}

type Freq = 'SECONDLY' | 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** The rule's periods: INTERVAL × FREQ from DTSTART's, on the wall clock. */
interface Periods {
  /** The period a wall-clock instant falls in (0 is DTSTART's; floored). */
  indexOf(wallMs: number): number;
  /** Where period k starts. */
  startOf(k: number): number;
  /** DTSTART moved k periods on, or null when that reading does not exist (the 31st of a short month, Feb 29). */
  shifted(k: number): WallClockTime | null;
}

const UNIT_MS: Partial<Record<Freq, number>> = {
  SECONDLY: 1_000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: DAY_MS,
  WEEKLY: 7 * DAY_MS,
};

function periodsOf(rule: ICAL.Recur, dtstart: ICAL.Time): Periods | null {
  const freq = rule.freq as Freq;
  const interval = rule.interval >= 1 ? Math.floor(rule.interval) : 1;
  const d = wallClockAt(wallClockMs(dtstart));
  const at = wallClockMs(d);
  const dayStart = Date.UTC(d.year, d.month - 1, d.day);
  const unit = UNIT_MS[freq];
  if (unit !== undefined) {
    // An all-day series (dates) runs by days or longer.
    if (dtstart.isDate && unit < DAY_MS) return null;
    let base: number;
    if (freq === 'SECONDLY') base = at;
    else if (freq === 'MINUTELY') base = at - d.second * 1_000;
    else if (freq === 'HOURLY') base = at - (d.minute * 60 + d.second) * 1_000;
    else if (freq === 'DAILY') base = dayStart;
    else {
      // ical.js weekdays: Sunday 1 … Saturday 7; WKST likewise (Monday 2 when not given).
      const weekday = new Date(dayStart).getUTCDay() + 1;
      const wkst = typeof rule.wkst === 'number' ? rule.wkst : ICAL.Time.MONDAY;
      base = dayStart - ((weekday - wkst + 7) % 7) * DAY_MS;
    }
    const step = interval * unit;
    return {
      indexOf: (w) => Math.floor((w - base) / step),
      startOf: (k) => base + k * step,
      shifted: (k) => wallClockAt(at + k * step),
    };
  }
  if (freq === 'MONTHLY') {
    return {
      indexOf: (w) => {
        const t = new Date(w);
        return Math.floor(((t.getUTCFullYear() - d.year) * 12 + (t.getUTCMonth() + 1 - d.month)) / interval);
      },
      startOf: (k) => Date.UTC(d.year, d.month - 1 + k * interval, 1),
      shifted: (k) => {
        const first = new Date(Date.UTC(d.year, d.month - 1 + k * interval, 1));
        const year = first.getUTCFullYear();
        const month = first.getUTCMonth() + 1;
        return d.day > daysIn(year, month) ? null : { ...d, year, month };
      },
    };
  }
  if (freq === 'YEARLY') {
    return {
      indexOf: (w) => Math.floor((new Date(w).getUTCFullYear() - d.year) / interval),
      startOf: (k) => Date.UTC(d.year + k * interval, 0, 1),
      shifted: (k) => {
        const year = d.year + k * interval;
        return d.day > daysIn(year, d.month) ? null : { ...d, year };
      },
    };
  }
  return null;
}

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * DTSTART moved to period k, or to an earlier period (not before 1) where its day exists; null
 * when none of the twelve before does.
 */
function shiftedStart(periods: Periods, dtstart: ICAL.Time, k: number): ICAL.Time | null {
  for (let j = k; j >= 1 && j > k - 12; j--) {
    const wall = periods.shifted(j);
    if (wall !== null) return ICAL.Time.fromData({ ...wall, isDate: dtstart.isDate }, dtstart.zone);
  }
  return null;
}

const TIME_PARTS = ['BYSECOND', 'BYMINUTE', 'BYHOUR'] as const;

/**
 * `FREQ=DAILY;BYDAY=MO,WE,FR` (INTERVAL 1, plain weekdays, at most times of day besides, DTSTART
 * on one of them) yields
 * exactly what `FREQ=WEEKLY;BYDAY=MO,WE,FR` does, and a week of it always has the same number of
 * occurrences where a day does not: in weekly form its COUNT is carried over skipped weeks
 * instead of walked from DTSTART (the "standing meeting on three weekdays" of any age).
 */
function weeklyForm(rule: ICAL.Recur, dtstart: ICAL.Time): ICAL.Recur | null {
  const parts = rule.parts as Record<string, Array<number | string> | undefined>;
  const days = parts.BYDAY;
  if (rule.freq !== 'DAILY' || (rule.interval ?? 1) !== 1 || !days || days.length === 0) return null;
  if (!days.every((d) => PLAIN_DAY.test(String(d)))) return null;
  // A DTSTART on another weekday is an occurrence of its own (RFC 5545 3.8.5.3), which ical.js
  // yields for the daily rule and not for the weekly one.
  if (!days.map(String).includes(WEEKDAYS[dtstart.dayOfWeek() - 1]!)) return null;
  const allowed: readonly string[] = [...TIME_PARTS, 'BYDAY'];
  if (!Object.keys(parts).every((p) => allowed.includes(p) || (parts[p]?.length ?? 0) === 0)) return null;
  const weekly = rule.clone();
  weekly.freq = 'WEEKLY';
  return weekly;
}

/**
 * Rule parts whose occurrences ical.js finds from each period alone. Left out: BYWEEKNO and
 * BYYEARDAY (rare, and ical.js's reading of them is partial), the part of FREQ's own unit
 * (BYHOUR of an HOURLY rule: ical.js walks its list through the day, ignoring INTERVAL, from
 * where DTSTART left it), BYSETPOS outside MONTHLY and
 * YEARLY (ical.js ignores it there), BYMONTH with FREQ=MONTHLY (ical.js walks its list of
 * months, not INTERVAL, so where it stands depends on the walk before), and with FREQ=YEARLY a
 * BYMONTHDAY past the 28th (ical.js fits it to the month it last stood in: Feb 29 becomes Mar 1
 * in a common year, or not, depending on the walk before).
 */
const SKIPPABLE: Record<Freq, ReadonlySet<string>> = {
  SECONDLY: new Set(['BYDAY', 'BYMONTHDAY', 'BYMONTH']),
  MINUTELY: new Set(['BYSECOND', 'BYDAY', 'BYMONTHDAY', 'BYMONTH']),
  HOURLY: new Set(['BYSECOND', 'BYMINUTE', 'BYDAY', 'BYMONTHDAY', 'BYMONTH']),
  DAILY: new Set([...TIME_PARTS, 'BYDAY', 'BYMONTHDAY', 'BYMONTH']),
  WEEKLY: new Set([...TIME_PARTS, 'BYDAY', 'BYMONTH']),
  MONTHLY: new Set([...TIME_PARTS, 'BYDAY', 'BYMONTHDAY', 'BYSETPOS']),
  YEARLY: new Set([...TIME_PARTS, 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS']),
};

function skippable(rule: ICAL.Recur): boolean {
  const allowed = SKIPPABLE[rule.freq as Freq];
  if (allowed === undefined || !Object.keys(rule.parts).every((part) => allowed.has(part))) return false;
  const monthDays = (rule.parts as Record<string, unknown[] | undefined>).BYMONTHDAY ?? [];
  return rule.freq !== 'YEARLY' || monthDays.every((d) => Number(d) >= 1 && Number(d) <= 28);
}

const PLAIN_DAY = /^(MO|TU|WE|TH|FR|SA|SU)$/;
/** ICAL.Time#dayOfWeek's days (1 is Sunday), as BYDAY names them. */
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const NTH_DAY = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/;

/**
 * The occurrences every period of the rule has, or null when periods differ (months without a
 * 31st, five Fridays in some months, a filter on days): the shapes whose count is plain from
 * the rule, for COUNT to be carried over skipped periods. walkRule checks it on DTSTART's next
 * period before relying on it.
 */
function perPeriod(rule: ICAL.Recur, dtstart: ICAL.Time): number | null {
  const freq = rule.freq as Freq;
  const parts = rule.parts as Record<string, Array<number | string> | undefined>;
  const distinct = (name: string) => new Set(parts[name] ?? []).size;
  const has = (name: string) => (parts[name]?.length ?? 0) > 0;
  const others = (allowed: string[]) => Object.keys(parts).every((p) => allowed.includes(p) || !has(p));
  // The times of day each day's occurrence is expanded to (the parts finer than FREQ).
  const finer: Record<Freq, readonly string[]> = {
    SECONDLY: [],
    MINUTELY: ['BYSECOND'],
    HOURLY: ['BYSECOND', 'BYMINUTE'],
    DAILY: TIME_PARTS,
    WEEKLY: TIME_PARTS,
    MONTHLY: TIME_PARTS,
    YEARLY: TIME_PARTS,
  };
  if (finer[freq] === undefined) return null;
  let times = 1;
  for (const part of finer[freq]) if (has(part)) times *= distinct(part);
  const timeParts = [...finer[freq]];
  switch (freq) {
    case 'SECONDLY':
    case 'MINUTELY':
    case 'HOURLY':
    case 'DAILY':
      return others(timeParts) ? times : null;
    case 'WEEKLY': {
      if (!others([...timeParts, 'BYDAY'])) return null;
      if (!has('BYDAY')) return times;
      const days = parts.BYDAY!.map(String);
      return days.every((d) => PLAIN_DAY.test(d)) ? new Set(days).size * times : null;
    }
    case 'MONTHLY': {
      if (has('BYSETPOS')) {
        // One set of days per month, no time of day expanded: BYSETPOS picks from the days.
        if (!others(['BYDAY', 'BYSETPOS']) || !has('BYDAY')) return null;
        const days = parts.BYDAY!.map(String);
        if (!days.every((d) => PLAIN_DAY.test(d))) return null;
        // Every weekday comes at least four times a month.
        const size = 4 * new Set(days).size;
        const positions = parts.BYSETPOS!.map(Number);
        const inRange = positions.every((p) => p >= 1 && p <= size) || positions.every((p) => p <= -1 && p >= -size);
        return inRange ? new Set(positions).size : null;
      }
      if (has('BYDAY')) {
        if (!others([...timeParts, 'BYDAY'])) return null;
        const nth = parts.BYDAY!.map((d) => NTH_DAY.exec(String(d)));
        if (nth.some((m) => m === null)) return null;
        const n = nth.map((m) => Number(m![1]));
        // The first to fourth, or the last to fourth-last, of a weekday: every month has them.
        const fits = n.every((k) => k >= 1 && k <= 4) || n.every((k) => k <= -1 && k >= -4);
        return fits ? new Set(parts.BYDAY!.map(String)).size * times : null;
      }
      if (has('BYMONTHDAY')) {
        if (!others([...timeParts, 'BYMONTHDAY'])) return null;
        const days = parts.BYMONTHDAY!.map(Number);
        const fits = days.every((k) => k >= 1 && k <= 28) || days.every((k) => k <= -1 && k >= -28);
        return fits ? new Set(days).size * times : null;
      }
      return others(timeParts) && dtstart.day <= 28 ? times : null;
    }
    case 'YEARLY': {
      if (!others([...timeParts, 'BYMONTH', 'BYMONTHDAY'])) return null;
      if (has('BYMONTHDAY')) {
        if (!has('BYMONTH')) return null;
        const days = parts.BYMONTHDAY!.map(Number);
        return days.every((k) => k >= 1 && k <= 28) ? new Set(days).size * distinct('BYMONTH') * times : null;
      }
      if (dtstart.day > 28) return null;
      return has('BYMONTH') ? distinct('BYMONTH') * times : times;
    }
  }
  return null;
}
