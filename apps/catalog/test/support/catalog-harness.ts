import { DomainError } from '@svc/errors';
import { type RunningGrpcHost, connectService, type CatalogClient } from '@svc/grpc';
import { catalogV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createTestTenant, uniqueSlug } from '@svc/testing';
import { createLogger } from '@svc/telemetry';
import { expect } from 'vitest';
import { startCatalogService } from '../../src/index.js';

type Client = CatalogClient;

export interface CatalogHarness {
  host: RunningGrpcHost;
  client: Client;
  stop(): Promise<void>;
}

/** The real service on a free port over an in-memory SQLite store, and a client of it. */
export async function startCatalog(): Promise<CatalogHarness> {
  const store = await openSqliteStore({ file: ':memory:' });
  const host = await startCatalogService(
    { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    { logger: createLogger('catalog', 'silent'), store },
  );
  const client = connectService(catalogV1.CatalogServiceService, host.address);
  return {
    host,
    client,
    async stop() {
      client.close();
      await host.stop();
    },
  };
}

/** The DomainError a call failed with (the test fails when it succeeded). */
export async function failure(call: Promise<unknown>): Promise<DomainError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

export async function expectNotFound(call: Promise<unknown>): Promise<void> {
  expect((await failure(call)).code).toBe('NOT_FOUND');
}

/** Asserts VALIDATION_ERROR whose details name exactly `paths` (in any order); answers the details. */
export async function expectViolations(call: Promise<unknown>, paths: string[]) {
  const err = await failure(call);
  expect(err.code).toBe('VALIDATION_ERROR');
  expect(err.details.map((d) => d.path).sort()).toEqual([...paths].sort());
  return err.details;
}

export { uniqueSlug };

/** A tenant created through `client` (see createTestTenant for the defaults). */
export function createTenant(client: Client, overrides: Partial<catalogV1.CreateTenantRequest> = {}) {
  return createTestTenant(client, overrides);
}
