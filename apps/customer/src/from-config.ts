import { storeConfigFor } from '@svc/config';
import type { RunningGrpcHost } from '@svc/grpc';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { CustomerConfig } from './config.js';
import { startCustomerService } from './service.js';

/** The customer service as its configuration describes it: main.ts and the embedded platform start it so. */
export async function startCustomerFromConfig(config: CustomerConfig, logger: Logger): Promise<RunningGrpcHost> {
  return startCustomerService(config, { logger, store: await openStore(storeConfigFor('customer', config)) });
}
