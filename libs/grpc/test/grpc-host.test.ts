import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import { catalogV1, healthV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import {
  callUnary,
  checkHealth,
  createClient,
  probeHealth,
  startGrpcHost,
  unary,
  type RunningGrpcHost,
} from '../src/index.js';

const logger = createLogger('grpc-test', 'silent');
const settings = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 2_000 };
const running: RunningGrpcHost[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.stop()));
});

function resource() {
  const state = { healthy: true, closed: false };
  return {
    state,
    ping: async () => {
      if (!state.healthy) throw new Error('down');
    },
    close: async () => {
      state.closed = true;
    },
  };
}

describe('Health', () => {
  it('is SERVING while every resource answers, NOT_SERVING when one fails, NOT_FOUND for other names', async () => {
    const store = resource();
    const host = await startGrpcHost({
      name: 't',
      settings,
      logger,
      services: [],
      healthNames: ['catalog.v1.CatalogService'],
      resources: { store },
    });
    running.push(host);
    expect(await checkHealth(host.address)).toBe('SERVING');
    expect(await checkHealth(host.address, 'catalog.v1.CatalogService')).toBe('SERVING');
    store.state.healthy = false;
    expect(await checkHealth(host.address)).toBe('NOT_SERVING');

    const client = createClient(healthV1.HealthClient, host.address);
    await expect(callUnary(client.check.bind(client), { service: 'nope.v1.Nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const list = await callUnary(client.list.bind(client), {});
    expect(Object.keys(list.statuses).sort()).toEqual(['', 'catalog.v1.CatalogService']);
    client.close();
  });

  it('probeHealth reuses a client: SERVING, NOT_SERVING, and UNREACHABLE once the host is gone', async () => {
    const store = resource();
    const host = await startGrpcHost({ name: 't', settings, logger, services: [], resources: { store } });
    running.push(host);
    const client = createClient(healthV1.HealthClient, host.address);
    try {
      expect(await probeHealth(client, 1_000)).toBe('SERVING');
      store.state.healthy = false;
      expect(await probeHealth(client, 1_000)).toBe('NOT_SERVING');
      // An unknown service name is an error of the call, so it reads as UNREACHABLE.
      expect(await probeHealth(client, 1_000, 'nope.v1.Nope')).toBe('UNREACHABLE');
      await host.stop();
      running.splice(running.indexOf(host), 1);
      expect(await probeHealth(client, 500)).toBe('UNREACHABLE');
    } finally {
      client.close();
    }
  });
});

describe('unary handlers', () => {
  async function hostWith(getTenant: (req: catalogV1.GetTenantRequest) => Promise<catalogV1.GetTenantResponse>) {
    const host = await startGrpcHost({
      name: 't',
      settings,
      logger,
      resources: {},
      services: [
        {
          name: 'catalog.v1.CatalogService',
          definition: catalogV1.CatalogServiceService,
          implementation: { getTenant: unary('GetTenant', logger, getTenant) },
        },
      ],
    });
    running.push(host);
    const client = createClient(catalogV1.CatalogServiceClient, host.address);
    return { host, call: (tenantId: string) => callUnary(client.getTenant.bind(client), { tenantId }) };
  }

  it('carries a DomainError with its code, details and status to the caller', async () => {
    const { call } = await hostWith(async (req) => {
      throw new DomainError('VALIDATION_ERROR', 'bad tenant', [
        { path: 'params.tenantId', message: `got ${req.tenantId}` },
      ]);
    });
    const err = await call('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({
      code: 'VALIDATION_ERROR',
      httpStatus: 400,
      details: [{ path: 'params.tenantId', message: 'got x' }],
    });
  });

  it('turns an unexpected error into INTERNAL_ERROR without its message', async () => {
    const { call } = await hostWith(async () => {
      throw new Error('password=hunter2');
    });
    const err = (await call('x').catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.message).not.toContain('hunter2');
  });

  it('lets an in-flight call finish at shutdown, then closes resources, then refuses calls', async () => {
    const store = resource();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const host = await startGrpcHost({
      name: 't',
      settings,
      logger,
      resources: { store },
      services: [
        {
          name: 'catalog.v1.CatalogService',
          definition: catalogV1.CatalogServiceService,
          implementation: {
            getTenant: unary('GetTenant', logger, async (req: catalogV1.GetTenantRequest) => {
              await gate;
              return { tenant: catalogV1.Tenant.fromPartial({ tenantId: req.tenantId }) };
            }),
          },
        },
      ],
    });
    const client = createClient(catalogV1.CatalogServiceClient, host.address);
    const inFlight = callUnary(client.getTenant.bind(client), { tenantId: 'ten_1' });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = host.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(store.state.closed).toBe(false);
    release();
    expect((await inFlight).tenant?.tenantId).toBe('ten_1');
    await stopped;
    expect(store.state.closed).toBe(true);
    expect(await checkHealth(host.address)).toBe('UNREACHABLE');
    client.close();
  });
});
