/**
 * Retention of delivery bodies (docs/decisions.md "Privacy", docs/operations.md "Retention"):
 * for every tenant (catalog.v1 ListTenants, paged) the bodies of final deliveries older than its
 * `retention.webhookBodyDays` (0: the default, 30) are removed; the deliveries stay with their
 * ids, status, times and attempts. A pending delivery keeps its body whatever its age. Runs at
 * start and then every `intervalMs` (RETENTION_SWEEP_INTERVAL_MS); every replica may run it,
 * since each removal is a compare-and-set.
 */
import type { catalogV1 } from '@svc/proto';
import { DAY_MS, effectiveRetention } from '@svc/rules';
import { DueWorker } from '@svc/background';
import type { Logger } from '@svc/telemetry';
import type { DeliveryRepository } from '../store/delivery-repository.js';

/** What the sweeper needs of the catalog (its client is one). */
export interface TenantDirectory {
  listTenants(request: catalogV1.ListTenantsRequest): Promise<catalogV1.ListTenantsResponse>;
}

export interface BodySweeperDeps {
  catalog: TenantDirectory;
  deliveries: DeliveryRepository;
  /** DocumentStore.scrubFreed: removed bodies leave the store's files too. */
  scrubFreed: () => Promise<void>;
  logger: Logger;
  /** Epoch ms; tests move it. */
  now: () => number;
}

/** Tenants read per ListTenants call (the catalog's largest page). */
const TENANT_PAGE = 100;
/** After a failed sweep (the catalog not answering yet), the next try comes this soon at the latest. */
const RETRY_MS = 60_000;

/** A sweep in progress (started by the loop or called directly) ends early once stopped. */
export class BodySweeper extends DueWorker {

  constructor(
    private readonly deps: BodySweeperDeps,
    private readonly intervalMs: number,
  ) {
    super('webhook body retention', intervalMs, deps.logger);
  }

  protected async pass(): Promise<number> {
    try {
      await this.sweep();
      return this.intervalMs;
    } catch (err) {
      this.deps.logger.warn({ err }, 'webhook body retention sweep failed; will retry');
      return Math.min(this.intervalMs, RETRY_MS);
    }
  }

  /** One sweep over every tenant; answers how many bodies it removed. */
  async sweep(): Promise<number> {
    const { catalog, deliveries, now } = this.deps;
    const nowMs = now();
    const going = () => !this.stopped;
    let removed = 0;
    let cursor = '';
    try {
      do {
        const page = await catalog.listTenants({ page: { limit: TENANT_PAGE, cursor } });
        for (const tenant of page.items) {
          if (!going()) return removed;
          const days = effectiveRetention(tenant.retention).webhookBodyDays;
          removed += await deliveries.removeBodiesBefore(tenant.tenantId, nowMs - days * DAY_MS, nowMs, going);
        }
        cursor = page.page?.nextCursor ?? '';
      } while (cursor !== '' && going());
    } finally {
      if (removed > 0) {
        await this.deps.scrubFreed();
        this.deps.logger.info({ bodiesRemoved: removed }, 'webhook delivery bodies past retention removed');
      }
    }
    return removed;
  }
}
