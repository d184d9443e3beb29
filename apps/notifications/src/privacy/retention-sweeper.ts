/**
 * The retention sweeper (docs/decisions.md "Privacy", docs/operations.md "Retention"): for every
 * tenant the catalog lists, the bodies of its notifications older than the tenant's
 * `retention.notificationBodyDays` (0: the default, 30) are removed; each record keeps its
 * metadata (ids, template, status, times, attempts). A record still pending (a retry or a resend
 * under way) keeps its message until it is final and a later pass. Reads go through the index
 * on (tenantId, bodyRemovedAtMs, createdAtMs): only a tenant's held bodies older than its cutoff,
 * never a scan of all records. As with an erase, the swept messages' copies the mail transport
 * keeps (the .eml files under DATA_DIR/mail) go with their bodies. Runs at start-up and then
 * every `intervalMs` (hourly by default).
 */
import type { CatalogClient } from '@svc/grpc';
import type { catalogV1 } from '@svc/proto';
import { effectiveRetention, retentionCutoffMs } from '@svc/rules';
import { DueWorker } from '@svc/background';
import type { DocumentStore, PagePosition } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { NotificationRepository } from '../store/notification-repository.js';
import { messageIdsOf } from '../store/redaction.js';
import type { MailTransport } from '../transport/mail-transport.js';

/** Tenants read per ListTenants call. */
const TENANT_PAGE = 100;
/** Records whose bodies are removed in one transaction at most. */
const SWEEP_BATCH = 200;

export const DEFAULT_RETENTION_SWEEP_MS = 60 * 60_000;

export interface RetentionSweeperDeps {
  store: DocumentStore;
  notifications: NotificationRepository;
  catalog: Pick<CatalogClient, 'listTenants'>;
  /** Its `forget` removes the .eml copies of the messages whose bodies were removed. */
  mail: Pick<MailTransport, 'forget'>;
  logger: Logger;
  /** Epoch ms; tests move it. */
  now: () => number;
}

export interface SweepResult {
  tenants: number;
  removed: number;
}

export class RetentionSweeper extends DueWorker {
  constructor(
    private readonly deps: RetentionSweeperDeps,
    private readonly intervalMs: number = DEFAULT_RETENTION_SWEEP_MS,
  ) {
    super('notification retention sweeper', intervalMs, deps.logger);
  }

  protected async pass(): Promise<number> {
    const { tenants, removed } = await this.sweep();
    this.deps.logger.info({ tenants, removed }, 'notification retention sweep');
    return this.intervalMs;
  }

  /** One sweep over every tenant; answers how many bodies it removed. */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { tenants: 0, removed: 0 };
    let cursor = '';
    do {
      const page = await this.deps.catalog.listTenants({ page: { limit: TENANT_PAGE, cursor } }, { deadlineMs: 5_000 });
      for (const tenant of page.items) {
        result.removed += await this.sweepTenant(tenant);
        result.tenants++;
      }
      cursor = page.page?.nextCursor ?? '';
    } while (cursor !== '');
    // Removed bodies leave the store's files too (SQLite's write-ahead log holds the old pages).
    if (result.removed > 0) await this.deps.store.scrubFreed();
    return result;
  }

  private async sweepTenant(tenant: catalogV1.Tenant): Promise<number> {
    const { notifications, mail, now } = this.deps;
    const days = effectiveRetention(tenant.retention).notificationBodyDays;
    const nowMs = now();
    const cutoffMs = retentionCutoffMs(nowMs, days);
    let removed = 0;
    let after: PagePosition | null = null;
    do {
      const page = await notifications.heldBodies(tenant.tenantId, cutoffMs, { limit: SWEEP_BATCH, after });
      const swept = await notifications.removeBodies(page.items, nowMs);
      // After the commit: a record a resend made pending again keeps its message and its files.
      const messageIds = swept.flatMap((doc) => messageIdsOf(doc));
      if (messageIds.length > 0 && mail.forget) await mail.forget(messageIds);
      removed += swept.length;
      after = page.next;
    } while (after !== null);
    return removed;
  }
}
