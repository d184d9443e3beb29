import { publishRuntime, storeConfigFor } from '@svc/config';
import { InProcessEventBus, type EventBus } from '@svc/events';
import { gatewaySettings, startGateway, type ServiceName } from '@svc/gateway';
import { type RunningGrpcHost, connectService } from '@svc/grpc';
import { catalogV1, customerV1 } from '@svc/proto';
import { InProcessLockManager } from '@svc/lock';
import { openStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { startBookingService } from '@svc/booking';
import { startCatalogService } from '@svc/catalog';
import { startCustomerService } from '@svc/customer';
import { startWebhookDispatcher } from '@svc/webhook-dispatcher';
import type { ResolvedPlatformConfig } from './config.js';

export interface EmbeddedPlatform {
  url: string;
  services: Record<ServiceName, RunningGrpcHost>;
  stop(): Promise<void>;
}

/**
 * Starts the four services on free loopback ports, each with its own SQLite file, an
 * in-process lock and one in-process event bus shared by the outbox relay and the
 * dispatcher; then the gateway, which reaches them over real gRPC like in Kubernetes.
 */
export async function startEmbeddedPlatform(config: ResolvedPlatformConfig): Promise<EmbeddedPlatform> {
  const level = config.LOG_LEVEL;
  const host = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: config.SHUTDOWN_GRACE_MS };
  const store = (name: string) => openStore(storeConfigFor(name, { ...config, PROFILE: 'embedded' }));
  // One bus shared by booking (publisher) and the dispatcher (consumer): the platform owns it,
  // so one service stopping cannot close it under the other.
  const bus = new InProcessEventBus();

  // Booking calls the catalog and customer services, so they start first.
  const catalog = await startCatalogService(host, {
    logger: createLogger('catalog', level),
    store: await store('catalog'),
  });
  const customer = await startCustomerService(host, {
    logger: createLogger('customer', level),
    store: await store('customer'),
  });
  const services: Record<ServiceName, RunningGrpcHost> = {
    catalog,
    customer,
    booking: await startBookingService(host, {
      logger: createLogger('booking', level),
      store: await store('booking'),
      lock: new InProcessLockManager(),
      bus: borrowed(bus),
      catalog: connectService(catalogV1.CatalogServiceService, catalog.address),
      customers: connectService(customerV1.CustomerServiceService, customer.address),
      lockWaitMs: 5_000,
    }),
    'webhook-dispatcher': await startWebhookDispatcher(host, {
      logger: createLogger('webhook-dispatcher', level),
      store: await store('webhook-dispatcher'),
      bus: borrowed(bus),
    }),
  };
  const gateway = await startGateway({
    host: config.HOST,
    port: config.PORT,
    logger: createLogger('gateway', level),
    store: await store('gateway'),
    settings: gatewaySettings(config, config.PORT),
    addresses: {
      catalog: services.catalog.address,
      booking: services.booking.address,
      customer: services.customer.address,
      'webhook-dispatcher': services['webhook-dispatcher'].address,
    },
  });

  const unpublish = publishRuntime(config.DATA_DIR, {
    pid: process.pid,
    url: gateway.url,
    services: Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.address])),
  });

  return {
    url: gateway.url,
    services,
    async stop() {
      unpublish();
      await gateway.stop();
      await Promise.all(Object.values(services).map((s) => s.stop()));
      await bus.close();
    },
  };
}

/** The bus as a service sees it: everything but close, which stays with the owner. */
function borrowed(bus: EventBus): EventBus {
  return {
    publish: (topic, messages) => bus.publish(topic, messages),
    subscribe: (opts, handler) => bus.subscribe(opts, handler),
    ping: () => bus.ping(),
    close: async () => {},
  };
}
