import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { customerConfigSchema } from './config.js';
import { startCustomerFromConfig } from './from-config.js';

await startConfiguredProcess('customer', () => loadConfig(customerConfigSchema), startCustomerFromConfig);
