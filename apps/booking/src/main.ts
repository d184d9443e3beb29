import { loadConfig, storeConfigFor } from '@svc/config';
import { createKafkaEventBus, InProcessEventBus } from '@svc/events';
import { startConfiguredProcess, connectService } from '@svc/grpc';
import { createRedisLockManager, InProcessLockManager } from '@svc/lock';
import { catalogV1, customerV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import { bookingConfigSchema } from './config.js';
import { startBookingService } from './service.js';

// A setting that is present picks its adapter (REDIS_URL → Redis lock, KAFKA_BROKERS → Kafka);
// the distributed profile requires them, so several replicas share one lock and one topic.
await startConfiguredProcess(
  'booking',
  () => loadConfig(bookingConfigSchema),
  async (config, logger) =>
    startBookingService(config, {
      logger,
      store: await openStore(storeConfigFor('booking', config)),
      lock: config.REDIS_URL
        ? await createRedisLockManager({ url: config.REDIS_URL, keyPrefix: 'booking:lock:' })
        : new InProcessLockManager(),
      bus: config.KAFKA_BROKERS
        ? createKafkaEventBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'booking' })
        : new InProcessEventBus(),
      catalog: connectService(catalogV1.CatalogServiceService, config.CATALOG_GRPC_ADDR),
      customers: connectService(customerV1.CustomerServiceService, config.CUSTOMER_GRPC_ADDR),
      lockWaitMs: config.LOCK_WAIT_MS,
    }),
);
