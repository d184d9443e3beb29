import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { catalogService } from './rpc/catalog-service.js';
import { catalogRepositories } from './store/catalog-repositories.js';
import { ensureCatalogIndexes } from './store/collections.js';

export const CATALOG_SERVICE_NAME = 'catalog.v1.CatalogService';

export interface CatalogDeps {
  logger: Logger;
  store: DocumentStore;
  /** Epoch ms; tests may pin it. */
  now?: () => number;
}

/** Tenants, catalog and availability inputs over gRPC. Owns (and closes) the store. */
export async function startCatalogService(settings: HostSettings, deps: CatalogDeps): Promise<RunningGrpcHost> {
  const { logger, store } = deps;
  try {
    // Before serving: slug uniqueness lives in the unique indexes.
    await ensureCatalogIndexes(store);
    const catalog = catalogService({ store, repos: catalogRepositories(store), now: deps.now ?? Date.now });
    return await startGrpcHost({
      name: 'catalog',
      settings,
      logger,
      services: [catalog],
      resources: { store },
    });
  } catch (err) {
    // The host never took the store over, so nobody else would close it.
    await store.close().catch((closeErr: unknown) => logger.error({ err: closeErr }, 'closing the store failed'));
    throw err;
  }
}
