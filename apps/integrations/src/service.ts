import type { SecretBox } from '@svc/crypto';
import type { CatalogClient } from '@svc/grpc';
import type { UrlPolicy } from '@svc/url-policy';
import { BackgroundWork } from '@svc/background';
import type { EventBus } from '@svc/events';
import { serviceNameOf, startGrpcHost, unprobed, type HostSettings, type RunningGrpcHost } from '@svc/grpc';
import { integrationsV1 } from '@svc/proto';
import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import { BusyTimes } from './calendars/busy-times.js';
import { bumpCatalogVersion } from './calendars/catalog-version.js';
import { ConnectionTokens } from './connections/connection-tokens.js';
import { REFRESH_LEASE_SLACK_MS } from './connections/token-refresh.js';
import { ReauthNoticeRelay } from './connections/reauth-notices.js';
import {
  ConnectionUse,
  meetingFactory,
  ProviderClients,
  providerFactory,
  type MeetingFactory,
  type ProviderFactory,
} from './connections/connections.js';
import { GoogleOAuth, type GoogleOAuthSettings } from './connections/providers/google-oauth.js';
import { MicrosoftOAuth, type MicrosoftOAuthSettings } from './connections/providers/microsoft-oauth.js';
import { oauthConnectors } from './connections/oauth-connectors.js';
import { measured, measuredMeetings } from './providers/measured.js';
import { ZoomOAuth, type ZoomOAuthSettings } from './connections/providers/zoom-oauth.js';
import { integrationService } from './rpc/integration-service.js';
import { PaymentClients } from './payments/payment-clients.js';
import { STRIPE_DEFAULT_API_URL } from './payments/providers/stripe-client.js';
import { PaymentAccountRepository } from './payments/store/payment-account-repository.js';
import { ConnectionRepository } from './connections/store/connection-repository.js';
import { ErasureRepository } from './store/erasure-repository.js';
import { OAuthStateRepository } from './connections/store/oauth-state-repository.js';
import { INTEGRATION_INDEXES } from './store/records.js';
import { SyncRepository } from './store/sync-repository.js';
import { consumeBookingEvents } from './calendars/sync/consumer.js';
import { SyncWorker } from './calendars/sync/worker.js';

export const INTEGRATION_SERVICE_NAME = serviceNameOf(integrationsV1.IntegrationServiceService);

export interface IntegrationsDeps {
  logger: Logger;
  store: DocumentStore;
  bus: EventBus;
  /** Seals and opens provider credentials (AES-256-GCM, key from configuration). */
  secrets: SecretBox;
  busyCacheMs: number;
  providerTimeoutMs: number;
  /** The most one provider response may carry (PROVIDER_MAX_RESPONSE_BYTES). */
  providerMaxResponseBytes: number;
  sync: { firstRetryMs: number; pollMs: number };
  /** Google Calendar: the OAuth client and the API's base URL; null when not configured. */
  google: { oauth: Omit<GoogleOAuthSettings, 'timeoutMs' | 'maxResponseBytes'>; apiUrl: string } | null;
  /** Microsoft 365: the OAuth client (authority and tenant) and Graph's base URL; null or absent when not configured. */
  microsoft?: { oauth: Omit<MicrosoftOAuthSettings, 'timeoutMs' | 'maxResponseBytes'>; apiUrl: string } | null;
  /** Zoom (a user-level OAuth app): the OAuth client and the API's base URL; null or absent when not configured. */
  zoom?: { oauth: Omit<ZoomOAuthSettings, 'timeoutMs' | 'maxResponseBytes'>; apiUrl: string } | null;
  /** Stripe's API (STRIPE_API_URL; tests: a stand-in); absent: https://api.stripe.com. */
  stripeApiUrl?: string;
  /** The catalog: a service's conferencing; the tenant's catalog version, bumped at every connection change. */
  catalog: CatalogClient;
  /** Where a CalDAV server URL may point (the webhook URL policy). */
  urlPolicy: UrlPolicy;
  now?: () => number;
  /** The provider of a connection; tests may wrap it. */
  providerOf?: ProviderFactory;
  /** The meetings of a video connection (Zoom); tests may wrap it. */
  meetingsOf?: MeetingFactory;
}

/**
 * The integrations service: serves integrations.v1.IntegrationService, consumes the booking
 * topic in its own group (write-back wishes) and runs the write-back worker. Owns its store
 * and bus: at shutdown it stops consuming, lets the writes in flight finish, then closes them.
 */
export async function startIntegrations(settings: HostSettings, deps: IntegrationsDeps): Promise<RunningGrpcHost> {
  const now = deps.now ?? Date.now;
  // Every change of what busy times answer bumps the tenant's catalog version (catalog-version.ts).
  const connections = new ConnectionRepository(deps.store, bumpCatalogVersion(deps.catalog, deps.logger));
  const syncs = new SyncRepository(deps.store);
  // Every provider's token requests have the same time and answer size.
  const limited = <S extends object>(oauth: S) => ({
    ...oauth,
    timeoutMs: deps.providerTimeoutMs,
    maxResponseBytes: deps.providerMaxResponseBytes,
  });
  const google = deps.google
    ? { oauth: new GoogleOAuth(limited(deps.google.oauth)), apiUrl: deps.google.apiUrl }
    : null;
  const microsoft = deps.microsoft
    ? { oauth: new MicrosoftOAuth(limited(deps.microsoft.oauth)), apiUrl: deps.microsoft.apiUrl }
    : null;
  const zoom = deps.zoom ? { oauth: new ZoomOAuth(limited(deps.zoom.oauth)), apiUrl: deps.zoom.apiUrl } : null;
  const providerSettings = {
    secrets: deps.secrets,
    timeoutMs: deps.providerTimeoutMs,
    maxResponseBytes: deps.providerMaxResponseBytes,
    google,
    microsoft,
    zoom,
    connections,
    urlPolicy: deps.urlPolicy,
    now,
    // A refresh lease outlasts the token request (PROVIDER_TIMEOUT_MS) and the writes around it.
    tokens: new ConnectionTokens({
      secrets: deps.secrets,
      connections,
      now,
      leaseMs: deps.providerTimeoutMs + REFRESH_LEASE_SLACK_MS,
    }),
  };
  const made = deps.providerOf ?? providerFactory(providerSettings);
  const meetingsOf = deps.meetingsOf ?? meetingFactory(providerSettings);
  // One measured client per connection, kept while its credentials stay the same.
  const clients = new ProviderClients((doc) => measured(made(doc), doc.provider));
  const use = new ConnectionUse(connections, clients, now, (doc) => measuredMeetings(meetingsOf(doc), doc.provider));
  const busy = new BusyTimes({ connections, syncs, use, now, cacheMs: deps.busyCacheMs });
  const worker = new SyncWorker(
    { syncs, connections, use, catalog: deps.catalog, logger: deps.logger, now },
    // A lease outlasts the two provider requests a write can make.
    // A write makes up to four provider requests (a meeting, the old calendar's event removed,
    // the booking's event looked up, then written), each within its timeout.
    { ...deps.sync, leaseMs: 4 * deps.providerTimeoutMs + 15_000 },
  );
  // The business hears when a connection needs connecting again (connections/reauth-notices.ts).
  const notices = new ReauthNoticeRelay({ connections, bus: deps.bus, logger: deps.logger, now }, deps.sync.pollMs);
  const background = new BackgroundWork([worker, notices]);
  const host = await startGrpcHost({
    name: 'integrations',
    settings,
    logger: deps.logger,
    services: [
      integrationService({
        connections,
        syncs,
        states: new OAuthStateRepository(deps.store),
        busy,
        use,
        clients,
        secrets: deps.secrets,
        oauth: oauthConnectors({
          timeoutMs: deps.providerTimeoutMs,
          maxResponseBytes: deps.providerMaxResponseBytes,
          google,
          microsoft,
          zoom,
        }),
        urlPolicy: deps.urlPolicy,
        now,
        onRequeued: () => worker.nudge(),
        payments: {
          accounts: new PaymentAccountRepository(deps.store),
          // Each Stripe request within the provider timeout (docs/decisions.md "Payments").
          clients: new PaymentClients(deps.secrets, {
            apiUrl: deps.stripeApiUrl ?? STRIPE_DEFAULT_API_URL,
            timeoutMs: deps.providerTimeoutMs,
          }),
        },
      }),
    ],
    resources: {
      store: deps.store,
      bus: deps.bus,
      // A channel, not probed (the catalog's health is its own).
      catalog: unprobed(deps.catalog),
    },
    prepare: () => deps.store.ensureIndexes(INTEGRATION_INDEXES),
    onStopping: () => background.stop(),
  });
  await background.start(host, [
    () =>
      consumeBookingEvents(deps.bus, {
        connections,
        syncs,
        erasures: new ErasureRepository(deps.store),
        scrubFreed: () => deps.store.scrubFreed(),
        now,
        onStored: () => worker.nudge(),
      }),
  ]);
  return host;
}
