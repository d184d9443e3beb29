import { afterEach, describe, expect, it } from 'vitest';
import { bookingUnavailable, DependencyUnavailableError, DomainError, serviceUnavailable } from '@svc/errors';
import { catalogV1, healthV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import {
  bindService,
  checkHealth,
  connectService,
  probeHealth,
  startGrpcHost,
  unlessNotFound,
  type BindOptions,
  type RunningGrpcHost,
} from '../src/index.js';
import { freePort } from '@svc/testing';

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
      // Health names exactly the bound services: here catalog.v1.CatalogService (one method of it).
      services: [bindService(getTenantOnly, { getTenant: async () => ({ tenant: undefined }) })],
      resources: { store },
    });
    running.push(host);
    expect(await checkHealth(host.address)).toBe('SERVING');
    expect(await checkHealth(host.address, 'catalog.v1.CatalogService')).toBe('SERVING');
    store.state.healthy = false;
    expect(await checkHealth(host.address)).toBe('NOT_SERVING');

    const client = connectService(healthV1.HealthService, host.address);
    await expect(client.check({ service: 'nope.v1.Nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const list = await client.list({});
    expect(Object.keys(list.statuses).sort()).toEqual(['', 'catalog.v1.CatalogService']);
    client.close();
  });

  it('probeHealth reuses a client: SERVING, NOT_SERVING, and UNREACHABLE once the host is gone', async () => {
    const store = resource();
    const host = await startGrpcHost({ name: 't', settings, logger, services: [], resources: { store } });
    running.push(host);
    const client = connectService(healthV1.HealthService, host.address);
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

// A one-method slice of a generated definition: enough to serve and call GetTenant.
const getTenantOnly = { getTenant: catalogV1.CatalogServiceService.getTenant };

describe('bindService and connectService', () => {
  async function hostWith(
    getTenant: (req: catalogV1.GetTenantRequest) => Promise<catalogV1.GetTenantResponse>,
    options?: BindOptions,
    resources = {},
  ) {
    const host = await startGrpcHost({
      name: 't',
      settings,
      logger,
      resources,
      services: [bindService(getTenantOnly, { getTenant }, options)],
    });
    running.push(host);
    const client = connectService(getTenantOnly, host.address);
    return { host, client, call: (tenantId: string) => client.getTenant({ tenantId }).finally(() => client.close()) };
  }

  it('serves a handler and names the service after its generated path (also for Health)', async () => {
    const { host, call } = await hostWith(async (req) => ({ tenant: tenant(req.tenantId) }));
    expect((await call('ten_1')).tenant?.tenantId).toBe('ten_1');
    expect(await checkHealth(host.address, 'catalog.v1.CatalogService')).toBe('SERVING');
  });

  it('carries a DomainError with its code, details and status to the caller', async () => {
    const { call } = await hostWith(async (req) => {
      throw new DomainError('VALIDATION_ERROR', 'bad tenant', [{ path: 'tenantId', message: `got ${req.tenantId}` }]);
    });
    const err = await call('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({
      code: 'VALIDATION_ERROR',
      httpStatus: 400,
      details: [{ path: 'tenantId', message: 'got x' }],
    });
  });

  it('unlessNotFound answers null for NOT_FOUND and rejects with any other error', async () => {
    const { client } = await hostWith(async (req) => {
      if (req.tenantId === 'ten_gone') throw new DomainError('NOT_FOUND', 'Tenant not found');
      if (req.tenantId === 'ten_bad') throw new DomainError('VALIDATION_ERROR', 'bad');
      return { tenant: tenant(req.tenantId) };
    });
    try {
      expect((await unlessNotFound(client.getTenant({ tenantId: 'ten_1' })))?.tenant?.tenantId).toBe('ten_1');
      expect(await unlessNotFound(client.getTenant({ tenantId: 'ten_gone' }))).toBeNull();
      await expect(unlessNotFound(client.getTenant({ tenantId: 'ten_bad' }))).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
    } finally {
      client.close();
    }
  });

  it('maps an error thrown before the handler returns its promise like any other', async () => {
    const { call } = await hostWith(() => {
      throw new DomainError('VALIDATION_ERROR', 'bad', [{ path: 'tenantId', message: 'sync' }]);
    });
    await expect(call('x')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'tenantId' }] });
  });

  it('turns an unexpected error into INTERNAL_ERROR without its message', async () => {
    const { call } = await hostWith(async () => {
      throw new Error('password=hunter2');
    });
    const err = (await call('x').catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.httpStatus).toBe(500);
    expect(err.message).not.toContain('hunter2');
  });

  it('answers an unreachable dependency with a retryable INTERNAL_ERROR, or with the outage answer the service chose', async () => {
    const down = async (): Promise<catalogV1.GetTenantResponse> => {
      throw new DependencyUnavailableError('mongodb://secret is down');
    };
    const plain = (await (await hostWith(down)).call('x').catch((e: unknown) => e)) as DomainError;
    expect(plain).toMatchObject({ code: 'INTERNAL_ERROR', httpStatus: 500, retryable: true });
    expect(plain.message).not.toContain('secret');
    const booking = await hostWith(down, { outage: bookingUnavailable });
    await expect(booking.call('x')).rejects.toMatchObject({
      code: 'BOOKING_POLICY_BLOCKED',
      httpStatus: 503,
      retryable: true,
    });
    // A downstream service's outage passing through is an outage too, answered the same way.
    const relayed = await hostWith(
      async () => {
        throw serviceUnavailable('downstream down');
      },
      { outage: bookingUnavailable },
    );
    await expect(relayed.call('x')).rejects.toMatchObject({ code: 'BOOKING_POLICY_BLOCKED', httpStatus: 503 });
  });

  it('rejects with a retryable INTERNAL_ERROR when the service is unreachable or past the deadline', async () => {
    const nobody = connectService(getTenantOnly, `127.0.0.1:${await freePort()}`);
    await expect(nobody.getTenant({ tenantId: 'x' }, { deadlineMs: 500 })).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
      httpStatus: 500,
      retryable: true,
    });
    nobody.close();
    const { client } = await hostWith(() => new Promise(() => {}));
    await expect(client.getTenant({ tenantId: 'x' }, { deadlineMs: 200 })).rejects.toMatchObject({
      retryable: true,
    });
    client.close();
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
        bindService(getTenantOnly, {
          getTenant: async (req) => {
            await gate;
            return { tenant: tenant(req.tenantId) };
          },
        }),
      ],
    });
    const client = connectService(getTenantOnly, host.address);
    const inFlight = client.getTenant({ tenantId: 'ten_1' });
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

function tenant(tenantId: string): catalogV1.Tenant {
  return {
    tenantId,
    slug: 's',
    name: 'n',
    status: 'active',
    timezone: 'UTC',
    locale: 'en',
    createdAtMs: 0,
    updatedAtMs: 0,
  };
}
