// Wall-clock times of IANA zones placed in time, through Intl alone (no library, so it runs in
// the browser as in the services). Ambiguous readings resolve as RFC 5545 (3.3.5) and Temporal's
// `disambiguation: 'compatible'` do: a reading a clock change skips (spring forward) takes the
// offset in force before the gap, so Europe/Berlin 2026-03-29 02:30 is 03:30 CEST; a reading that
// occurs twice (fall back) is its first occurrence, so 2026-10-25 02:30 is 02:30 CEST (00:30Z).
//
// Cost: a zone's UTC offset is asked of Intl once per UTC day and kept when it is the same all
// that day (all but the days a zone changes its clocks), so most conversions are arithmetic.

import { DAY_MS, isoDateOf, parseIsoDate, nextIsoDate, wallClockAt, wallClockMs, type WallClockTime } from './civil.js';

/** Formatters kept at most: canonical zone names number some 600; past it the memory starts again. */
const MAX_FORMATS = 2_000;
/** Offsets per (zone, UTC day) kept at most (a thousand zones over some years). */
const MAX_DAILY = 100_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const daily = new Map<string, number>();

function format(zone: string): Intl.DateTimeFormat {
  let dtf = formats.get(zone);
  if (dtf === undefined) {
    try {
      dtf = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`unknown IANA time zone: ${JSON.stringify(zone)}`);
    }
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(zone, dtf);
  }
  return dtf;
}

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    format(zone);
    return true;
  } catch {
    return false;
  }
}

/** `zone` itself, or a RangeError naming it when the runtime does not know it. */
export function assertTimeZone(zone: string): string {
  format(zone);
  return zone;
}

/** The zone's UTC offset at an instant (whole seconds), straight from Intl. */
function offsetFromIntl(ms: number, zone: string): number {
  const at = Math.floor(ms / 1_000) * 1_000;
  const f: Record<string, number> = {};
  for (const part of format(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') f[part.type] = Number(part.value);
  }
  const wall = wallClockMs({
    year: f.year as number,
    month: f.month as number,
    day: f.day as number,
    hour: (f.hour as number) % 24,
    minute: f.minute as number,
    second: f.second as number,
  });
  return wall - at;
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `ms`, in ms. */
export function offsetAt(ms: number, zone: string): number {
  const day = Math.floor(ms / DAY_MS);
  const key = `${zone}|${day}`;
  const known = daily.get(key);
  if (known !== undefined) return known;
  const first = offsetFromIntl(day * DAY_MS, zone);
  const last = offsetFromIntl((day + 1) * DAY_MS - 1_000, zone);
  if (first !== last) return offsetFromIntl(ms, zone);
  if (daily.size >= MAX_DAILY) daily.clear();
  daily.set(key, first);
  return first;
}

/**
 * The readings of `local` (wall-clock ms): the instants at which the zone's clock might read it,
 * with the offsets a day either side (no zone changes its clocks twice within two days, so those
 * are the only candidates), and whether each really reads it.
 */
function candidates(local: number, zone: string) {
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const early = local - before;
  const late = local - after;
  return { early, late, earlyFits: offsetAt(early, zone) === before, lateFits: offsetAt(late, zone) === after };
}

/**
 * The instant of a wall-clock time of `zone`, disambiguated as documented above. Fields out of
 * range carry over (minute 1440 is the next day's midnight).
 */
export function wallClockInstant(wall: WallClockTime, zone: string): number {
  const { early, late, earlyFits, lateFits } = candidates(wallClockMs(wall), zone);
  // Repeated (both fit): the first. Skipped (neither): with the offset before the gap.
  if (earlyFits && lateFits) return Math.min(early, late);
  if (lateFits && !earlyFits) return late;
  return early;
}

/** Every instant at which `zone`'s clock reads `wall`, earliest first: one, two where it repeats, none where it skips it. */
export function wallClockInstants(wall: WallClockTime, zone: string): number[] {
  const { early, late, earlyFits, lateFits } = candidates(wallClockMs(wall), zone);
  if (early === late) return earlyFits ? [early] : [];
  const all = [...(earlyFits ? [early] : []), ...(lateFits ? [late] : [])];
  return all.sort((a, b) => a - b);
}

/** The wall-clock time of an instant in `zone` (whole seconds). */
export function wallClockOf(ms: number, zone: string): WallClockTime {
  const at = Math.floor(ms / 1_000) * 1_000;
  return wallClockAt(at + offsetAt(at, zone));
}

/** `YYYY-MM-DD` of the instant `ms` on `zone`'s calendar. */
export const isoDateIn = (ms: number, zone: string): string => isoDateOf(wallClockOf(ms, zone));

/**
 * The instant local date `isoDate` starts in `zone`: its midnight, or where a clock change skips
 * midnight the first instant that exists; a repeated midnight's first occurrence. A RangeError
 * for a malformed date or an unknown zone.
 */
export function startOfDay(isoDate: string, zone: string): number {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(isoDate)}`);
  return wallClockInstant({ ...d, hour: 0, minute: 0, second: 0 }, zone);
}

/** [from, to) of local date `isoDate` in `zone`: midnight to the next midnight. */
export function dayWindow(isoDate: string, zone: string): { fromMs: number; toMs: number } {
  return { fromMs: startOfDay(isoDate, zone), toMs: startOfDay(nextIsoDate(isoDate), zone) };
}
