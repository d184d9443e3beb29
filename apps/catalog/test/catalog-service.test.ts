import { describe, expect, it } from 'vitest';
import { checkHealth } from '@svc/grpc';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { CATALOG_SERVICE_NAME, startCatalogService } from '../src/index.js';

describe('catalog service', () => {
  it('serves Health under its name, probes its store, and closes the store when it stops', async () => {
    const store = await openSqliteStore({ file: ':memory:' });
    const host = await startCatalogService(
      { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
      { logger: createLogger('catalog', 'silent'), store },
    );
    expect(await checkHealth(host.address, CATALOG_SERVICE_NAME)).toBe('SERVING');
    await host.stop();
    await expect(store.ping()).rejects.toThrow();
    expect(await checkHealth(host.address)).toBe('UNREACHABLE');
  });
});
