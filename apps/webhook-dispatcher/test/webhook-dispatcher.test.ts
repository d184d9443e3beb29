import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '@svc/events';
import { checkHealth, connectService } from '@svc/grpc';
import { healthV1 } from '@svc/proto';
import { startDispatcher } from './support/dispatcher.js';

describe('webhook dispatcher host', () => {
  it('serves webhooks.v1.WebhookService, and reports NOT_SERVING when its event bus is gone', async () => {
    const bus = new InProcessEventBus();
    const dispatcher = await startDispatcher({ bus });
    const health = connectService(healthV1.HealthService, dispatcher.host.address);
    try {
      expect(await checkHealth(dispatcher.host.address)).toBe('SERVING');
      expect(Object.keys((await health.list({})).statuses).sort()).toEqual(['', 'webhooks.v1.WebhookService']);
      expect(await checkHealth(dispatcher.host.address, 'webhooks.v1.WebhookService')).toBe('SERVING');
      await bus.close();
      expect(await checkHealth(dispatcher.host.address)).toBe('NOT_SERVING');
    } finally {
      health.close();
      await dispatcher.stop();
    }
  });
});
