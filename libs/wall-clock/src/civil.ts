// Civil (zone-free) date arithmetic: a wall-clock time's fields read as if UTC, so that 10:00
// plus a day is 10:00 whatever a zone does that day. UTC Date serves as the proleptic Gregorian
// calendar.

export const DAY_MS = 86_400_000;

/** A local date and time of day, as a calendar names it without a zone. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A calendar date (month 1–12). */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Date.UTC of the fields, fields out of range carried over (minute 1440 is the next day's 00:00);
 * unlike Date.UTC itself, years 0–99 are those years, not 1900–1999.
 */
function utcFields(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (year >= 100 || year < 0) return ms;
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() - 1900);
  return d.getTime();
}

/** A wall-clock time's fields taken as if UTC: wall-clock arithmetic in milliseconds. */
export const wallClockMs = (t: WallClockTime): number =>
  utcFields(t.year, t.month, t.day, t.hour, t.minute, t.second);

/** The wall-clock time of wall-clock milliseconds (`wallClockMs`'s inverse, whole seconds). */
export function wallClockAt(ms: number): WallClockTime {
  const d = new Date(Math.floor(ms / 1_000) * 1_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a date. */
export const isoDateOf = (d: CivilDate): string => `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;

/** A `YYYY-MM-DD` date that exists on the calendar, or null (a malformed or impossible date). */
export function parseIsoDate(isoDate: string): CivilDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const back = wallClockAt(utcFields(year, month, day, 0, 0, 0));
  return back.year === year && back.month === month && back.day === day ? { year, month, day } : null;
}

/** The `YYYY-MM-DD` day `days` after `isoDate` (negative: before); a RangeError for a malformed date. */
export function addIsoDays(isoDate: string, days: number): string {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(isoDate)}`);
  return isoDateOf(wallClockAt(utcFields(d.year, d.month, d.day + days, 0, 0, 0)));
}

/** The `YYYY-MM-DD` day after `isoDate`. */
export const nextIsoDate = (isoDate: string): string => addIsoDays(isoDate, 1);
