import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { checkHealth } from '@svc/grpc';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { WEBHOOK_SERVICE_NAME, startWebhookDispatcher } from '../src/index.js';

describe('webhook dispatcher', () => {
  it('serves Health under its name and reports NOT_SERVING when its event bus is gone', async () => {
    const bus = new InProcessEventBus();
    const host = await startWebhookDispatcher(
      { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
      { logger: createLogger('webhook-dispatcher', 'silent'), store: await openSqliteStore({ file: ':memory:' }), bus },
    );
    try {
      expect(await checkHealth(host.address, WEBHOOK_SERVICE_NAME)).toBe('SERVING');
      await bus.close();
      expect(await checkHealth(host.address, WEBHOOK_SERVICE_NAME)).toBe('NOT_SERVING');
    } finally {
      await host.stop();
    }
  });
});
