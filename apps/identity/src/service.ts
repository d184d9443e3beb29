import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

export interface IdentityServiceDeps {
  logger: Logger;
  store: DocumentStore;
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
  return startGrpcHost({
    name: 'identity',
    settings,
    logger: deps.logger,
    services: [],
    resources: { store: deps.store },
  });
}
