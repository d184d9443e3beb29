import { existsSync } from 'node:fs';
import { embeddedSecret, storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { bookingV1, catalogV1, customerV1, integrationsV1, notificationsV1, webhooksV1 } from '@svc/proto';
import { openSqliteStore, openStore, type DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { IdentityConfig } from './config.js';
import { startIdentityService } from './service.js';
import { copyFormerGatewayIdentity } from './store/former-gateway-copy.js';

/**
 * The identity service as its configuration describes it: main.ts and the embedded platform
 * start it so. `shared.bus`: a bus the caller owns (the embedded platform's); `shared.now`: its clock. The first start
 * copies the identity data out of the gateway's former store (store/former-gateway-copy.ts).
 */
export async function startIdentityFromConfig(
  config: IdentityConfig,
  logger: Logger,
  shared: { bus?: EventBus; now?: () => number } = {},
): Promise<RunningGrpcHost> {
  const store = await openStore(storeConfigFor('identity', config));
  try {
    await copyFromFormerGateway(store, config, logger);
  } catch (err) {
    await store.close();
    throw err;
  }
  return startIdentityService(config, {
    logger,
    store,
    bus: shared.bus ?? eventBusFromConfig(config, 'identity'),
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
    sessionSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
    auditSweepMs: config.RETENTION_SWEEP_INTERVAL_MS,
    ...(shared.now ? { clock: shared.now } : {}),
  });
}

/**
 * The identity data the gateway kept before this service existed, copied once (docs/operations.md
 * "Upgrading to the identity service"): embedded from DATA_DIR/gateway.sqlite, distributed from the
 * gateway's former MongoDB database (FORMER_GATEWAY_MONGODB_DB). Nothing to copy when that is
 * this service's own database: the collections kept their names.
 */
async function copyFromFormerGateway(store: DocumentStore, config: IdentityConfig, logger: Logger): Promise<void> {
  const own = storeConfigFor('identity', config);
  const former = storeConfigFor('gateway', {
    ...config,
    ...(config.FORMER_GATEWAY_MONGODB_DB ? { MONGODB_DB: config.FORMER_GATEWAY_MONGODB_DB } : {}),
  });
  const copied = await copyFormerGatewayIdentity(store, async () => {
    if (former.kind === 'sqlite') return existsSync(former.file) ? openSqliteStore({ file: former.file }) : null;
    return own.kind === 'mongodb' && own.dbName === former.dbName ? null : openStore(former);
  });
  if (copied > 0) logger.info({ documents: copied }, "copied the identity data out of the gateway's former store");
}

function optionalClient<S extends Parameters<typeof connectService>[0]>(definition: S, address: string | undefined) {
  return address === undefined ? null : connectService(definition, address);
}

/** An optional service's default address: its port on this host when embedded, none when distributed. */
const embeddedDefault = (config: IdentityConfig, address: string) =>
  config.PROFILE === 'distributed' ? undefined : address;
