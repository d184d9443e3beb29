import { LruCache, type LruBounds } from '@svc/cache';
import { DAY_MS } from '@svc/rules';
import type { OccupancyDoc } from './records.js';

/**
 * Entries kept at most: one per (tenant, UTC day) read. The key holds the tenant a caller names and
 * the days it asks about, so both bounds hold whatever they send (docs/operations.md "Memory bounds").
 */
export const OCCUPANCY_CACHE_BOUNDS: LruBounds = { maxEntries: 50_000, maxBytes: 64 * 1024 * 1024 };
/** What one cached occupancy row counts: ten small fields and the object around them. */
const ROW_BYTES = 320;

/**
 * How long a kept day is trusted at all. Writes through this code count the day's occupancy
 * versions up, so the bound only matters for a booking written without doing so: by a replica of
 * an earlier release during a rolling upgrade (docs/architecture.md "Occupancy cache").
 */
export const OCCUPANCY_MAX_AGE_MS = 10_000;

interface DayEntry {
  /** The day's stamp (the sum of its occupancy versions) read before the rows were. */
  stamp: number;
  /** When the rows were read (epoch ms). */
  readAtMs: number;
  /** The held and confirmed bookings starting on the day, in start order. */
  rows: OccupancyDoc[];
}

/** The UTC day number of an instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * The occupancy rows read outside transactions, per (tenant, UTC day of their start), each with
 * the day's stamp read just before them (docs/architecture.md "Occupancy cache").
 */
export class OccupancyCache {
  readonly #days: LruCache<DayEntry>;

  constructor(bounds: LruBounds = OCCUPANCY_CACHE_BOUNDS) {
    this.#days = new LruCache<DayEntry>({ ...bounds, sizeOf: (e) => ROW_BYTES * e.rows.length });
  }

  /**
   * The kept rows of each day of `[firstDay, lastDay]` whose entry is younger than
   * OCCUPANCY_MAX_AGE_MS and has the day's current stamp (`stamps`, 0 for a day without one),
   * and the runs of days to read anew.
   */
  lookup(
    tenantId: string,
    firstDay: number,
    lastDay: number,
    stamps: ReadonlyMap<number, number>,
    nowMs: number,
  ): { rows: Map<number, OccupancyDoc[]>; missing: Array<[number, number]> } {
    const rows = new Map<number, OccupancyDoc[]>();
    const missing: Array<[number, number]> = [];
    for (let day = firstDay; day <= lastDay; day++) {
      const entry = this.#days.get(key(tenantId, day));
      if (entry && entry.stamp === (stamps.get(day) ?? 0) && nowMs - entry.readAtMs < OCCUPANCY_MAX_AGE_MS) {
        rows.set(day, entry.rows);
      } else if (missing.length > 0 && missing[missing.length - 1]![1] === day - 1) {
        missing[missing.length - 1]![1] = day;
      } else {
        missing.push([day, day]);
      }
    }
    return { rows, missing };
  }

  /** Keeps each day's rows (from splitByDay) with the day's stamp read before them. */
  fill(
    tenantId: string,
    byDay: ReadonlyMap<number, OccupancyDoc[]>,
    stamps: ReadonlyMap<number, number>,
    readAtMs: number,
  ): void {
    for (const [day, rows] of byDay) {
      this.#days.set(key(tenantId, day), { stamp: stamps.get(day) ?? 0, readAtMs, rows });
    }
  }
}

const key = (tenantId: string, day: number) => `${tenantId}|${day}`;

/** Rows sorted by start, split into the days `[firstDay, lastDay]` of their starts (each day present). */
export function splitByDay(
  firstDay: number,
  lastDay: number,
  sorted: readonly OccupancyDoc[],
): Map<number, OccupancyDoc[]> {
  const out = new Map<number, OccupancyDoc[]>();
  let i = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const end = (day + 1) * DAY_MS;
    const from = i;
    while (i < sorted.length && sorted[i]!.startsAtMs < end) i++;
    out.set(day, sorted.slice(from, i));
  }
  return out;
}
