import { loadConfig, storeConfigFor } from '@svc/config';
import { createKafkaEventBus, InProcessEventBus } from '@svc/events';
import { startConfiguredProcess } from '@svc/grpc';
import { createRedisLockManager, InProcessLockManager } from '@svc/lock';
import { openStore } from '@svc/store';
import { bookingConfigSchema } from './config.js';
import { startBookingService } from './service.js';

// The profile picks the adapters; the config schema guarantees the distributed settings exist.
await startConfiguredProcess(
  'booking',
  () => loadConfig(bookingConfigSchema),
  async (config, logger) => {
    const distributed = config.PROFILE === 'distributed';
    return startBookingService(config, {
      logger,
      store: await openStore(storeConfigFor('booking', config)),
      lock: distributed
        ? await createRedisLockManager({ url: config.REDIS_URL ?? '', keyPrefix: 'booking:lock:' })
        : new InProcessLockManager(),
      bus: distributed
        ? await createKafkaEventBus({ brokers: (config.KAFKA_BROKERS ?? '').split(','), clientId: 'booking' })
        : new InProcessEventBus(),
    });
  },
);
