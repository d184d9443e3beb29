import { serviceNameOf, startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { catalogService } from './rpc/catalog-service.js';
import { catalogRepositories } from './store/catalog-repositories.js';
import { ensureCatalogIndexes } from './store/collections.js';

export const CATALOG_SERVICE_NAME = serviceNameOf(catalogV1.CatalogServiceService);

export interface CatalogDeps {
  logger: Logger;
  store: DocumentStore;
  /** Epoch ms; tests may pin it. */
  now?: () => number;
}

/** Tenants, catalog and availability inputs over gRPC. Owns (and closes) the store. */
export async function startCatalogService(settings: HostSettings, deps: CatalogDeps): Promise<RunningGrpcHost> {
  const { logger, store } = deps;
  return startGrpcHost({
    name: 'catalog',
    settings,
    logger,
    services: [catalogService({ store, repos: catalogRepositories(store), now: deps.now ?? Date.now })],
    resources: { store },
    // Before serving: slug uniqueness lives in the unique indexes.
    prepare: () => ensureCatalogIndexes(store),
  });
}
