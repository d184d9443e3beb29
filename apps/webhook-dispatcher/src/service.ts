import { startGrpcHost, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import type { EventBus } from '@svc/events';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';

export const WEBHOOK_SERVICE_NAME = 'webhooks.v1.WebhookService';

/** Webhook subscriptions and deliveries over gRPC; consumes booking events. Owns its dependencies. */
export function startWebhookDispatcher(
  settings: HostSettings,
  deps: { logger: Logger; store: DocumentStore; bus: EventBus },
): Promise<RunningGrpcHost> {
  return startGrpcHost({
    name: 'webhook-dispatcher',
    settings,
    logger: deps.logger,
    services: [],
    healthNames: [WEBHOOK_SERVICE_NAME],
    resources: { store: deps.store, bus: deps.bus },
  });
}
