import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { checkHealth } from '@svc/grpc';
import { createRedisLockManager } from '@svc/lock';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { redisMissing, serverGate, startRedis, type RedisServer } from '@svc/testing';
import { BOOKING_SERVICE_NAME, startBookingService } from '../src/index.js';

const run = serverGate('Redis', redisMissing());

describe.skipIf(!run)('booking service with a real Redis lock', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('is SERVING with store, lock and bus up, NOT_SERVING once Redis is gone', async () => {
    const host = await startBookingService(
      { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
      {
        logger: createLogger('booking', 'silent'),
        store: await openSqliteStore({ file: ':memory:' }),
        lock: await createRedisLockManager({ url: redis.url, keyPrefix: 'test:' }),
        bus: new InProcessEventBus(),
      },
    );
    try {
      expect(await checkHealth(host.address, BOOKING_SERVICE_NAME)).toBe('SERVING');
      await redis.stop();
      expect(await checkHealth(host.address, BOOKING_SERVICE_NAME, 4_000)).toBe('NOT_SERVING');
    } finally {
      await host.stop();
    }
  });
});
