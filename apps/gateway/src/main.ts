import { loadConfig, storeConfigFor } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { openStore } from '@svc/store';
import { gatewayConfigSchema, gatewaySettings } from './config.js';
import { startGateway } from './start.js';

await startConfiguredProcess(
  'gateway',
  () => loadConfig(gatewayConfigSchema),
  async (config, logger) => {
    const gateway = await startGateway({
      host: config.HOST,
      port: config.PORT,
      logger,
      store: await openStore(storeConfigFor('gateway', config)),
      settings: gatewaySettings(config, config.PORT),
      addresses: {
        catalog: config.CATALOG_GRPC_ADDR ?? '127.0.0.1:50051',
        booking: config.BOOKING_GRPC_ADDR ?? '127.0.0.1:50052',
        customer: config.CUSTOMER_GRPC_ADDR ?? '127.0.0.1:50053',
        'webhook-dispatcher': config.WEBHOOKS_GRPC_ADDR ?? '127.0.0.1:50054',
      },
    });
    logger.info({ url: gateway.url }, `gateway listening on ${gateway.url}`);
    return gateway;
  },
);
