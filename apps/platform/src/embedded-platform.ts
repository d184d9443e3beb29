import { publishRuntime, storeConfigFor } from '@svc/config';
import { InProcessEventBus, StoreBusJournal, type EventBus } from '@svc/events';
import { gatewayConfigSchema, startGatewayFromConfig, type ServiceName } from '@svc/gateway';
import type { RunningGrpcHost } from '@svc/grpc';
import { isLoopbackHost } from '@svc/rules';
import { openStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { bookingConfigSchema, startBookingFromConfig } from '@svc/booking';
import { catalogConfigSchema, startCatalogFromConfig } from '@svc/catalog';
import { customerConfigSchema, startCustomerFromConfig } from '@svc/customer';
import { dispatcherConfigSchema, startWebhookDispatcherFromConfig } from '@svc/webhook-dispatcher';
import { integrationsConfigSchema, startIntegrationsFromConfig } from '@svc/integrations';
import { notificationsConfigSchema, startNotificationsFromConfig } from '@svc/notifications';
import { identityConfigSchema, startIdentityFromConfig } from '@svc/identity';
import { startBookingThread } from './booking-thread.js';
import type { ResolvedPlatformConfig } from './config.js';

/** A running service: its gRPC server on the main thread, or the booking thread (booking-thread.ts). */
export type EmbeddedService = Pick<RunningGrpcHost, 'name' | 'port' | 'address' | 'stop'>;

export interface EmbeddedPlatform {
  url: string;
  services: Record<ServiceName, EmbeddedService>;
  stop(): Promise<void>;
}

/** What tests, and a demo start, may hand the platform beyond its configuration. */
export interface EmbeddedPlatformOptions {
  /**
   * The clock (epoch ms) of the booking and notifications services, the two whose behaviour is
   * about time passing (holds expire, reminders fall due): a test moves it forward instead of
   * waiting a day (docs/testing.md "Notifications"), and a demo start replays the demo's past on
   * it (demo/replay-clock.ts, docs/decisions.md "Demo workspace"). Everything else still runs for real.
   * A function cannot cross to another thread, so with a clock booking runs on the main thread
   * whatever BOOKING_THREAD says.
   */
  clock?: () => number;
}

/**
 * Starts the services on free loopback ports, each with its own SQLite file, an
 * in-process lock and one in-process event bus shared by the outbox relay and its consumers
 * (the dispatcher, the integrations write-back, the notifications), journaled in
 * `DATA_DIR/events.sqlite` so a killed process loses no event; then the gateway, which reaches
 * them over real gRPC like in Kubernetes. Each is started by its own start…FromConfig, given the
 * configuration a lone process of it would read. With BOOKING_THREAD=on the booking service runs
 * in a worker thread (booking-thread.ts), reaching the bus through a port; every call between
 * services is still gRPC over loopback (docs/architecture.md "Two profiles, one code path").
 */
export async function startEmbeddedPlatform(
  config: ResolvedPlatformConfig,
  options: EmbeddedPlatformOptions = {},
): Promise<EmbeddedPlatform> {
  const logger = (name: string) => createLogger(name, config.LOG_LEVEL);
  const service = {
    PROFILE: 'embedded',
    LOG_LEVEL: config.LOG_LEVEL,
    SHUTDOWN_GRACE_MS: config.SHUTDOWN_GRACE_MS,
    DATA_DIR: config.DATA_DIR,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: 0,
  };
  // Loopback targets (a local receiver, a local Radicale) only while the gateway itself is
  // reachable on loopback only, unless set (docs/operations.md "Running the whole platform (embedded)").
  const ALLOW_LOOPBACK_TARGETS = config.ALLOW_LOOPBACK_TARGETS ?? (isLoopbackHost(config.HOST) ? 'on' : 'off');
  // One bus shared by booking (publisher) and its consumers: the platform owns it, so one
  // service stopping cannot close it under another. Its journal is the embedded profile's
  // broker log (docs/architecture.md "The event-bus port").
  const busStore = await openStore(storeConfigFor('events', { PROFILE: 'embedded', DATA_DIR: config.DATA_DIR }));
  const journal = await StoreBusJournal.open(busStore);
  const bus = await InProcessEventBus.withJournal(journal).catch(async (err: unknown) => {
    await busStore.close();
    throw err;
  });
  const closeBus = async () => {
    await bus.close();
    journal.close();
    await busStore.close();
  };
  const platformLogger = logger('platform');
  let platform: EmbeddedPlatform | undefined;
  // The booking thread died while running: a platform without booking would answer 500s
  // forever, so it goes down loudly, as a lone service's process would (docs/operations.md).
  const crashed = (err: Error) => {
    platformLogger.fatal({ err }, 'the booking thread died: stopping the platform');
    const exit = () => process.exit(1);
    setTimeout(exit, config.SHUTDOWN_GRACE_MS + 5_000).unref();
    void (platform?.stop() ?? Promise.resolve()).catch(() => undefined).finally(exit);
  };

  // Booking calls the catalog, customer and integrations services, so they start first.
  const catalog = await startCatalogFromConfig(catalogConfigSchema.parse(service), logger('catalog'));
  const customer = await startCustomerFromConfig(customerConfigSchema.parse(service), logger('customer'));
  const integrations = await startIntegrationsFromConfig(
    integrationsConfigSchema.parse({
      ...service,
      CATALOG_GRPC_ADDR: catalog.address,
      INTEGRATIONS_SECRET_KEY: config.INTEGRATIONS_SECRET_KEY,
      ALLOW_LOOPBACK_TARGETS,
      CALDAV_URL_ALLOWLIST: config.CALDAV_URL_ALLOWLIST,
      PROVIDER_MAX_RESPONSE_BYTES: config.PROVIDER_MAX_RESPONSE_BYTES,
      BUSY_CACHE_MS: config.BUSY_CACHE_MS,
      SYNC_FIRST_RETRY_MS: config.SYNC_FIRST_RETRY_MS,
      PROVIDER_TIMEOUT_MS: config.PROVIDER_TIMEOUT_MS,
      GOOGLE_CLIENT_ID: config.GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: config.GOOGLE_CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: config.GOOGLE_AUTHORIZATION_URL,
      GOOGLE_TOKEN_URL: config.GOOGLE_TOKEN_URL,
      GOOGLE_CALENDAR_API_URL: config.GOOGLE_CALENDAR_API_URL,
      MICROSOFT_CLIENT_ID: config.MICROSOFT_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: config.MICROSOFT_CLIENT_SECRET,
      MICROSOFT_TENANT: config.MICROSOFT_TENANT,
      MICROSOFT_AUTHORITY_URL: config.MICROSOFT_AUTHORITY_URL,
      MICROSOFT_GRAPH_API_URL: config.MICROSOFT_GRAPH_API_URL,
      ZOOM_CLIENT_ID: config.ZOOM_CLIENT_ID,
      ZOOM_CLIENT_SECRET: config.ZOOM_CLIENT_SECRET,
      ZOOM_AUTHORIZATION_URL: config.ZOOM_AUTHORIZATION_URL,
      ZOOM_TOKEN_URL: config.ZOOM_TOKEN_URL,
      ZOOM_API_URL: config.ZOOM_API_URL,
      STRIPE_API_URL: config.STRIPE_API_URL,
    }),
    logger('integrations'),
    { bus: borrowed(bus) },
  );
  const bookingConfig = {
    ...service,
    CATALOG_GRPC_ADDR: catalog.address,
    CUSTOMER_GRPC_ADDR: customer.address,
    INTEGRATIONS_GRPC_ADDR: integrations.address,
    LOCK_WAIT_MS: config.LOCK_WAIT_MS,
    HOLD_SWEEP_MS: config.HOLD_SWEEP_MS,
    PAYMENT_POLL_MS: config.PAYMENT_POLL_MS,
    ERASE_WAIT_MS: config.ERASE_WAIT_MS,
  };
  let booking: EmbeddedService;
  try {
    booking =
      config.BOOKING_THREAD === 'on' && !options.clock
        ? await startBookingThread({
            data: { config: bookingConfig, logLevel: config.LOG_LEVEL, tracingService: 'platform' },
            bus,
            logger: platformLogger,
            stopTimeoutMs: config.SHUTDOWN_GRACE_MS + 5_000,
            onCrash: (err) => crashed(err),
          })
        : await startBookingFromConfig(bookingConfigSchema.parse(bookingConfig), logger('booking'), {
            bus: borrowed(bus),
            ...(options.clock ? { now: options.clock } : {}),
          });
  } catch (err) {
    // Leave nothing running: the services started so far and the bus.
    await Promise.all([catalog.stop(), customer.stop(), integrations.stop()]);
    await closeBus();
    throw err;
  }
  const started: EmbeddedService[] = [catalog, customer, integrations, booking];
  // Each start after the booking service: on a failure, leave nothing running.
  const next = async <T extends EmbeddedService>(start: Promise<T>): Promise<T> => {
    try {
      const service = await start;
      started.push(service);
      return service;
    } catch (err) {
      await Promise.all(started.map((s) => s.stop()));
      await closeBus();
      throw err;
    }
  };
  const core = {
    catalog,
    customer,
    integrations,
    booking,
    'webhook-dispatcher': await next(
      startWebhookDispatcherFromConfig(
        dispatcherConfigSchema.parse({
          ...service,
          // The tenants' retention for the sweep of delivery bodies.
          CATALOG_GRPC_ADDR: catalog.address,
          WEBHOOK_SECRET_KEY: config.WEBHOOK_SECRET_KEY,
          ALLOW_LOOPBACK_TARGETS,
          WEBHOOK_URL_ALLOWLIST: config.WEBHOOK_URL_ALLOWLIST,
          WEBHOOK_FIRST_RETRY_MS: config.WEBHOOK_FIRST_RETRY_MS,
          WEBHOOK_ATTEMPT_TIMEOUT_MS: config.WEBHOOK_ATTEMPT_TIMEOUT_MS,
          WEBHOOK_MAX_SUBSCRIPTIONS: config.WEBHOOK_MAX_SUBSCRIPTIONS,
        }),
        logger('webhook-dispatcher'),
        { bus: borrowed(bus) },
      ),
    ),
  };
  // The links in its emails name the gateway, which starts last: its address is the configured one.
  const notifications = await next(
    startNotificationsFromConfig(
      notificationsConfigSchema.parse({
        ...service,
        CATALOG_GRPC_ADDR: catalog.address,
        BOOKING_GRPC_ADDR: core.booking.address,
        CUSTOMER_GRPC_ADDR: customer.address,
        // A booking's video meeting link for the customer's messages.
        INTEGRATIONS_GRPC_ADDR: integrations.address,
        BASE_URL: config.BASE_URL ?? `http://${config.HOST}:${config.PORT}`,
        MANAGE_TOKEN_SECRET: config.MANAGE_TOKEN_SECRET,
        MANAGE_TOKEN_KID: config.MANAGE_TOKEN_KID,
        MANAGE_TOKEN_PREVIOUS: config.MANAGE_TOKEN_PREVIOUS,
        SMTP_URL: config.SMTP_URL,
        SMTP_POOL_SIZE: config.SMTP_POOL_SIZE,
        MAIL_FROM: config.MAIL_FROM,
        DASHBOARD_URL: config.DASHBOARD_URL,
        SMS_API_URL: config.SMS_API_URL,
        SMS_ACCOUNT_SID: config.SMS_ACCOUNT_SID,
        SMS_AUTH_TOKEN: config.SMS_AUTH_TOKEN,
        SMS_FROM: config.SMS_FROM,
        NOTIFY_FIRST_RETRY_MS: config.NOTIFY_FIRST_RETRY_MS,
        NOTIFY_POLL_MS: config.NOTIFY_POLL_MS,
        NOTIFY_CONCURRENCY: config.NOTIFY_CONCURRENCY,
        NOTIFY_SEND_TIMEOUT_MS: config.NOTIFY_SEND_TIMEOUT_MS,
        NOTIFY_MEETING_WAIT_MS: config.NOTIFY_MEETING_WAIT_MS,
      }),
      logger('notifications'),
      { bus: borrowed(bus), ...(options.clock ? { now: options.clock } : {}) },
    ),
  );
  const services: Record<ServiceName, EmbeddedService> = {
    ...core,
    notifications,
    // Users, memberships, sessions and keys, the audit log and the tenant export, which reads
    // every other service (docs/decisions.md "Identity service"); on its first start it copies the
    // identity data out of the gateway's former store (docs/operations.md "Upgrading to the identity service").
    identity: await next(
      startIdentityFromConfig(
        identityConfigSchema.parse({
          ...service,
          CATALOG_GRPC_ADDR: catalog.address,
          BOOKING_GRPC_ADDR: core.booking.address,
          CUSTOMER_GRPC_ADDR: customer.address,
          WEBHOOKS_GRPC_ADDR: core['webhook-dispatcher'].address,
          INTEGRATIONS_GRPC_ADDR: integrations.address,
          NOTIFICATIONS_GRPC_ADDR: notifications.address,
          SESSION_SECRET: config.SESSION_SECRET,
        }),
        logger('identity'),
        { bus: borrowed(bus) },
      ),
    ),
  };
  const stopServices = async () => {
    await Promise.all(Object.values(services).map((s) => s.stop()));
    await closeBus();
  };
  let gateway: Awaited<ReturnType<typeof startGatewayFromConfig>>;
  try {
    gateway = await startGatewayFromConfig(
      gatewayConfigSchema.parse({
        ...config,
        CATALOG_GRPC_ADDR: services.catalog.address,
        BOOKING_GRPC_ADDR: services.booking.address,
        CUSTOMER_GRPC_ADDR: services.customer.address,
        WEBHOOKS_GRPC_ADDR: services['webhook-dispatcher'].address,
        INTEGRATIONS_GRPC_ADDR: services.integrations.address,
        NOTIFICATIONS_GRPC_ADDR: services.notifications.address,
        IDENTITY_GRPC_ADDR: services.identity.address,
      }),
      logger('gateway'),
      { bus: borrowed(bus) },
    );
  } catch (err) {
    // The port was taken or the gateway's store would not open: leave nothing running.
    await stopServices();
    throw err;
  }

  const unpublish = publishRuntime(config.DATA_DIR, {
    pid: process.pid,
    url: gateway.url,
    services: Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.address])),
  });

  let stopping: Promise<void> | undefined;
  platform = {
    url: gateway.url,
    services,
    stop: () =>
      (stopping ??= (async () => {
        unpublish();
        await gateway.stop();
        await stopServices();
      })()),
  };
  return platform;
}

/** The bus as a service sees it: everything but close, which stays with the owner. */
function borrowed(bus: EventBus): EventBus {
  return {
    publish: (topic, messages) => bus.publish(topic, messages),
    subscribe: (opts, handler) => bus.subscribe(opts, handler),
    // The dispatcher's fan-out stores many events' deliveries in one transaction through it.
    ...(bus.subscribeBatch ? { subscribeBatch: bus.subscribeBatch.bind(bus) } : {}),
    ping: () => bus.ping(),
    close: async () => {},
  };
}
