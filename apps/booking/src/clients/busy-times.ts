import { LruCache, type LruBounds } from '@svc/cache';
import type { IntegrationClient } from '@svc/grpc';
import { clampToEpochRange } from '@svc/rules';
import type { BusyTimeSource, ExternalBusy } from '../application/ports.js';

/**
 * Answers remembered at most. A key is a service's staff list and a window, never a caller's id
 * (slot-guard.ts); an answer weighs its intervals, so the bytes bound holds for busy calendars
 * too (docs/operations.md "Memory bounds").
 */
export const BUSY_ANSWER_BOUNDS: LruBounds = { maxEntries: 10_000, maxBytes: 16 * 1024 * 1024 };

/** An interval with its staff id in the cache, roughly. */
const INTERVAL_BYTES = 96;

/**
 * How long a fresh read (create and reschedule, before their capacity locks) waits for the
 * calendars. The integrations service answers within it: a calendar still being read half a
 * second before counts as one that cannot be read, so a slow calendar ends in its verdict
 * (PROVIDER_ACTION_FAILED, or the booking goes ahead when the tenant books anyway) and never in
 * this service giving up with a 503 (docs/operations.md "Calendar integrations"). No lock is held
 * while it runs, so a slow calendar delays only the requests that read it; with the capacity
 * locks' wait (LOCK_WAIT_MS, 5 s) it stays inside the gateway's 10 s for a locked write.
 * Availability keeps the default: it reads from the day cache and must stay quick.
 */
export const FRESH_BUSY_DEADLINE_MS = 4_000;

/**
 * The integrations service's busy times over gRPC. A read that need not be fresh (availability,
 * explain) takes the answer it had to the same question at the same catalog version for as long
 * as the integrations service said it stays valid (`validForMs`: until the oldest calendar day in
 * it is BUSY_CACHE_MS old, the staleness availability allows a calendar's events), without the
 * hop. Every connection change bumps the tenant's catalog version before it answers, and every
 * availability read learns the current version from the catalog anyway, so an answer kept from
 * before a change is never taken after it, on any replica; with no version known nothing is kept
 * or taken. A fresh read (create and reschedule) asks unless it has "none connected" at the
 * same catalog version (docs/decisions.md "Integrations", "A connection change counts at the next read").
 */
export function integrationBusyTimes(
  client: IntegrationClient,
  now: () => number = Date.now,
  bounds: LruBounds = BUSY_ANSWER_BOUNDS,
): BusyTimeSource {
  const answers = new LruCache<{ until: number; intervals: ExternalBusy[] }>({
    ...bounds,
    sizeOf: (a) => 64 + INTERVAL_BYTES * a.intervals.length,
  });
  return {
    async busy(tenantId, staffIds, fromMs, toMs, { fresh, zones, catalogVersion = '' }) {
      // A slot near the end of year 9999 plus its buffers reaches past the range the services
      // compute with (docs/api-conventions.md "Input rules"); nothing is busy out there.
      const from = clampToEpochRange(fromMs);
      const to = clampToEpochRange(toMs);
      if (staffIds.length === 0 || from >= to) return [];
      const staffZones = Object.entries(zones.staffTimeZones)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([id, zone]) => `${id}=${zone}`)
        .join(',');
      // "None connected" holds for every window of these staff; any other answer for its own.
      // Both only at the catalog version they were asked at.
      const staffKey = `${tenantId}|${catalogVersion}|${[...staffIds].sort().join(',')}`;
      const key = `${staffKey}|${from}|${to}|${zones.timeZone}|${staffZones}`;
      const keeps = catalogVersion !== '';
      if (keeps) {
        // "None connected" at this catalog version is taken by a fresh read too: connecting a
        // calendar bumps the version, and a create or reschedule decides only when the version
        // it reads fresh under its locks is the one its calendars were read at
        // (slot-guard.ts withChosenOwnerLocks). So a tenant without calendars pays no hop per
        // create, and a calendar connected a moment ago still counts at once.
        const known = answers.get(staffKey) ?? (fresh ? undefined : answers.get(key));
        if (known && known.until > now()) return known.intervals;
      }
      const asked = now();
      const res = await client.getBusyTimes(
        { tenantId, staffIds: [...staffIds], fromMs: from, toMs: to, fresh, ...zones },
        fresh ? { deadlineMs: FRESH_BUSY_DEADLINE_MS } : {},
      );
      answers.delete(staffKey);
      answers.delete(key);
      // From when it was asked: a calendar connected while the answer travelled counts from then.
      // A fresh answer replaces what was kept: it is the newer.
      if (res.validForMs > 0 && keeps) {
        answers.set(res.noneConnected ? staffKey : key, { until: asked + res.validForMs, intervals: res.intervals });
      }
      return res.intervals;
    },
  };
}

/** No integrations service configured: no staff member has a connected calendar. */
export const noBusyTimes: BusyTimeSource = { busy: async () => [] };
