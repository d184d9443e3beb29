// Weekly rules and holidays → absolute intervals over the query range, once per query (one
// luxon resolution per local day, see local-calendar.ts), so the slot loop only compares numbers.

import { MINUTES_PER_DAY } from '@svc/rules';
import type { Interval } from './intervals.js';
import type { CalendarCache, LocalCalendar } from './local-calendar.js';
import type { DateOverrideInput, HolidayInput, WeeklyRuleInput } from './types.js';

/** One local day's occurrence of a weekly rule, clipped to the rule's effective window. */
export interface RuleOccurrence extends Interval {
  /**
   * Where the occurrence opens on the wall clock, before clipping. Slot starts are counted from
   * here, so an effective window that begins mid-morning never shifts the slot grid.
   */
  anchorMs: number;
}

/** Malformed rules contribute nothing; the catalog rejects them on create. */
export function isWellFormedRule(rule: WeeklyRuleInput): boolean {
  return (
    Number.isInteger(rule.weekday) &&
    rule.weekday >= 0 &&
    rule.weekday <= 6 &&
    Number.isInteger(rule.startMinute) &&
    Number.isInteger(rule.endMinute) &&
    rule.startMinute >= 0 &&
    rule.startMinute < rule.endMinute &&
    rule.endMinute <= MINUTES_PER_DAY
  );
}

/**
 * Every occurrence of `rules` on the local days the calendars cover, sorted by start.
 *
 * An occurrence is `[wall(startMinute), wall(endMinute))` of a local day whose weekday is the
 * rule's, in the rule's own zone (an empty zone falls back to `fallbackTimezone`). Across a DST
 * change that interval is simply longer or shorter in real time: a 01:00–04:00 rule lasts 2 h on
 * a spring-forward day and 4 h on a fall-back day. A rule lying wholly inside a spring-forward gap
 * (02:30–03:00 in Berlin) has no occurrence that day. The effective window `[from, until)` clips
 * the occurrence.
 */
export function expandWeeklyRules(
  rules: Iterable<WeeklyRuleInput>,
  calendars: CalendarCache,
  fallbackTimezone: string,
): RuleOccurrence[] {
  const out: RuleOccurrence[] = [];
  for (const rule of rules) {
    if (!isWellFormedRule(rule)) continue;
    const calendar = calendars.get(rule.timezone || fallbackTimezone);
    const from = rule.effectiveFromAtMs ?? Number.NEGATIVE_INFINITY;
    const until = rule.effectiveUntilAtMs ?? Number.POSITIVE_INFINITY;
    for (const i of calendar.daysByWeekday[rule.weekday] ?? []) {
      const anchorMs = calendar.instant(i, rule.startMinute);
      const startMs = Math.max(anchorMs, from);
      const endMs = Math.min(calendar.instant(i, rule.endMinute), until);
      if (endMs > startMs) out.push({ anchorMs, startMs, endMs });
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.anchorMs - b.anchorMs);
}

/**
 * Each holiday as its local day `[midnight, next midnight)` in the tenant's zone (23 or 25 h on a
 * DST day). Holidays outside the calendar's days cannot touch the range and are skipped.
 */
export function holidayIntervals(holidays: Iterable<HolidayInput>, tenantCalendar: LocalCalendar): Interval[] {
  const out: Interval[] = [];
  for (const { date } of holidays) {
    const i = tenantCalendar.indexOf(date);
    if (i === undefined) continue;
    out.push({ startMs: tenantCalendar.instant(i, 0), endMs: tenantCalendar.instant(i, MINUTES_PER_DAY) });
  }
  return out;
}

/** One date override's whole local day, and whose override of which date it is (for explain). */
export interface OverrideDay extends Interval {
  ownerId: string;
  date: string;
}

/** An owner's date overrides as instants: the days they take over, and their windows. */
export interface OwnerOverrides {
  days: OverrideDay[];
  /** Each window as an occurrence anchored at its own opening (the slot grid starts there). */
  windows: RuleOccurrence[];
}

export const NO_OVERRIDES: OwnerOverrides = { days: [], windows: [] };

/**
 * The overrides on the calendar's days (docs/decisions.md "Date overrides"): a date's local day
 * `[midnight, next midnight)` in the calendar's zone (23 or 25 h on a DST day), and each window
 * `[wall(startMinute), wall(endMinute))` of it, read like a weekly rule's (a window inside a
 * spring-forward gap has no time that day). Dates outside the calendar cannot touch the range.
 */
export function expandOverrides(overrides: Iterable<DateOverrideInput>, calendar: LocalCalendar): OwnerOverrides {
  const days: OverrideDay[] = [];
  const windows: RuleOccurrence[] = [];
  for (const { ownerId, date, windows: wanted } of overrides) {
    const i = calendar.indexOf(date);
    if (i === undefined) continue;
    days.push({ startMs: calendar.instant(i, 0), endMs: calendar.instant(i, MINUTES_PER_DAY), ownerId, date });
    for (const w of wanted) {
      if (!(Number.isInteger(w.startMinute) && Number.isInteger(w.endMinute) && w.startMinute >= 0)) continue;
      if (!(w.startMinute < w.endMinute && w.endMinute <= MINUTES_PER_DAY)) continue;
      const startMs = calendar.instant(i, w.startMinute);
      const endMs = calendar.instant(i, w.endMinute);
      if (endMs > startMs) windows.push({ anchorMs: startMs, startMs, endMs });
    }
  }
  return { days, windows };
}

/**
 * Weekly occurrences with the override days cut out (what is left of an occurrence keeps its
 * anchor, so the grid of the rest of that rule does not move), plus the override windows; sorted
 * like expandWeeklyRules' answer.
 */
export function withOverrides(occurrences: readonly RuleOccurrence[], overrides: OwnerOverrides): RuleOccurrence[] {
  if (overrides.days.length === 0) return [...occurrences];
  const days = [...overrides.days].sort((a, b) => a.startMs - b.startMs);
  const out: RuleOccurrence[] = [];
  for (const o of occurrences) {
    let from = o.startMs;
    for (const day of days) {
      if (day.endMs <= from || day.startMs >= o.endMs) continue;
      if (day.startMs > from) out.push({ anchorMs: o.anchorMs, startMs: from, endMs: day.startMs });
      from = Math.max(from, day.endMs);
    }
    if (from < o.endMs) out.push({ anchorMs: o.anchorMs, startMs: from, endMs: o.endMs });
  }
  out.push(...overrides.windows);
  return out.sort((a, b) => a.startMs - b.startMs || a.anchorMs - b.anchorMs);
}

/** The first override day that `[startMs, endMs)` touches, if any. */
export function overrideDayAt(days: readonly OverrideDay[], startMs: number, endMs: number): OverrideDay | undefined {
  return days.find((d) => d.startMs < endMs && startMs < d.endMs);
}
