import type { EventBus, Subscription } from '@svc/events';
import type { ServiceBinding } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { AuditLog } from './audit/audit-log.js';
import { auditService } from './audit/audit-rpc.js';
import { AUDIT_SWEEP_DEFAULT_MS, AuditSweeper } from './audit/audit-sweeper.js';
import { customerExportService } from './customer-export/customer-export-rpc.js';
import { consumeErasures } from './tenant-export/erased-customers.js';
import type { ExportSources } from './tenant-export/sources.js';
import { tenantExportService } from './tenant-export/tenant-export-rpc.js';
import { TenantExports } from './tenant-export/tenant-exports.js';

/** What the workspace's administration needs beyond the store (docs/decisions.md "Audit log", "Tenant export"). */
export interface WorkspaceDeps {
  /** The services the tenant export reads and the audit sweep asks for each tenant's retention. */
  clients: ExportSources;
  /** The booking topic's bus: archives of an erased customer go however the erase ends. */
  bus: EventBus;
  /** The download links' HMAC key (SESSION_SECRET). */
  linkSecret: string;
  /** How often the audit log's retention sweep runs (default hourly). */
  auditSweepMs?: number | undefined;
  /** The service's clock (tests move it). */
  now: () => number;
}

export interface RunningWorkspace {
  services: ServiceBinding[];
  /** Starts the sweeper, the export maintenance and the `customer.erased` consumer once the host serves. */
  start(): Promise<void>;
  /** The consumer first (no handler waits on), then the exports and the sweeper. */
  stop(): Promise<void>;
}

/**
 * The audit log and the tenant export, each its own gRPC service in the identity service's
 * process (docs/decisions.md "Tenant export": both are workspace administration, gated by the same
 * members and roles). Indexes and the start-up recovery (records left pending, jobs of a process
 * that died) run in `prepare`, before the host serves.
 */
export function workspaceServices(
  store: DocumentStore,
  deps: WorkspaceDeps,
  logger: Logger,
): RunningWorkspace & {
  prepare(): Promise<void>;
} {
  const log = new AuditLog(store);
  const sweeper = new AuditSweeper(log, deps.clients.catalog, {
    now: deps.now,
    intervalMs: deps.auditSweepMs ?? AUDIT_SWEEP_DEFAULT_MS,
    logger,
  });
  const exports = new TenantExports({
    store,
    downstream: deps.clients,
    logger,
    linkSecret: deps.linkSecret,
    now: deps.now,
  });
  const stopping = new AbortController();
  let erasures: Subscription | undefined;
  let started = false;
  return {
    services: [auditService(log), tenantExportService(exports), customerExportService(deps.clients, deps.now)],
    async prepare() {
      await log.ensureIndexes();
      const marked = await log.markAbandoned();
      if (marked > 0) logger.warn({ marked }, 'audit records left pending by a stopped process marked unknown');
      await exports.jobs.ensureIndexes();
    },
    async start() {
      started = true;
      await exports.start();
      sweeper.start();
      erasures = await consumeErasures(deps.bus, {
        exports,
        customer: deps.clients.customer,
        logger,
        signal: stopping.signal,
      });
    },
    async stop() {
      stopping.abort();
      await erasures?.stop();
      if (!started) return;
      await exports.stop();
      await sweeper.stop();
    },
  };
}
