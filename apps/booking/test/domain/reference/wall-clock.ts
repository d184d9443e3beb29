// Wall-clock readings for the reference implementation, written from first principles: luxon is
// asked only for a zone's UTC offset at an instant (the tz database) and for the civil date an
// instant falls on. Nothing here comes from src/domain/availability.
//
// A reading that does not exist (spring-forward gap) is taken with the offset in force before the
// gap, i.e. moved forward by the gap; a reading that exists twice (fall-back) is its first
// instant. That is the convention of RFC 5545 §3.3.5 and Temporal's `disambiguation:
// 'compatible'`, which the engine documents as its own.

import { DateTime, IANAZone } from 'luxon';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** A civil date as a day number: days since 1970-01-01 on the proleptic Gregorian calendar. */
export type DayNumber = number;

export function zone(name: string): IANAZone {
  const z = IANAZone.create(name);
  if (!z.isValid) throw new RangeError(`unknown IANA time zone ${JSON.stringify(name)}`);
  return z;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: DayNumber): number {
  return new Date(day * DAY_MS).getUTCDay();
}

export function isoDateOf(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayNumberOfIso(isoDate: string): DayNumber {
  return Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
}

/** The civil date the wall clock of `z` shows at instant `ms`. */
export function localDayOf(z: IANAZone, ms: number): DayNumber {
  const dt = DateTime.fromMillis(ms, { zone: z });
  return Date.UTC(dt.year, dt.month - 1, dt.day) / DAY_MS;
}

const memo = new Map<string, number>();

/**
 * The instant at which the wall clock of `z` reads `minute` (0–1440; 1440 is the next midnight)
 * of civil date `day`.
 *
 * Readings "as if UTC" minus an offset give the candidates; a candidate is real when the zone
 * uses that very offset at that instant. Around one reading a zone uses at most two offsets (no
 * zone changes twice within a day), the one a day before and the one a day after.
 */
export function wallClock(z: IANAZone, day: DayNumber, minute: number): number {
  const key = `${z.name}|${day}|${minute}`;
  const known = memo.get(key);
  if (known !== undefined) return known;

  const asIfUtc = day * DAY_MS + minute * MINUTE_MS;
  const offsetBefore = z.offset(asIfUtc - DAY_MS);
  const offsetAfter = z.offset(asIfUtc + DAY_MS);
  const real = [offsetBefore, offsetAfter]
    .map((offsetMin) => ({ offsetMin, instant: asIfUtc - offsetMin * MINUTE_MS }))
    .filter(({ offsetMin, instant }) => z.offset(instant) === offsetMin)
    .map(({ instant }) => instant);
  const instant = real.length > 0 ? Math.min(...real) : asIfUtc - offsetBefore * MINUTE_MS;
  memo.set(key, instant);
  return instant;
}
