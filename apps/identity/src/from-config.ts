import { embeddedSecret, storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { bookingV1, catalogV1, customerV1, integrationsV1, notificationsV1, webhooksV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { IdentityConfig } from './config.js';
import { startIdentityService } from './service.js';

/**
 * The identity service as its configuration describes it: main.ts and the embedded platform start it so.
 * `shared.bus`: a bus the caller owns (the embedded platform's).
 */
export async function startIdentityFromConfig(
  config: IdentityConfig,
  logger: Logger,
  shared: { bus?: EventBus } = {},
): Promise<RunningGrpcHost> {
  return startIdentityService(config, {
    logger,
    store: await openStore(storeConfigFor('identity', config)),
    workspace: {
      clients: {
        catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
        booking: connectService(bookingV1.BookingServiceService, config.BOOKING_GRPC_ADDR),
        customer: connectService(customerV1.CustomerServiceService, config.CUSTOMER_GRPC_ADDR),
        webhooks: connectService(webhooksV1.WebhookServiceService, config.WEBHOOKS_GRPC_ADDR),
        // Distributed without the setting: that service is not deployed (docs/operations.md).
        integrations: optionalClient(
          integrationsV1.IntegrationServiceService,
          config.INTEGRATIONS_GRPC_ADDR ?? embeddedDefault(config, '127.0.0.1:50055'),
        ),
        notifications: optionalClient(
          notificationsV1.NotificationServiceService,
          config.NOTIFICATIONS_GRPC_ADDR ?? embeddedDefault(config, '127.0.0.1:50056'),
        ),
      },
      bus: shared.bus ?? eventBusFromConfig(config, 'identity'),
      linkSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
      auditSweepMs: config.RETENTION_SWEEP_INTERVAL_MS,
    },
  });
}

function optionalClient<S extends Parameters<typeof connectService>[0]>(definition: S, address: string | undefined) {
  return address === undefined ? null : connectService(definition, address);
}

/** An optional service's default address: its port on this host when embedded, none when distributed. */
const embeddedDefault = (config: IdentityConfig, address: string) =>
  config.PROFILE === 'distributed' ? undefined : address;
