// The audit log's service side (docs/decisions.md "Audit log"), through identity.v1 AuditService
// over real gRPC with the real catalog service: a crash's pending record marked unknown when a
// service starts on the store, a late completion, record() around a change that throws, and the
// retention sweeper under an injected clock. The records per HTTP change:
// apps/gateway/test/audit-log.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { InProcessEventBus } from '@svc/events';
import { ChangeRecorder, connectService, type AuditClient, type CatalogClient, type RunningGrpcHost } from '@svc/grpc';
import { auditV1, catalogV1 } from '@svc/proto';
import { openSqliteStore, type DocumentStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import { createTestTenant } from '@svc/testing';
import { AuditLog, type ChangeContext } from '../src/audit/audit-log.js';
import { AuditSweeper } from '../src/audit/audit-sweeper.js';
import { startIdentityService } from '../src/index.js';

const DAY = 86_400_000;
const OPERATOR = { type: 'operator' as const, id: 'operator', role: null };
const GRPC = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 };

let catalogHost: RunningGrpcHost;
let catalog: CatalogClient;
let store: DocumentStore;
let identity: RunningGrpcHost | undefined;
let audit: AuditClient;
let tenantId = '';

/** The identity service on the suite's store, as a (re)start would bring it up. */
async function startIdentity(): Promise<void> {
  await identity?.stop();
  identity = await startIdentityService(GRPC, {
    logger: createLogger('identity-test', 'silent'),
    // The store outlives each service start: closing is the suite's.
    store: kept(store),
    // Its own channel: the service closes it when it stops.
    clients: {
      catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
      customer: unused(),
      booking: unused(),
      webhooks: unused(),
      integrations: null,
      notifications: null,
    },
    bus: new InProcessEventBus(),
    sessionSecret: 'k'.repeat(32),
  });
  audit?.close();
  audit = connectService(auditV1.AuditServiceService, identity.address);
}

/** A client the audit log never calls (the tenant export's), closed with the service. */
const unused = () => ({ close: () => {} }) as never;

/** The store as a service that must not close it sees it. */
function kept(inner: DocumentStore): DocumentStore {
  return {
    collection: (name) => inner.collection(name),
    ensureIndexes: (specs) => inner.ensureIndexes(specs),
    dropIndex: (collection, name) => inner.dropIndex(collection, name),
    withTransaction: (fn) => inner.withTransaction(fn),
    ping: () => inner.ping(),
    scrubFreed: () => inner.scrubFreed(),
    close: async () => {},
  };
}

beforeAll(async () => {
  catalogHost = await startCatalogService(GRPC, {
    logger: createLogger('catalog-test', 'silent'),
    store: await openSqliteStore({ file: ':memory:' }),
  });
  catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
  store = await openSqliteStore({ file: ':memory:' });
  await new AuditLog(store).ensureIndexes();
  tenantId = (await createTestTenant(catalog, { slug: 'audit-main' })).tenantId;
  await startIdentity();
});
afterAll(async () => {
  audit?.close();
  await identity?.stop();
  await store?.close();
  catalog?.close();
  await catalogHost?.stop();
});

/** A context as AuditService takes it (proto3: what is unset is left out). */
function overGrpc(ctx: ChangeContext): auditV1.ChangeContext {
  const { actor, clientAddress, ...rest } = ctx;
  return {
    ...rest,
    actor: { type: actor.type, id: actor.id, ...(actor.role === null ? {} : { role: actor.role }) },
    ...(clientAddress === null ? {} : { clientAddress }),
  };
}

/** The records of a request, as the log lists them. */
async function recordsOf(requestId: string, tenant = tenantId) {
  const { items } = await new AuditLog(store).list(tenant, {}, { limit: 100 });
  return items.filter((e) => e.requestId === requestId);
}

describe('a crash between the record and the answer', () => {
  const context = (requestId: string): ChangeContext => ({
    tenantId,
    actor: { type: 'user', id: 'usr_owner', role: 'tenant_owner' },
    surface: 'dashboard',
    requestId,
    clientAddress: '127.0.0.1',
  });

  it('a pending record older than a minute is unknown after a start; a younger one is left to its request', async () => {
    // What a process wrote before it was killed: the record, never its outcome.
    const old = await new AuditLog(store, () => Date.now() - 2 * 60_000).begin(context('crashed-1'), 'updateStaff', [
      'stf_crashtarget',
    ]);
    const young = await new AuditLog(store, () => Date.now() - 30_000).begin(context('crashed-2'), 'updateStaff', []);
    expect((await recordsOf('crashed-1'))[0]?.outcome).toBe('pending');

    // An identity service starting on the same store (a restart, or another replica).
    await startIdentity();
    expect(await recordsOf('crashed-1')).toEqual([
      expect.objectContaining({ outcome: 'unknown', errorCode: null, targetIds: ['stf_crashtarget'] }),
    ]);
    expect((await recordsOf('crashed-2'))[0]?.outcome).toBe('pending');

    // A request still running when a sweep marked it gets its real outcome.
    const log = new AuditLog(store);
    expect(await log.complete(old, { outcome: 'succeeded', targetIds: ['stf_crashtarget'] })).toBe(true);
    expect((await recordsOf('crashed-1'))[0]?.outcome).toBe('succeeded');
    // An ended record is not changed again.
    expect(await log.complete(old, { outcome: 'failed', errorCode: 'NOT_FOUND' })).toBe(false);
    expect(await log.complete(young, { outcome: 'failed', errorCode: 'NOT_FOUND' })).toBe(true);
    expect((await recordsOf('crashed-2'))[0]).toMatchObject({ outcome: 'failed', errorCode: 'NOT_FOUND' });
  });

  it('record(): a change that throws a refusal is failed, one that throws an outage unknown; the error stands', async () => {
    const log = new ChangeRecorder(audit);
    const { DomainError, serviceUnavailable } = await import('@svc/errors');
    await expect(
      log.record(overGrpc(context('thrown-1')), 'updateStaff', [], async () => {
        throw new DomainError('NOT_FOUND', 'no');
      }),
    ).rejects.toThrow('no');
    await expect(
      log.record(overGrpc(context('thrown-2')), 'updateStaff', [], async () => {
        throw serviceUnavailable();
      }),
    ).rejects.toThrow();
    expect((await recordsOf('thrown-1'))[0]).toMatchObject({ outcome: 'failed', errorCode: 'NOT_FOUND' });
    expect((await recordsOf('thrown-2'))[0]).toMatchObject({ outcome: 'unknown', errorCode: 'INTERNAL_ERROR' });
  });
});

describe('retention sweeper', () => {
  it("removes each tenant's records older than its retention.auditDays (0: 365), by an injected clock", async () => {
    const short = (await createTestTenant(catalog, { slug: 'audit-short' })).tenantId;
    const long = (await createTestTenant(catalog, { slug: 'audit-long' })).tenantId;
    await catalog.updateTenant({ tenantId: short, retention: { auditDays: 90 } });
    let now = Date.now();
    const clock = () => now;
    const log = new AuditLog(store, clock);
    const write = async (tenant: string, requestId: string) => {
      const change = await log.begin(
        { tenantId: tenant, actor: OPERATOR, surface: 'cli', requestId, clientAddress: null },
        'member:add',
        ['usr_swept'],
      );
      await log.complete(change, { outcome: 'succeeded', targetIds: [] });
    };
    await write(short, 'sweep-short-old');
    await write(long, 'sweep-long-old');
    now += 91 * DAY;
    await write(short, 'sweep-short-new');
    const sweeper = new AuditSweeper(log, catalog, {
      now: clock,
      intervalMs: 3_600_000,
      logger: createLogger('audit-sweeper', 'silent'),
    });
    const ids = async (tenant: string) =>
      (await log.list(tenant, {}, { limit: 100 })).items.map((e) => e.requestId).sort();
    const targeted = async (tenant: string) =>
      (await log.list(tenant, { targetId: 'usr_swept' }, { limit: 100 })).items.length;

    expect((await sweeper.sweep()).removed).toBeGreaterThanOrEqual(1);
    expect(await ids(short)).toEqual(['sweep-short-new']);
    expect(await targeted(short)).toBe(1);
    expect(await ids(long)).toEqual(['sweep-long-old']);

    now += 275 * DAY; // 366 days after the first records: past the default 365
    await sweeper.sweep();
    expect(await ids(long)).toEqual([]);
    expect(await targeted(long)).toBe(0);
    // The tenant of this suite's records is swept too (nothing of it is younger than a year from now).
    expect((await log.list(tenantId, {}, { limit: 1 })).items).toEqual([]);
  });

  it('marks a pending record older than a minute unknown on each pass', async () => {
    let now = Date.now();
    const log = new AuditLog(store, () => now);
    const tenant = (await createTestTenant(catalog, { slug: 'audit-pending' })).tenantId;
    await log.begin(
      { tenantId: tenant, actor: OPERATOR, surface: 'cli', requestId: 'sweep-pending', clientAddress: null },
      'tenant:set-status',
      [],
    );
    const sweeper = new AuditSweeper(log, catalog, {
      now: () => now,
      intervalMs: 3_600_000,
      logger: createLogger('audit-sweeper', 'silent'),
    });
    expect((await sweeper.sweep()).marked).toBe(0);
    now += 61_000;
    expect((await sweeper.sweep()).marked).toBe(1);
    expect((await log.list(tenant, {}, { limit: 10 })).items[0]?.outcome).toBe('unknown');
  });
});
