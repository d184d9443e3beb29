import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { EventBus } from '@svc/events';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

/**
 * The dispatcher's host: Health over its store and bus. `webhooks.v1.WebhookService` is not
 * served yet, so Health does not name it (a Check for it answers NOT_FOUND); it joins
 * `services` with its handlers. Owns its dependencies.
 */
export function startWebhookDispatcher(
  settings: HostSettings,
  deps: { logger: Logger; store: DocumentStore; bus: EventBus },
): Promise<RunningGrpcHost> {
  return startGrpcHost({
    name: 'webhook-dispatcher',
    settings,
    logger: deps.logger,
    services: [],
    resources: { store: deps.store, bus: deps.bus },
  });
}
