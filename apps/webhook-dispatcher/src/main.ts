import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { dispatcherConfigSchema } from './config.js';
import { startWebhookDispatcherFromConfig } from './from-config.js';

await startConfiguredProcess(
  'webhook-dispatcher',
  () => loadConfig(dispatcherConfigSchema),
  (config, logger) => startWebhookDispatcherFromConfig(config, logger),
);
