/**
 * Busy times of staff members' connected calendars (docs/decisions.md "Integrations"). The
 * availability path may take them from a cache of BUSY_CACHE_MS per connection and whole UTC
 * days; create and reschedule ask `fresh` under their lock. A calendar that cannot be read fails
 * the whole answer (PROVIDER_ACTION_FAILED / PROVIDER_NEEDS_REAUTH), unless the tenant books
 * anyway: then its staff member is listed as unavailable and blocks nothing.
 */
import { DAY_MS } from '@svc/rules';
import type { ConnectionUse } from './connections.js';
import { busyCache, SERVICE } from './metrics.js';
import type { Interval } from './providers/provider.js';
import type { ConnectionRepository } from './store/connection-repository.js';
import type { ConnectionDoc } from './store/records.js';

export interface StaffBusy extends Interval {
  staffId: string;
}

interface CacheEntry {
  fromMs: number;
  toMs: number;
  atMs: number;
  /** Which calendars were read (a changed choice is read again). */
  calendars: string;
  intervals: Interval[];
}

/** Entries kept at most; the oldest read goes first. */
const MAX_CACHED = 10_000;

export class BusyTimes {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly deps: {
      connections: ConnectionRepository;
      use: ConnectionUse;
      now: () => number;
      cacheMs: number;
    },
  ) {}

  async forStaff(
    tenantId: string,
    staffIds: readonly string[],
    fromMs: number,
    toMs: number,
    fresh: boolean,
  ): Promise<{ intervals: StaffBusy[]; unavailableStaffIds: string[]; noneConnectedForMs: number }> {
    const docs = (await this.deps.connections.ofStaff(tenantId, staffIds)).filter((d) => d.busyCalendarIds.length > 0);
    // Nothing of theirs blocks time: the asker may take that for as long as this cache may serve
    // a connected calendar's stale busy times (docs/decisions.md "Integrations").
    if (docs.length === 0) return { intervals: [], unavailableStaffIds: [], noneConnectedForMs: this.deps.cacheMs };
    const outcomes = await Promise.allSettled(docs.map((doc) => this.ofConnection(doc, fromMs, toMs, fresh)));
    const intervals: StaffBusy[] = [];
    const unavailable = new Set<string>();
    let failure: unknown;
    outcomes.forEach((outcome, i) => {
      const doc = docs[i] as ConnectionDoc;
      if (outcome.status === 'fulfilled') {
        for (const interval of outcome.value) intervals.push({ staffId: doc.staffId, ...interval });
      } else {
        failure ??= outcome.reason;
        unavailable.add(doc.staffId);
      }
    });
    if (failure !== undefined && !(await this.deps.connections.settings(tenantId)).bookWhenCalendarUnavailable) {
      throw failure;
    }
    return { intervals, unavailableStaffIds: [...unavailable], noneConnectedForMs: 0 };
  }

  private async ofConnection(doc: ConnectionDoc, fromMs: number, toMs: number, fresh: boolean): Promise<Interval[]> {
    const now = this.deps.now();
    const calendars = doc.busyCalendarIds.join('\n');
    const cached = this.cache.get(doc._id);
    if (
      !fresh &&
      cached &&
      cached.calendars === calendars &&
      now - cached.atMs < this.deps.cacheMs &&
      cached.fromMs <= fromMs &&
      toMs <= cached.toMs
    ) {
      busyCache.inc({ service: SERVICE, result: 'hit' });
      return cached.intervals.filter((i) => i.endsAtMs > fromMs && i.startsAtMs < toMs);
    }
    busyCache.inc({ service: SERVICE, result: fresh ? 'fresh' : 'miss' });
    // Whole UTC days, so the next window of the same days is served from the cache.
    const dayFrom = Math.floor(fromMs / DAY_MS) * DAY_MS;
    const dayTo = Math.ceil(toMs / DAY_MS) * DAY_MS;
    const intervals = await this.deps.use.run(doc, (provider) => provider.busy(doc.busyCalendarIds, dayFrom, dayTo));
    this.cache.delete(doc._id);
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(doc._id, { fromMs: dayFrom, toMs: dayTo, atMs: now, calendars, intervals });
    return intervals.filter((i) => i.endsAtMs > fromMs && i.startsAtMs < toMs);
  }

  /** Forgets a connection's cached busy times (disconnected, calendars chosen again). */
  forget(connectionId: string): void {
    this.cache.delete(connectionId);
  }
}
