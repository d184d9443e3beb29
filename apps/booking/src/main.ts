import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { bookingConfigSchema } from './config.js';
import { startBookingFromConfig } from './from-config.js';

await startConfiguredProcess(
  'booking',
  () => loadConfig(bookingConfigSchema),
  (config, logger) => startBookingFromConfig(config, logger),
);
