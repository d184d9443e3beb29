import { existsSync } from 'node:fs';
import { embeddedSecret, storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore, openStore, type DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { IdentityConfig } from './config.js';
import { startIdentityService } from './service.js';
import { copyFormerGatewayIdentity } from './store/former-gateway-copy.js';

/**
 * The identity service as its configuration describes it: main.ts and the embedded platform
 * start it so. `shared.bus`: a bus the caller owns (the embedded platform's). Embedded, the
 * first start copies the identity data out of the gateway's former store (store/former-gateway-copy.ts).
 */
export async function startIdentityFromConfig(
  config: IdentityConfig,
  logger: Logger,
  shared: { bus?: EventBus } = {},
): Promise<RunningGrpcHost> {
  const store = await openStore(storeConfigFor('identity', config));
  try {
    if (config.PROFILE === 'embedded') await copyFromFormerGateway(store, config, logger);
  } catch (err) {
    await store.close();
    throw err;
  }
  return startIdentityService(config, {
    logger,
    store,
    bus: shared.bus ?? eventBusFromConfig(config, 'identity'),
    catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR ?? '127.0.0.1:50051'),
    sessionSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
  });
}

/** Embedded: DATA_DIR/gateway.sqlite's identity collections, once (docs/operations.md "Upgrading to the identity service"). */
async function copyFromFormerGateway(store: DocumentStore, config: IdentityConfig, logger: Logger): Promise<void> {
  const former = storeConfigFor('gateway', config);
  const copied = await copyFormerGatewayIdentity(store, async () =>
    former.kind === 'sqlite' && existsSync(former.file) ? openSqliteStore({ file: former.file }) : null,
  );
  if (copied > 0) logger.info({ documents: copied }, "copied the identity data out of the gateway's former store");
}
