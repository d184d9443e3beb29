import { LruCache, type LruBounds } from '@svc/cache';
import type { IntegrationClient } from '@svc/grpc';
import { clampToEpochRange } from '@svc/rules';
import type { BusyTimeSource } from '../application/ports.js';

/**
 * Staff sets remembered at most (a tenant's services ask about a handful each); a key is a
 * service's staff list, never a caller's id (slot-guard.ts), and the bytes bound holds even for
 * lists of 100 staff (docs/operations.md "Memory bounds").
 */
export const NONE_CONNECTED_BOUNDS: LruBounds = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024 };

/**
 * How long a fresh read (create and reschedule, under their capacity locks) waits for the
 * calendars. The integrations service answers within it: a calendar still being read half a
 * second before counts as one that cannot be read, so a slow calendar ends in its verdict
 * (PROVIDER_ACTION_FAILED, or the booking goes ahead when the tenant books anyway) and never in
 * this service giving up with a 503 (docs/operations.md "Calendar integrations"). With the
 * capacity locks' wait (LOCK_WAIT_MS, 5 s) it stays inside the gateway's 15 s for a locked write.
 * Availability keeps the default: it reads from the day cache and must stay quick.
 */
export const FRESH_BUSY_DEADLINE_MS = 8_000;

/**
 * The integrations service's busy times over gRPC. When it answers that none of the asked staff
 * has a calendar that blocks time, a read that need not be fresh (availability, create's
 * lock-free look) takes "no busy times" for them without the hop for as long as it said: its
 * busy-time cache's time, the staleness availability already allows a connected calendar. A
 * fresh read (create and reschedule under the lock) always asks (docs/decisions.md
 * "Integrations").
 */
export function integrationBusyTimes(
  client: IntegrationClient,
  now: () => number = Date.now,
  bounds: LruBounds = NONE_CONNECTED_BOUNDS,
): BusyTimeSource {
  const noneConnectedUntil = new LruCache<number>({ ...bounds, sizeOf: () => 8 });
  return {
    async busy(tenantId, staffIds, fromMs, toMs, { fresh, zones }) {
      // A slot near the end of year 9999 plus its buffers reaches past the range the services
      // compute with (docs/api-conventions.md "Input rules"); nothing is busy out there.
      const from = clampToEpochRange(fromMs);
      const to = clampToEpochRange(toMs);
      if (staffIds.length === 0 || from >= to) return [];
      const key = `${tenantId}|${[...staffIds].sort().join(',')}`;
      if (!fresh && (noneConnectedUntil.get(key) ?? 0) > now()) return [];
      const asked = now();
      const res = await client.getBusyTimes(
        { tenantId, staffIds: [...staffIds], fromMs: from, toMs: to, fresh, ...zones },
        fresh ? { deadlineMs: FRESH_BUSY_DEADLINE_MS } : {},
      );
      noneConnectedUntil.delete(key);
      // From when it was asked: a calendar connected while the answer travelled counts from then.
      if (res.noneConnectedForMs > 0) noneConnectedUntil.set(key, asked + res.noneConnectedForMs);
      return res.intervals;
    },
  };
}

/** No integrations service configured: no staff member has a connected calendar. */
export const noBusyTimes: BusyTimeSource = { busy: async () => [] };
