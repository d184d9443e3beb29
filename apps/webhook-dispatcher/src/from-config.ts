import { commaList, embeddedSecret, storeConfigFor } from '@svc/config';
import { SecretBox } from '@svc/crypto';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { DispatcherConfig } from './config.js';
import { startWebhookDispatcher } from './service.js';
import { UrlPolicy, type Resolver } from '@svc/url-policy';

/**
 * The dispatcher as its configuration describes it: main.ts and the embedded platform start it
 * so. `shared.bus`: a bus the caller owns (the embedded platform's, which booking publishes to)
 * instead of one of the dispatcher's own. `shared.resolve`: the DNS resolver of the URL policy
 * (tests).
 *
 * The retention sweep reads the tenants from the catalog at CATALOG_GRPC_ADDR every
 * RETENTION_SWEEP_INTERVAL_MS. Loopback targets (http to loopback allowed) follow ALLOW_LOOPBACK_TARGETS. The secret key comes
 * from WEBHOOK_SECRET_KEY (required in the distributed profile); embedded, a random one kept
 * in DATA_DIR/secrets.json.
 */
export async function startWebhookDispatcherFromConfig(
  config: DispatcherConfig,
  logger: Logger,
  shared: { bus?: EventBus; resolve?: Resolver } = {},
): Promise<RunningGrpcHost> {
  const key = config.WEBHOOK_SECRET_KEY ?? embeddedSecret(config.DATA_DIR, 'webhook');
  const secrets = new SecretBox(key, commaList(config.WEBHOOK_SECRET_KEY_PREVIOUS));
  const policy = new UrlPolicy({
    allowLoopback: config.ALLOW_LOOPBACK_TARGETS === 'on',
    allowlist: commaList(config.WEBHOOK_URL_ALLOWLIST),
    ...(shared.resolve ? { resolve: shared.resolve } : {}),
  });
  return startWebhookDispatcher(config, {
    logger,
    store: await openStore(storeConfigFor('webhook-dispatcher', config)),
    bus: shared.bus ?? eventBusFromConfig(config, 'webhook-dispatcher'),
    secrets,
    policy,
    maxSubscriptions: config.WEBHOOK_MAX_SUBSCRIPTIONS,
    retention: {
      catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
      intervalMs: config.RETENTION_SWEEP_INTERVAL_MS,
    },
    worker: {
      firstRetryMs: config.WEBHOOK_FIRST_RETRY_MS,
      attemptTimeoutMs: config.WEBHOOK_ATTEMPT_TIMEOUT_MS,
      pollMs: config.WEBHOOK_POLL_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
    },
  });
}
