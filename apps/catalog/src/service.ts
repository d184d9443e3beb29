import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

export const CATALOG_SERVICE_NAME = 'catalog.v1.CatalogService';

/** Tenants, catalog and availability inputs over gRPC. Owns (and closes) the store. */
export function startCatalogService(
  settings: HostSettings,
  deps: { logger: Logger; store: DocumentStore },
): Promise<RunningGrpcHost> {
  return startGrpcHost({
    name: 'catalog',
    settings,
    logger: deps.logger,
    services: [],
    healthNames: [CATALOG_SERVICE_NAME],
    resources: { store: deps.store },
  });
}
