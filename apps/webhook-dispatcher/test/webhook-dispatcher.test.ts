import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { checkHealth, connectService } from '@svc/grpc';
import { healthV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { startWebhookDispatcher } from '../src/index.js';

describe('webhook dispatcher', () => {
  it('names no service in Health until it serves one, and reports NOT_SERVING when its event bus is gone', async () => {
    const bus = new InProcessEventBus();
    const host = await startWebhookDispatcher(
      { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
      { logger: createLogger('webhook-dispatcher', 'silent'), store: await openSqliteStore({ file: ':memory:' }), bus },
    );
    const health = connectService(healthV1.HealthService, host.address);
    try {
      expect(await checkHealth(host.address)).toBe('SERVING');
      // webhooks.v1.WebhookService has no handlers yet, so Health must not claim it.
      expect(Object.keys((await health.list({})).statuses)).toEqual(['']);
      await expect(health.check({ service: 'webhooks.v1.WebhookService' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await bus.close();
      expect(await checkHealth(host.address)).toBe('NOT_SERVING');
    } finally {
      health.close();
      await host.stop();
    }
  });
});
