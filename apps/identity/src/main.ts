import { loadConfig } from '@svc/config';
import { startConfiguredProcess } from '@svc/grpc';
import { identityConfigSchema } from './config.js';
import { startIdentityFromConfig } from './from-config.js';

await startConfiguredProcess('identity', () => loadConfig(identityConfigSchema), startIdentityFromConfig);
