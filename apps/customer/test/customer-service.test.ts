import { describe, expect, it } from 'vitest';
import { checkHealth } from '@svc/grpc';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { CUSTOMER_SERVICE_NAME, startCustomerService } from '../src/index.js';

describe('customer service', () => {
  it('serves Health under its name, probes its store, and closes the store when it stops', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const host = await startCustomerService(
      { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
      { logger: createLogger('customer', 'silent'), store },
    );
    expect(await checkHealth(host.address, CUSTOMER_SERVICE_NAME)).toBe('SERVING');
    await host.stop();
    await expect(store.ping()).rejects.toThrow();
    expect(await checkHealth(host.address)).toBe('UNREACHABLE');
  });
});
