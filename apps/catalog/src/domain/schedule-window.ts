import { validationError } from '@svc/errors';
import { clampToEpochRange, DAY_MS, derivedWindowViolations, HOUR_MS, MINUTE_MS } from '@svc/rules';

/** A half-open interval [fromMs, toMs) of epoch milliseconds. */
export type TimeWindow = { fromMs: number; toMs: number };

/**
 * The snapshot's window, which the booking service derives from a valid input padded by a day
 * or two: within [0, EPOCH_MS_END] (derivedWindowViolations, @svc/rules), so dates beyond Intl's range never reach
 * `localDateRange` (which would throw RangeError).
 */
export function parseScheduleWindow(fromMs: number, toMs: number): TimeWindow {
  const violations = derivedWindowViolations(fromMs, toMs);
  if (violations.length > 0) throw validationError(violations);
  return { fromMs, toMs };
}

// Where DST ends at midnight (America/Santiago: 24:00 -> 23:00) the local date steps back by the
// DST delta. Each step lands on a date some instant up to that delta earlier already had, so only a
// step within a few hours after the start (or before the end) of the window can widen the range
// beyond the dates of its two ends; sampling those hours finds the exact range.
const EDGE_MS = 3 * HOUR_MS;
const STEP_MS = 10 * MINUTE_MS;

/**
 * One date formatter per zone: making one costs more than the 38 dates a call formats with it
 * (a profile of creates, docs/benchmarks.md "Round 4"). Zones come from stored settings; bounded all the same.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const DATE_FORMATS_MAX = 1_000;

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormats.size >= DATE_FORMATS_MAX) dateFormats.clear();
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** The first and last local date (YYYY-MM-DD in `timeZone`) that instants of the window fall on. */
export function localDateRange(window: TimeWindow, timeZone: string): { first: string; last: string } {
  const format = dateFormat(timeZone);
  const date = (ms: number) => {
    const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
  const lastMs = window.toMs - 1;
  const samples = [window.fromMs, lastMs];
  for (let d = STEP_MS; d <= EDGE_MS && window.fromMs + d < lastMs; d += STEP_MS) {
    samples.push(window.fromMs + d, lastMs - d);
  }
  const dates = samples.map(date).sort();
  return { first: dates[0] ?? date(window.fromMs), last: dates.at(-1) ?? date(lastMs) };
}

/** The window a day longer at each end (within the epoch range): dates of other zones than the tenant's. */
export function widenedByADay(window: TimeWindow): TimeWindow {
  return { fromMs: clampToEpochRange(window.fromMs - DAY_MS), toMs: clampToEpochRange(window.toMs + DAY_MS) };
}
