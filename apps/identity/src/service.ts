import { serviceNameOf, startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { EventBus } from '@svc/events';
import { identityV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { TenantCreates } from './application/tenant-creates.js';
import { ChangePublisher } from './events/change-publisher.js';
import { identityService } from './rpc/identity-rpc.js';
import { ApiKeyStore } from './store/api-key-store.js';
import { IdentityStore } from './store/identity-store.js';
import { OAuthAttempts } from './store/oauth-attempts.js';
import { PlatformKeyStore } from './store/platform-key-store.js';
import type { ExportSources } from './tenant-export/sources.js';
import { FirstWorkspaceSetup } from './setup/first-workspace.js';
import { SetupLinkStore } from './setup/setup-link-store.js';
import { workspaceServices } from './workspace.js';

export const IDENTITY_SERVICE_NAME = serviceNameOf(identityV1.IdentityServiceService);

export interface IdentityServiceDeps {
  logger: Logger;
  store: DocumentStore;
  /**
   * The bus (the embedded platform's shared one, or Kafka): identity.events are published on it,
   * and the booking topic's `customer.erased` read from it. Closed with the service.
   */
  bus: EventBus;
  /**
   * The services this one calls: the catalog opens tenants with their owner; the tenant export
   * reads every list and the audit sweep each tenant's retention. Closed with the service.
   */
  clients: ExportSources;
  /** The gateway's HMAC key: the CSRF token a created session comes with, the export's download links. */
  sessionSecret: string;
  /** How often the audit log's retention sweep runs (default hourly). */
  auditSweepMs?: number | undefined;
  /** Epoch ms; tests pin it. */
  clock?: () => number;
}

/**
 * Who may act in a workspace and what they did: users, memberships, sessions, keys
 * (`identity.v1.IdentityService`), the audit log and the workspace's export (`AuditService`,
 * `TenantExportService`, workspace.ts), over gRPC (docs/decisions.md "Identity service").
 * Owns (and closes) the store.
 */
export async function startIdentityService(
  settings: HostSettings,
  deps: IdentityServiceDeps,
): Promise<RunningGrpcHost> {
  const now = deps.clock ?? Date.now;
  const identity = new IdentityStore(deps.store, now);
  const attempts = new OAuthAttempts(deps.store, now);
  const lastUsedFailed = (what: string) => (err: unknown) =>
    deps.logger.warn({ err }, `could not record when ${what} was last used`);
  const identityRpc = identityService({
    identity,
    apiKeys: new ApiKeyStore(deps.store, now, lastUsedFailed('an API key')),
    platformKeys: new PlatformKeyStore(deps.store, now, lastUsedFailed('a platform key')),
    attempts,
    tenantCreates: new TenantCreates(deps.store, { catalog: deps.clients.catalog, identity }, now),
    setup: new FirstWorkspaceSetup({
      catalog: deps.clients.catalog,
      identity,
      links: new SetupLinkStore(deps.store, now),
    }),
    changes: new ChangePublisher(deps.bus, deps.logger, now),
    sessionSecret: deps.sessionSecret,
    now,
  });
  const workspace = workspaceServices(
    deps.store,
    { clients: deps.clients, bus: deps.bus, linkSecret: deps.sessionSecret, auditSweepMs: deps.auditSweepMs, now },
    deps.logger,
  );
  const host = await startGrpcHost({
    name: 'identity',
    settings,
    logger: deps.logger,
    // One binding per proto service this process serves.
    services: [identityRpc, ...workspace.services],
    resources: { store: deps.store, bus: deps.bus, ...channels(deps.clients) },
    // Before serving: the unique keys must exist before the first write relies on them.
    prepare: async () => {
      await identity.ensureIndexes();
      await attempts.ensureIndexes();
      await workspace.prepare();
    },
    onStopping: () => workspace.stop(),
  });
  try {
    await workspace.start();
  } catch (err) {
    await host.stop();
    throw err;
  }
  return host;
}

/** The channels to the services it calls, closed after the server drains; not probed (their health is their own). */
function channels(clients: ExportSources) {
  const channel = (client: { close(): void }) => ({ ping: async () => {}, close: async () => client.close() });
  return Object.fromEntries(
    Object.entries(clients).flatMap(([name, client]) => (client ? [[name, channel(client as { close(): void })]] : [])),
  );
}
