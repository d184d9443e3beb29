import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { gatewayConfigSchema } from './config.js';
import { startGatewayFromConfig } from './from-config.js';

await startConfiguredProcess(
  'gateway',
  () => loadConfig(gatewayConfigSchema),
  async (config, logger) => {
    const gateway = await startGatewayFromConfig(config, logger);
    logger.info({ url: gateway.url }, `gateway listening on ${gateway.url}`);
    return gateway;
  },
);
