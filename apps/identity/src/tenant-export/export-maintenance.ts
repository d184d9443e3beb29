import { DueWorker } from '@svc/background';
import { waitFor } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { MAINTENANCE_BATCH, type ExportJobStore } from './job-store.js';

/** How often the maintenance pass looks at most: jobs of dead processes, archives past their 7 days. */
const MAINTENANCE_POLL_MS = 60_000;

/**
 * The tenant exports' maintenance (docs/decisions.md "Tenant export"), run by every process at
 * start-up and then at least every minute: queued or running jobs whose lease ran out (their
 * process died) are marked failed, and jobs finished more than 7 days ago are removed.
 */
export class ExportMaintenance extends DueWorker {
  constructor(
    private readonly jobs: ExportJobStore,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {
    super('tenant export maintenance', MAINTENANCE_POLL_MS, logger);
  }

  protected async pass(): Promise<number> {
    const nowMs = this.now();
    const { failed, nextLeaseEndMs } = await this.jobs.failExpiredLeases(nowMs);
    const { removed, nextRemoveAtMs } = await this.jobs.sweep(nowMs);
    if (failed > 0) this.logger.warn({ failed }, 'tenant exports of stopped processes marked failed');
    if (removed > 0) this.logger.info({ removed }, 'tenant exports past their 7 days removed');
    // A full batch may leave more behind: look again at once.
    if (failed >= MAINTENANCE_BATCH || removed >= MAINTENANCE_BATCH) return 0;
    const next = [nextLeaseEndMs, nextRemoveAtMs].filter((t): t is number => t !== null);
    return waitFor(next.length > 0 ? Math.min(...next) : null, nowMs, MAINTENANCE_POLL_MS);
  }
}
