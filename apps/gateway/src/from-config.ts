import { storeConfigFor } from '@svc/config';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { gatewaySettings, type GatewayConfig } from './config.js';
import { startGateway, type RunningGateway } from './start.js';

/**
 * The gateway as its configuration describes it: main.ts and the embedded platform start it so.
 * Unset service addresses are the services' default ports on this host.
 */
export async function startGatewayFromConfig(config: GatewayConfig, logger: Logger): Promise<RunningGateway> {
  return startGateway({
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
}
