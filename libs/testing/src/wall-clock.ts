import { DateTime } from 'luxon';

/**
 * The instant of a wall-clock time in an IANA zone as RFC 5545 (3.3.5) places it: a time the
 * zone skips (spring forward) with the offset before the gap, so 02:30 becomes 03:30 summer
 * time; a time it repeats (fall back) at its first occurrence. The booking service's opening
 * hours resolve the same way (apps/booking local-calendar.ts).
 */
export function wallClockInstant(
  time: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: string,
): number {
  const { year, month, day, hour, minute, second } = time;
  const dt = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
  let best = dt.toMillis();
  for (const alt of dt.getPossibleOffsets()) best = Math.min(best, alt.toMillis());
  return best;
}
