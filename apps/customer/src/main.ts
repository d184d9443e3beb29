import { loadConfig, storeConfigFor } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { openStore } from '@svc/store';
import { customerConfigSchema } from './config.js';
import { startCustomerService } from './service.js';

await startConfiguredProcess(
  'customer',
  () => loadConfig(customerConfigSchema),
  async (config, logger) =>
    startCustomerService(config, { logger, store: await openStore(storeConfigFor('customer', config)) }),
);
