import { storeConfigFor } from '@svc/config';
import type { RunningGrpcHost } from '@svc/grpc';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { IdentityConfig } from './config.js';
import { startIdentityService } from './service.js';

/** The identity service as its configuration describes it: main.ts and the embedded platform start it so. */
export async function startIdentityFromConfig(config: IdentityConfig, logger: Logger): Promise<RunningGrpcHost> {
  return startIdentityService(config, { logger, store: await openStore(storeConfigFor('identity', config)) });
}
