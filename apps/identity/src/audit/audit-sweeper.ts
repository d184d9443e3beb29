import type { CatalogClient } from '@svc/grpc';
import { effectiveRetention, RETENTION_DEFAULTS, retentionCutoffMs } from '@svc/rules';
import { DueWorker } from '@svc/background';
import type { Logger } from '@svc/telemetry';
import type { AuditLog } from './audit-log.js';

/** How often the sweep runs unless configured (RETENTION_SWEEP_INTERVAL_MS). */
export const AUDIT_SWEEP_DEFAULT_MS = 3_600_000;
/** Tenants per ListTenants page. */
const TENANT_PAGE = 100;

export interface AuditSweeperOptions {
  /** The clock the retention cut-offs are computed from (a test moves it). */
  now: () => number;
  intervalMs: number;
  logger: Logger;
}

/**
 * The audit log's sweeper (docs/operations.md "Retention"): each pass marks the records a stopped
 * process left pending as `unknown`, then removes every tenant's records older than its
 * `retention.auditDays` (catalog.v1 ListTenants, paged; 0 is the default 365), one indexed delete
 * per tenant over (tenantId, createdAtMs). Runs at start and then every `intervalMs`; a pass that
 * fails (the catalog unreachable) is logged and tried again at the next.
 */
export class AuditSweeper extends DueWorker {
  constructor(
    private readonly log: AuditLog,
    private readonly catalog: Pick<CatalogClient, 'listTenants'>,
    private readonly options: AuditSweeperOptions,
  ) {
    super('audit sweep', options.intervalMs, options.logger);
  }

  protected async pass(): Promise<number> {
    await this.sweep();
    return this.options.intervalMs;
  }

  /** One pass; answers how many records it marked unknown and how many it removed. */
  async sweep(): Promise<{ marked: number; removed: number }> {
    const marked = await this.log.markAbandoned();
    const nowMs = this.options.now();
    let removed = 0;
    let cursor = '';
    do {
      const res = await this.catalog.listTenants({ page: { limit: TENANT_PAGE, cursor } });
      for (const tenant of res.items) {
        const days = effectiveRetention(tenant.retention).auditDays;
        removed += await this.log.sweepTenant(tenant.tenantId, retentionCutoffMs(nowMs, days));
      }
      cursor = res.page?.nextCursor ?? '';
    } while (cursor !== '');
    // Records of an operator's tenant:create that never answered name no tenant: the default.
    removed += await this.log.sweepTenant('', retentionCutoffMs(nowMs, RETENTION_DEFAULTS.auditDays));
    if (marked + removed > 0) this.options.logger.info({ marked, removed }, 'audit log swept');
    return { marked, removed };
  }
}
