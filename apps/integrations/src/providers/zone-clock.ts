/**
 * Wall-clock times of IANA zones placed in time as @svc/ics's wallClockInstant and wallClockOf
 * place them (RFC 5545 3.3.5: a time a DST change skips with the offset before the gap, a
 * repeated one at its first occurrence), at a fraction of the cost: those go through luxon, some
 * ten Intl calls and about a quarter of a millisecond per time, too much for every occurrence of
 * an hourly series. Here a zone's UTC offset is asked of Intl once per UTC day (and kept when it
 * is the same all day, as it is on all but the days a zone changes its clocks), so a series'
 * occurrences are placed from memory. test/zone-clock.test.ts holds both to the same answers.
 */
import { DAY_MS } from '@svc/rules';
import { wallClockAt, wallClockMs, type WallClockTime } from '@svc/ics';

/** One formatter per zone: callers pass canonical names (normalizeTimeZone), so the runtime's zone list bounds it. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** A zone's offset per UTC day (the day's number), when it is the same all that day. */
const daily = new Map<string, number>();
/** Entries kept at most (a thousand zones over some years); past it the memory starts again. */
const MAX_DAILY = 100_000;

function format(zone: string): Intl.DateTimeFormat {
  let dtf = formats.get(zone);
  if (!dtf) {
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
    formats.set(zone, dtf);
  }
  return dtf;
}

/** The zone's UTC offset at an instant, in ms (whole seconds), from Intl. */
function offsetFromIntl(ms: number, zone: string): number {
  const at = Math.floor(ms / 1_000) * 1_000;
  const fields: Record<string, number> = {};
  for (const part of format(zone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour! % 24,
    fields.minute!,
    fields.second!,
  );
  return wall - at;
}

/** The zone's UTC offset at an instant, in ms. */
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

/** The instant of a wall-clock time of `zone` (wallClockInstant's answer). */
export function instantOfWall(wall: WallClockTime, zone: string): number {
  const local = wallClockMs(wall);
  // The offsets a day either side: at most one clock change lies between them.
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const early = local - before;
  const late = local - after;
  const earlyFits = offsetAt(early, zone) === before;
  const lateFits = offsetAt(late, zone) === after;
  // Repeated (both fit): the first. Skipped (neither): with the offset before the gap.
  if (earlyFits && lateFits) return Math.min(early, late);
  if (lateFits && !earlyFits) return late;
  return early;
}

/** The wall-clock time of an instant in `zone`, whole seconds (wallClockOf's answer). */
export function wallOfInstant(ms: number, zone: string): WallClockTime {
  const at = Math.floor(ms / 1_000) * 1_000;
  return wallClockAt(at + offsetAt(at, zone));
}
