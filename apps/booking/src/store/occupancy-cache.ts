import { LruCache, type LruBounds } from '@svc/cache';
import { DAY_MS } from '@svc/rules';
import type { OccupancyDoc } from './records.js';

/**
 * The tenant's bookings version as read from the store: counted up by every transaction that
 * adds a booking or changes one (docs/architecture.md "Occupancy cache"), with the UTC days
 * (of the bookings' starts) the last CHANGES_KEPT of those versions touched.
 */
export interface BookingsVersion {
  version: number;
  changes: ReadonlyArray<{ version: number; days: readonly number[] }>;
}

/** How many versions' days the version document keeps: a reader this far behind still keeps the untouched days. */
export const CHANGES_KEPT = 32;

/**
 * Entries kept at most: one per (tenant, UTC day) read. The key holds the tenant a caller names and
 * the days it asks about, so both bounds hold whatever they send (docs/operations.md "Memory bounds").
 */
export const OCCUPANCY_CACHE_BOUNDS: LruBounds = { maxEntries: 50_000, maxBytes: 64 * 1024 * 1024 };
/** What one cached occupancy row counts: ten small fields and the object around them. */
const ROW_BYTES = 320;

/**
 * How long a kept day is trusted at all. Writes through this code count the version up, so the
 * bound only matters for a booking written without doing so: by a replica of an earlier release
 * during a rolling upgrade (docs/architecture.md "Occupancy cache").
 */
export const OCCUPANCY_MAX_AGE_MS = 10_000;

interface DayEntry {
  /** The bookings version read before the rows were: every later write shows as a later version. */
  version: number;
  /** When the rows were read (epoch ms). */
  readAtMs: number;
  /** The held and confirmed bookings starting on the day, in start order. */
  rows: OccupancyDoc[];
}

/** The UTC day number of an instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * The occupancy rows read outside transactions, per (tenant, UTC day of their start), each with
 * the tenant's bookings version read just before them (docs/architecture.md "Occupancy cache").
 */
export class OccupancyCache {
  readonly #days: LruCache<DayEntry>;

  constructor(bounds: LruBounds = OCCUPANCY_CACHE_BOUNDS) {
    this.#days = new LruCache<DayEntry>({ ...bounds, sizeOf: (e) => ROW_BYTES * e.rows.length });
  }

  /**
   * The kept rows of each day of `[firstDay, lastDay]` that still hold at `current`, and the runs
   * of days to read anew. A day holds when its entry is younger than OCCUPANCY_MAX_AGE_MS and its
   * version is current, or every version since it is among the kept changes and none of them
   * touched the day (the entry then moves up to `current`).
   */
  lookup(
    tenantId: string,
    firstDay: number,
    lastDay: number,
    current: BookingsVersion,
    nowMs: number,
  ): { rows: Map<number, OccupancyDoc[]>; missing: Array<[number, number]> } {
    const rows = new Map<number, OccupancyDoc[]>();
    const missing: Array<[number, number]> = [];
    const touched = touchedSince(current);
    for (let day = firstDay; day <= lastDay; day++) {
      const found = this.#days.get(key(tenantId, day));
      const entry = found && nowMs - found.readAtMs < OCCUPANCY_MAX_AGE_MS ? found : undefined;
      let ok = entry?.version === current.version;
      if (!ok && entry) {
        const days = touched(entry.version);
        if (days && !days.has(day)) {
          entry.version = current.version;
          ok = true;
        }
      }
      if (ok) rows.set(day, entry!.rows);
      else if (missing.length > 0 && missing[missing.length - 1]![1] === day - 1) missing[missing.length - 1]![1] = day;
      else missing.push([day, day]);
    }
    return { rows, missing };
  }

  /** Keeps the rows of `[firstDay, lastDay]` (each day's, from splitByDay) read at `version`. */
  fill(tenantId: string, byDay: ReadonlyMap<number, OccupancyDoc[]>, version: number, readAtMs: number): void {
    for (const [day, rows] of byDay) this.#days.set(key(tenantId, day), { version, readAtMs, rows });
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

/**
 * The days written since a version, or undefined when the kept changes do not reach back to it.
 * Memoised per asked version: a 31-day read asks for the same few versions again and again.
 */
function touchedSince(current: BookingsVersion): (since: number) => Set<number> | undefined {
  const memo = new Map<number, Set<number> | undefined>();
  return (since) => {
    if (memo.has(since)) return memo.get(since);
    let days: Set<number> | undefined;
    const oldest = current.changes[0]?.version;
    if (since < current.version && oldest !== undefined && oldest <= since + 1) {
      days = new Set();
      for (const change of current.changes) if (change.version > since) for (const d of change.days) days.add(d);
    }
    memo.set(since, days);
    return days;
  };
}
