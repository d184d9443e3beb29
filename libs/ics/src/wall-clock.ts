import { DateTime } from 'luxon';

/** A local date and time of day, as a calendar names it without a zone. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A wall-clock time's fields taken as if UTC: wall-clock arithmetic in milliseconds (10:00 plus a day is 10:00). */
export const wallClockMs = (t: WallClockTime): number =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** The wall-clock time of wall-clock milliseconds (`wallClockMs`'s inverse). */
export function wallClockAt(ms: number): WallClockTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant of a wall-clock time in an IANA zone as RFC 5545 (3.3.5) places it: a time the
 * zone skips (spring forward) with the offset before the gap, so 02:30 becomes 03:30 summer
 * time; a time it repeats (fall back) at its first occurrence. The booking service's opening
 * hours resolve the same way (apps/booking local-calendar.ts).
 */
export function wallClockInstant(time: WallClockTime, zone: string): number {
  const { year, month, day, hour, minute, second } = time;
  const dt = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
  let best = dt.toMillis();
  for (const alt of dt.getPossibleOffsets()) best = Math.min(best, alt.toMillis());
  return best;
}

/** The wall-clock time of an instant in an IANA zone (whole seconds). */
export function wallClockOf(ms: number, zone: string): WallClockTime {
  const { year, month, day, hour, minute, second } = DateTime.fromMillis(ms, { zone });
  return { year, month, day, hour, minute, second };
}
