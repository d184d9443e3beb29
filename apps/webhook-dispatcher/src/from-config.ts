import { storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import type { RunningGrpcHost } from '@svc/grpc';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { DispatcherConfig } from './config.js';
import { startWebhookDispatcher } from './service.js';

/**
 * The dispatcher as its configuration describes it: main.ts and the embedded platform start it
 * so. `shared.bus`: a bus the caller owns (the embedded platform's, which booking publishes to)
 * instead of one of the dispatcher's own.
 */
export async function startWebhookDispatcherFromConfig(
  config: DispatcherConfig,
  logger: Logger,
  shared: { bus?: EventBus } = {},
): Promise<RunningGrpcHost> {
  return startWebhookDispatcher(config, {
    logger,
    store: await openStore(storeConfigFor('webhook-dispatcher', config)),
    bus: shared.bus ?? eventBusFromConfig(config, 'webhook-dispatcher'),
  });
}
