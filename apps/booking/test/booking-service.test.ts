import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { checkHealth, connectService } from '@svc/grpc';
import { createRedisLockManager } from '@svc/lock';
import { catalogV1, customerV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { redisMissing, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { BOOKING_SERVICE_NAME, startBookingService } from '../src/index.js';
import { HOST_SETTINGS, startDependencies, type Dependencies } from './booking-fixture.js';

const run = serverGate('Redis', redisMissing());

describe.skipIf(!run)('booking service with a real Redis lock', () => {
  let redis: RedisServer;
  let deps: Dependencies;
  beforeAll(async () => {
    redis = await startRedis();
    deps = await startDependencies();
  });
  afterAll(async () => {
    await redis?.stop();
    await deps?.stop();
  });

  it('is SERVING with store, lock and bus up, NOT_SERVING once Redis is gone', async () => {
    const host = await startBookingService(HOST_SETTINGS, {
      logger: createLogger('booking', 'silent'),
      store: await openSqliteStore({ file: ':memory:' }),
      lock: await createRedisLockManager({ url: redis.url, keyPrefix: 'test:' }),
      bus: new InProcessEventBus(),
      catalog: connectService(catalogV1.CatalogServiceService, deps.catalogHost.address),
      customers: connectService(customerV1.CustomerServiceService, deps.customerHost.address),
      lockWaitMs: 5_000,
      holdSweepMs: 60_000,
    });
    try {
      expect(await checkHealth(host.address, BOOKING_SERVICE_NAME)).toBe('SERVING');
      await redis.stop();
      expect(await checkHealth(host.address, BOOKING_SERVICE_NAME, 4_000)).toBe('NOT_SERVING');
    } finally {
      await host.stop();
    }
  });
});
