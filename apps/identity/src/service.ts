import { serviceNameOf, startGrpcHost, type CatalogClient, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
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

export const IDENTITY_SERVICE_NAME = serviceNameOf(identityV1.IdentityServiceService);

export interface IdentityServiceDeps {
  logger: Logger;
  store: DocumentStore;
  /** Where identity.events go (the embedded platform's shared bus, or Kafka); closed with the service. */
  bus: EventBus;
  /** Tenants opened with their owner; closed with the service. */
  catalog: CatalogClient;
  /** The HMAC key of the CSRF token a created session comes with. */
  sessionSecret: string;
  /** Epoch ms; tests pin it. */
  clock?: () => number;
}

/**
 * Who may act in a workspace and what they did: users, memberships, sessions, keys, the audit
 * log and the workspace's export, over gRPC (docs/architecture.md). Owns (and closes) the store.
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
    tenantCreates: new TenantCreates(deps.store, { catalog: deps.catalog, identity }, now),
    changes: new ChangePublisher(deps.bus, deps.logger, now),
    sessionSecret: deps.sessionSecret,
    now,
  });
  return startGrpcHost({
    name: 'identity',
    settings,
    logger: deps.logger,
    // One binding per proto service this process serves.
    services: [identityRpc],
    resources: {
      store: deps.store,
      bus: deps.bus,
      // A channel, not probed (the catalog's health is its own).
      catalog: { ping: async () => {}, close: async () => deps.catalog.close() },
    },
    // Before serving: the unique keys must exist before the first write relies on them.
    prepare: async () => {
      await identity.ensureIndexes();
      await attempts.ensureIndexes();
    },
  });
}
