import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { integrationsConfigSchema } from './config.js';
import { startIntegrationsFromConfig } from './from-config.js';

await startConfiguredProcess(
  'integrations',
  () => loadConfig(integrationsConfigSchema),
  (config, logger) => startIntegrationsFromConfig(config, logger),
);
