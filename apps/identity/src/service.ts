import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { workspaceServices, type WorkspaceDeps } from './workspace.js';

export interface IdentityServiceDeps {
  logger: Logger;
  store: DocumentStore;
  /** Epoch ms; tests pin it. */
  clock?: () => number;
  /** The audit log and the tenant export (workspace.ts). Owned: its bus and channels close with the service. */
  workspace: WorkspaceDeps;
}

/**
 * Who may act in a workspace and what they did: users, memberships, sessions, keys, the audit
 * log and the workspace's export, over gRPC (docs/architecture.md). Owns (and closes) the store.
 */
export async function startIdentityService(
  settings: HostSettings,
  deps: IdentityServiceDeps,
): Promise<RunningGrpcHost> {
  const workspace = workspaceServices(deps.store, deps.workspace, deps.logger);
  const host = await startGrpcHost({
    name: 'identity',
    settings,
    logger: deps.logger,
    services: [...workspace.services],
    resources: { store: deps.store, ...workspaceResources(deps.workspace) },
    prepare: () => workspace.prepare(),
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

/** The bus and the channels the workspace owns, closed after the server drains; channels are not probed. */
function workspaceResources({ bus, clients }: WorkspaceDeps) {
  const channel = (client: { close(): void }) => ({ ping: async () => {}, close: async () => client.close() });
  const optional = { integrations: clients.integrations, notifications: clients.notifications };
  return {
    bus,
    catalog: channel(clients.catalog),
    booking: channel(clients.booking),
    customer: channel(clients.customer),
    webhooks: channel(clients.webhooks),
    ...Object.fromEntries(Object.entries(optional).flatMap(([name, c]) => (c ? [[name, channel(c)]] : []))),
  };
}
