import { loadConfig, storeConfigFor } from '@svc/config';
import { createKafkaEventBus, InProcessEventBus } from '@svc/events';
import { startConfiguredProcess } from '@svc/grpc';
import { openStore } from '@svc/store';
import { dispatcherConfigSchema } from './config.js';
import { startWebhookDispatcher } from './service.js';

await startConfiguredProcess(
  'webhook-dispatcher',
  () => loadConfig(dispatcherConfigSchema),
  async (config, logger) =>
    startWebhookDispatcher(config, {
      logger,
      store: await openStore(storeConfigFor('webhook-dispatcher', config)),
      bus:
        config.PROFILE === 'distributed'
          ? createKafkaEventBus({
              brokers: (config.KAFKA_BROKERS ?? '').split(','),
              clientId: 'webhook-dispatcher',
            })
          : new InProcessEventBus(),
    }),
);
