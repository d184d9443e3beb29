/**
 * Busy times of staff members' connected calendars (docs/decisions.md "Integrations"). The
 * availability path may take them from a cache of BUSY_CACHE_MS per connection and UTC day, so
 * any sequence of windows is answered from the cache once each of its days was read (a window of
 * days not read yet reads only those, in one request per run of consecutive days; a day being
 * read is waited for, not read twice); create and reschedule ask `fresh` under their lock, and
 * what they read is kept as well. A calendar that cannot be read fails the whole answer
 * (PROVIDER_ACTION_FAILED / PROVIDER_NEEDS_REAUTH), unless the tenant books anyway: then its
 * staff member is listed as unavailable and blocks nothing. The cache keeps the events as the
 * provider read them; the connection's settings and the staff member's zone turn them into
 * intervals at every answer (blockingIntervals), so a changed setting counts at once. The
 * tenant's own bookings written back into a calendar are left out: the booking itself occupies
 * its time, and its event read back would block its own move and its session's other seats.
 */
import { LruCache, stringBytes } from '@svc/cache';
import { DAY_MS } from '@svc/rules';
import { actionFailed, needsReauth, type ConnectionUse } from '../connections/connections.js';
import { blockingIntervals, DEFAULT_BLOCKING } from './domain/blocking.js';
import { busyCache, SERVICE } from '../metrics.js';
import type { BusyEvent, Interval } from '../providers/provider.js';
import type { ConnectionRepository } from '../connections/store/connection-repository.js';
import type { ConnectionDoc } from '../store/records.js';
import type { SyncRepository } from '../store/sync-repository.js';

export interface StaffBusy extends Interval {
  staffId: string;
}

/** One UTC day of one connection's chosen calendars, as read at `atMs`. */
interface DayEntry {
  atMs: number;
  /** Which calendars were read, and in which zone (a changed choice is read again). */
  calendars: string;
  /** The events that may reach the day (one spanning several days is in each of them). */
  events: BusyEvent[];
}

/** Days kept at most (a thousand connections with a 90-day horizon each fit). */
export const MAX_CACHED_DAYS = 100_000;
/** What they may take in memory at most, roughly (an interval is two numbers in a small object). */
export const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** An event: two numbers, a flag and, for an all-day one, two short dates. */
const EVENT_BYTES = 128;
const ENTRY_BYTES = 200;

export class BusyTimes {
  private readonly days: LruCache<DayEntry>;
  /** Days being read now: a second window of the same day waits for the read under way. */
  private readonly reading = new Map<string, { calendars: string; read: Promise<BusyEvent[]>; atMs: number }>();

  constructor(
    private readonly deps: {
      connections: ConnectionRepository;
      /** The write-back records: which written events are this tenant's own bookings. */
      syncs: Pick<SyncRepository, 'ofBookings'>;
      use: ConnectionUse;
      now: () => number;
      cacheMs: number;
    },
    bounds: { maxDays?: number; maxBytes?: number } = {},
  ) {
    this.days = new LruCache<DayEntry>({
      maxEntries: bounds.maxDays ?? MAX_CACHED_DAYS,
      maxBytes: bounds.maxBytes ?? MAX_CACHED_BYTES,
      sizeOf: (entry) => ENTRY_BYTES + stringBytes(entry.calendars) + EVENT_BYTES * entry.events.length,
    });
  }

  /**
   * `answerByMs`: when the asker stops waiting (its gRPC deadline, less a margin). A calendar
   * still being read then counts as one that cannot be read (PROVIDER_ACTION_FAILED, or its staff
   * member unavailable for a tenant that books anyway); the read itself goes on and its days are
   * kept for the next asker. `timeZones`: each staff member's zone (their all-day events block
   * their local days), `timeZone` for those not named (the tenant's).
   */
  async forStaff(
    tenantId: string,
    staffIds: readonly string[],
    fromMs: number,
    toMs: number,
    fresh: boolean,
    {
      answerByMs = Infinity,
      timeZone = 'UTC',
      timeZones = {},
    }: { answerByMs?: number; timeZone?: string; timeZones?: Readonly<Record<string, string>> } = {},
  ): Promise<{ intervals: StaffBusy[]; unavailableStaffIds: string[]; validForMs: number; noneConnected: boolean }> {
    const docs = (await this.deps.connections.ofStaff(tenantId, staffIds)).filter((d) => d.busyCalendarIds.length > 0);
    // Nothing of theirs blocks time: the asker may take that for as long as this cache may serve
    // a connected calendar's stale busy times (docs/decisions.md "Integrations").
    if (docs.length === 0) {
      return { intervals: [], unavailableStaffIds: [], validForMs: this.deps.cacheMs, noneConnected: true };
    }
    const now = this.deps.now();
    const zoneOf = (doc: ConnectionDoc) => (Object.hasOwn(timeZones, doc.staffId) ? timeZones[doc.staffId]! : timeZone);
    const outcomes = await Promise.allSettled(
      docs.map((doc) => this.inTime(this.ofConnection(doc, fromMs, toMs, fresh, zoneOf(doc)), answerByMs)),
    );
    const own = await this.ownBookings(tenantId, outcomes);
    const intervals: StaffBusy[] = [];
    const unavailable = new Set<string>();
    let failure: unknown;
    // The answer stays what this cache would answer until its oldest day is cacheMs old.
    let oldestReadAtMs = now;
    outcomes.forEach((outcome, i) => {
      const doc = docs[i] as ConnectionDoc;
      if (outcome.status === 'fulfilled') {
        const settings = {
          allDayEventsBlock: doc.allDayEventsBlock ?? DEFAULT_BLOCKING.allDayEventsBlock,
          tentativeEventsBlock: doc.tentativeEventsBlock ?? DEFAULT_BLOCKING.tentativeEventsBlock,
        };
        const zone = zoneOf(doc);
        oldestReadAtMs = Math.min(oldestReadAtMs, outcome.value.readAtMs);
        // Only its own staff member's: a colleague sharing the calendar stays blocked by it.
        const events = outcome.value.events.filter(
          (e) => e.bookingId === undefined || own.get(e.bookingId) !== doc.staffId,
        );
        for (const interval of merged(blockingIntervals(events, settings, zone), fromMs, toMs)) {
          intervals.push({ staffId: doc.staffId, ...interval });
        }
      } else {
        failure ??= outcome.reason;
        unavailable.add(doc.staffId);
      }
    });
    if (failure !== undefined && !(await this.deps.connections.settings(tenantId)).bookWhenCalendarUnavailable) {
      throw failure;
    }
    const validForMs = unavailable.size > 0 ? 0 : Math.max(0, oldestReadAtMs + this.deps.cacheMs - now);
    return { intervals, unavailableStaffIds: [...unavailable], validForMs, noneConnected: false };
  }

  /**
   * Which of the bookings the events were written for are the tenant's own (a write-back record
   * of the tenant has them), with the staff member each was written for. Another tenant's booking
   * in a calendar both share still blocks, and so does a colleague's.
   */
  private async ownBookings(
    tenantId: string,
    outcomes: ReadonlyArray<PromiseSettledResult<{ events: BusyEvent[] }>>,
  ): Promise<Map<string, string>> {
    const written = new Set<string>();
    for (const outcome of outcomes) {
      if (outcome.status !== 'fulfilled') continue;
      for (const e of outcome.value.events) if (e.bookingId !== undefined) written.add(e.bookingId);
    }
    if (written.size === 0) return new Map();
    return new Map((await this.deps.syncs.ofBookings(tenantId, [...written])).map((doc) => [doc._id, doc.staffId]));
  }

  /** The read, or PROVIDER_ACTION_FAILED once `answerByMs` has come without it. */
  private inTime<T>(read: Promise<T>, answerByMs: number): Promise<T> {
    // The deadline is the caller's real clock, not this service's (a test may move that one).
    const waitMs = answerByMs - Date.now();
    if (!Number.isFinite(waitMs)) return read;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(actionFailed(new Error('the calendar did not answer in the time the booking could wait'))),
        Math.max(0, waitMs),
      );
    });
    // A read that fails after the verdict leaves nothing unhandled.
    read.catch(() => {});
    return Promise.race([read, late]).finally(() => clearTimeout(timer));
  }

  /**
   * The connection's events over the window, and when the oldest of its days was read.
   * `zone`: where the provider reads floating times (the staff member's); a day read in
   * another zone is read again.
   */
  private async ofConnection(
    doc: ConnectionDoc,
    fromMs: number,
    toMs: number,
    fresh: boolean,
    zone: string,
  ): Promise<{ events: BusyEvent[]; readAtMs: number }> {
    // A refused grant is not trusted from the moment it is recorded, days still cached included
    // (docs/decisions.md "Integrations", "Tokens that expire").
    if (doc.status === 'needs_reauth') throw needsReauth();
    const now = this.deps.now();
    const calendars = `${doc.busyCalendarIds.join('\n')}\n@${zone}`;
    const days = utcDays(fromMs, toMs);
    const found = new Map<number, BusyEvent[] | Promise<BusyEvent[]>>();
    const missing: number[] = [];
    let readAtMs = now;
    for (const day of days) {
      const key = dayKey(doc._id, day);
      const cached = fresh ? undefined : this.days.get(key);
      const pending = fresh ? undefined : this.reading.get(key);
      if (cached && cached.calendars === calendars && now - cached.atMs < this.deps.cacheMs) {
        found.set(day, cached.events);
        readAtMs = Math.min(readAtMs, cached.atMs);
      } else if (pending && pending.calendars === calendars) {
        found.set(day, pending.read);
        readAtMs = Math.min(readAtMs, pending.atMs);
      } else {
        missing.push(day);
      }
    }
    busyCache.inc({ service: SERVICE, result: fresh ? 'fresh' : missing.length === 0 ? 'hit' : 'miss' });
    // One provider request per run of consecutive days not known yet.
    for (const run of consecutiveRuns(missing)) {
      const runFrom = run[0]!;
      const runTo = run[run.length - 1]! + DAY_MS;
      const read = this.deps.use.run(doc, (provider) => provider.busy(doc.busyCalendarIds, runFrom, runTo, zone));
      for (const day of run) {
        const key = dayKey(doc._id, day);
        const ofDay = read.then((events) => reaching(events, day, day + DAY_MS));
        // A failed read leaves nothing behind (its callers see the failure).
        ofDay.catch(() => {});
        const entry = { calendars, read: ofDay, atMs: now };
        this.reading.set(key, entry);
        found.set(day, ofDay);
        void ofDay
          .then(
            (events) => {
              // Kept unless the connection was forgotten or read again meanwhile.
              if (this.reading.get(key) === entry) this.days.set(key, { atMs: now, calendars, events });
            },
            () => {},
          )
          .finally(() => {
            if (this.reading.get(key) === entry) this.reading.delete(key);
          });
      }
    }
    const perDay = await Promise.all(days.map((day) => found.get(day)!));
    return { events: perDay.flat(), readAtMs };
  }

  /** Forgets a connection's cached busy times (disconnected, calendars chosen again). */
  forget(connectionId: string): void {
    const prefix = `${connectionId}|`;
    for (const key of this.days.keys()) if (key.startsWith(prefix)) this.days.delete(key);
    for (const key of this.reading.keys()) if (key.startsWith(prefix)) this.reading.delete(key);
  }
}

const dayKey = (connectionId: string, dayMs: number): string => `${connectionId}|${dayMs}`;

/** The starts of the UTC days `[fromMs, toMs)` touches. */
function utcDays(fromMs: number, toMs: number): number[] {
  const days: number[] = [];
  for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day < toMs; day += DAY_MS) days.push(day);
  return days;
}

/** Sorted day starts grouped into runs of consecutive days. */
function consecutiveRuns(days: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const day of days) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1]! + DAY_MS === day) last.push(day);
    else runs.push([day]);
  }
  return runs;
}

/**
 * The events that may reach `[fromMs, toMs)`: a timed one overlapping it, an all-day one whose
 * dates come within a day of it (its local days reach the window in some zone).
 */
function reaching(events: readonly BusyEvent[], fromMs: number, toMs: number): BusyEvent[] {
  return events.filter((e) =>
    e.allDay
      ? e.endsAtMs > fromMs - DAY_MS && e.startsAtMs < toMs + DAY_MS
      : e.endsAtMs > fromMs && e.startsAtMs < toMs,
  );
}

/**
 * The intervals within `[fromMs, toMs)` reaches, overlapping and touching ones joined: an event
 * spanning several cached days is found in each of them, and the availability engine weighs every
 * interval it is given, so fewer make its answer quicker (docs/benchmarks.md "Availability with
 * connected calendars").
 */
export function merged(intervals: readonly Interval[], fromMs: number, toMs: number): Interval[] {
  const inWindow = intervals
    .filter((i) => i.endsAtMs > fromMs && i.startsAtMs < toMs)
    .sort((a, b) => a.startsAtMs - b.startsAtMs);
  const out: Interval[] = [];
  for (const i of inWindow) {
    const last = out[out.length - 1];
    if (last && i.startsAtMs <= last.endsAtMs) last.endsAtMs = Math.max(last.endsAtMs, i.endsAtMs);
    else out.push({ startsAtMs: i.startsAtMs, endsAtMs: i.endsAtMs });
  }
  return out;
}
