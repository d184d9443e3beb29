import { storeConfigFor } from '@svc/config';
import type { RunningGrpcHost } from '@svc/grpc';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { CatalogConfig } from './config.js';
import { startCatalogService } from './service.js';

/** The catalog service as its configuration describes it: main.ts and the embedded platform start it so. */
export async function startCatalogFromConfig(config: CatalogConfig, logger: Logger): Promise<RunningGrpcHost> {
  return startCatalogService(config, { logger, store: await openStore(storeConfigFor('catalog', config)) });
}
