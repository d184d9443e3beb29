import { storeConfigFor } from '@svc/config';
import { eventBusFromConfig, type EventBus } from '@svc/events';
import { connectService, type RunningGrpcHost } from '@svc/grpc';
import { createRedisLockManager, InProcessLockManager, type LockManager } from '@svc/lock';
import { catalogV1, customerV1, integrationsV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { BookingConfig } from './config.js';
import { startBookingService } from './service.js';

/**
 * The booking service as its configuration describes it: main.ts and the embedded platform
 * start it so. A setting that is present picks its adapter (REDIS_URL → Redis lock,
 * KAFKA_BROKERS → Kafka); the distributed profile requires them, so several replicas share one
 * lock and one topic. `shared.bus`: a bus the caller owns (the embedded platform's, shared with
 * the dispatcher) instead of one of the service's own. `shared.now`: the clock (tests move it).
 */
export async function startBookingFromConfig(
  config: BookingConfig,
  logger: Logger,
  shared: { bus?: EventBus; now?: () => number } = {},
): Promise<RunningGrpcHost> {
  const store = await openStore(storeConfigFor('booking', config));
  let lock: LockManager;
  try {
    lock = config.REDIS_URL
      ? await createRedisLockManager({ url: config.REDIS_URL, keyPrefix: 'booking:lock:' })
      : new InProcessLockManager();
  } catch (err) {
    // The service never took the store over, so it would stay open.
    await store.close().catch(() => undefined);
    throw err;
  }
  return startBookingService(config, {
    logger,
    store,
    lock,
    bus: shared.bus ?? eventBusFromConfig(config, 'booking'),
    catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
    customers: connectService(customerV1.CustomerServiceService, config.CUSTOMER_GRPC_ADDR),
    integrations: config.INTEGRATIONS_GRPC_ADDR
      ? connectService(integrationsV1.IntegrationServiceService, config.INTEGRATIONS_GRPC_ADDR)
      : undefined,
    lockWaitMs: config.LOCK_WAIT_MS,
    holdSweepMs: config.HOLD_SWEEP_MS,
    paymentPollMs: config.PAYMENT_POLL_MS,
    erase: { waitMs: config.ERASE_WAIT_MS },
    ...(shared.now ? { now: shared.now } : {}),
  });
}
