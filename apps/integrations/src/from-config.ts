import { commaList, embeddedSecret, storeConfigFor } from '@svc/config';
import { SecretBox } from '@svc/crypto';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { IntegrationsConfig } from './config.js';
import { UrlPolicy } from '@svc/url-policy';
import type { ProviderFactory } from './connections/connections.js';
import { startIntegrations } from './service.js';

/**
 * The integrations service as its configuration describes it: main.ts and the embedded
 * platform start it so. `shared.bus`: a bus the caller owns (the embedded platform's). The
 * secret key comes from INTEGRATIONS_SECRET_KEY (required in the distributed profile);
 * embedded, a random one kept in DATA_DIR/secrets.json.
 */
export async function startIntegrationsFromConfig(
  config: IntegrationsConfig,
  logger: Logger,
  shared: { bus?: EventBus; providerOf?: ProviderFactory } = {},
): Promise<RunningGrpcHost> {
  const key = config.INTEGRATIONS_SECRET_KEY ?? embeddedSecret(config.DATA_DIR, 'integrations');
  return startIntegrations(config, {
    logger,
    store: await openStore(storeConfigFor('integrations', config)),
    bus: shared.bus ?? eventBusFromConfig(config, 'integrations'),
    secrets: new SecretBox(key, commaList(config.INTEGRATIONS_SECRET_KEY_PREVIOUS)),
    busyCacheMs: config.BUSY_CACHE_MS,
    providerTimeoutMs: config.PROVIDER_TIMEOUT_MS,
    sync: { firstRetryMs: config.SYNC_FIRST_RETRY_MS, pollMs: config.SYNC_POLL_MS },
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            oauth: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              authorizationUrl: config.GOOGLE_AUTHORIZATION_URL,
              tokenUrl: config.GOOGLE_TOKEN_URL,
            },
            apiUrl: config.GOOGLE_CALENDAR_API_URL,
          }
        : null,
    microsoft:
      config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET
        ? {
            oauth: {
              clientId: config.MICROSOFT_CLIENT_ID,
              clientSecret: config.MICROSOFT_CLIENT_SECRET,
              authorityUrl: config.MICROSOFT_AUTHORITY_URL,
              tenant: config.MICROSOFT_TENANT,
            },
            apiUrl: config.MICROSOFT_GRAPH_API_URL,
          }
        : null,
    zoom:
      config.ZOOM_CLIENT_ID && config.ZOOM_CLIENT_SECRET
        ? {
            oauth: {
              clientId: config.ZOOM_CLIENT_ID,
              clientSecret: config.ZOOM_CLIENT_SECRET,
              authorizationUrl: config.ZOOM_AUTHORIZATION_URL,
              tokenUrl: config.ZOOM_TOKEN_URL,
            },
            apiUrl: config.ZOOM_API_URL,
          }
        : null,
    stripeApiUrl: config.STRIPE_API_URL,
    catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
    providerMaxResponseBytes: config.PROVIDER_MAX_RESPONSE_BYTES,
    // ALLOW_LOOPBACK_TARGETS: a CalDAV server on loopback over http (a local Radicale).
    urlPolicy: new UrlPolicy({
      allowLoopback: config.ALLOW_LOOPBACK_TARGETS === 'on',
      allowlist: commaList(config.CALDAV_URL_ALLOWLIST),
    }),
    ...(shared.providerOf ? { providerOf: shared.providerOf } : {}),
  });
}
