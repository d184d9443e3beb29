import { loadConfig, storeConfigFor } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { openStore } from '@svc/store';
import { catalogConfigSchema } from './config.js';
import { startCatalogService } from './service.js';

await startConfiguredProcess(
  'catalog',
  () => loadConfig(catalogConfigSchema),
  async (config, logger) =>
    startCatalogService(config, { logger, store: await openStore(storeConfigFor('catalog', config)) }),
);
