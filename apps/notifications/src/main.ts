import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { notificationsConfigSchema } from './config.js';
import { startNotificationsFromConfig } from './from-config.js';

await startConfiguredProcess(
  'notifications',
  () => loadConfig(notificationsConfigSchema),
  (config, logger) => startNotificationsFromConfig(config, logger),
);
