// The start-up migration of docs/decisions.md "Availability": bookings made before buffers were
// stored get their service's buffers as the catalog has them now, written once. Until it has
// run (the catalog may still be starting) every reader fills them in the same way on the fly
// (stored-buffers.ts), so availability and create are right before, during and after it.

import type { Logger } from '@svc/telemetry';
import type { BookingStore } from '../store/booking-store.js';
import type { ServiceLookup } from './ports.js';
import { ServiceBuffers } from './stored-buffers.js';

const BATCH = 200;
const RETRY_MS = 30_000;

/**
 * One pass: every booking without stored buffers gets its service's current ones. Answers how
 * many were written; stops between batches once `stopping()` says so. A catalog outage rejects
 * (what was written stays written).
 */
export async function migrateStoredBuffers(
  deps: { store: BookingStore; services: ServiceLookup },
  stopping: () => boolean = () => false,
): Promise<number> {
  let written = 0;
  const byTenant = new Map<string, ServiceBuffers>();
  while (!stopping()) {
    const batch = await deps.store.withoutStoredBuffers(BATCH);
    if (batch.length === 0) break;
    for (const doc of batch) {
      let buffers = byTenant.get(doc.tenantId);
      if (!buffers) byTenant.set(doc.tenantId, (buffers = new ServiceBuffers(deps.services, doc.tenantId)));
      await deps.store.storeBuffers(doc, await buffers.of(doc.serviceId), Date.now());
      written++;
    }
  }
  return written;
}

/**
 * Runs the migration in the background at start-up, again every `retryMs` after a failure, until
 * one pass completes; `stop()` waits for the pass in progress to reach a batch boundary.
 */
export function startBufferMigration(
  deps: { store: BookingStore; services: ServiceLookup },
  logger: Logger,
  retryMs = RETRY_MS,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const attempt = (): void => {
    running = migrateStoredBuffers(deps, () => stopped).then(
      (written) => {
        if (written > 0) logger.info({ written }, 'stored buffers on older bookings');
      },
      (err: unknown) => {
        if (stopped) return;
        logger.warn({ err }, 'storing buffers on older bookings failed; will retry');
        timer = setTimeout(attempt, retryMs);
        timer.unref();
      },
    );
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
