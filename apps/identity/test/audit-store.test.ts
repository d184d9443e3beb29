// The audit log's store side (apps/identity/src/audit/audit-log.ts) on both adapters: the
// write-ahead record and its one completion (also when two race), the target rows the filters
// read, paging newest first, the tenant an operator's tenant:create learns from its answer, the
// abandoned-record marking and the retention delete.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openMongoStore, openSqliteStore, type DocumentStore } from '@svc/store';
import { mongoForSuites } from '@svc/testing';
import { ChangeRecorder, connectService, startGrpcHost } from '@svc/grpc';
import { auditV1 } from '@svc/proto';
import { createLogger } from '@svc/telemetry';
import { AuditLog, type ChangeContext } from '../src/audit/audit-log.js';
import { auditService } from '../src/audit/audit-rpc.js';

/** The operator CLI's actor. */
const OPERATOR = { type: 'operator' as const, id: 'operator', role: null };

/** Runs `run` under its record as the CLI does: through AuditService over gRPC, into `log`. */
async function recordThroughService<T>(log: AuditLog, ctx: ChangeContext, operation: string, run: () => Promise<T>) {
  const host = await startGrpcHost({
    name: 'identity',
    settings: { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    logger: createLogger('audit-store-test', 'silent'),
    services: [auditService(log)],
    resources: {},
  });
  const client = connectService(auditV1.AuditServiceService, host.address);
  try {
    const { clientAddress, actor, ...rest } = ctx;
    const context = { ...rest, actor: { type: actor.type, id: actor.id }, ...(clientAddress ? { clientAddress } : {}) };
    return await new ChangeRecorder(client).record(context, operation, [], run);
  } finally {
    client.close();
    await host.stop();
  }
}

function auditStoreSuite(name: string, open: () => Promise<DocumentStore>) {
  describe(`audit log store (${name})`, () => {
    const ctx = (tenantId: string, requestId: string, actorId = 'usr_one'): ChangeContext => ({
      tenantId,
      actor: { type: 'user', id: actorId, role: 'tenant_owner' },
      surface: 'dashboard',
      requestId,
      clientAddress: '203.0.113.1',
    });

    async function withLog(fn: (log: AuditLog, clock: { now: number }) => Promise<void>) {
      const store = await open();
      const clock = { now: 1_800_000_000_000 };
      const log = new AuditLog(store, () => clock.now);
      await log.ensureIndexes();
      try {
        await fn(log, clock);
      } finally {
        await store.close();
      }
    }

    it('pending, then completed once with the answer’s ids added; the target filter finds both kinds', async () => {
      await withLog(async (log) => {
        const change = await log.begin(ctx('ten_a', 'r1'), 'postBookingsConfirm', ['bkg_one']);
        expect((await log.list('ten_a', {}, { limit: 10 })).items).toEqual([
          expect.objectContaining({ outcome: 'pending', targetIds: ['bkg_one'], completedAtMs: null }),
        ]);
        expect(await log.complete(change, { outcome: 'succeeded', targetIds: ['bkg_one', 'cus_one'] })).toBe(true);
        expect(await log.complete(change, { outcome: 'failed', errorCode: 'NOT_FOUND' })).toBe(false);
        const [record] = (await log.list('ten_a', {}, { limit: 10 })).items;
        expect(record).toMatchObject({ outcome: 'succeeded', targetIds: ['bkg_one', 'cus_one'], errorCode: null });
        for (const target of ['bkg_one', 'cus_one']) {
          expect((await log.list('ten_a', { targetId: target }, { limit: 10 })).items.map((e) => e.requestId)).toEqual([
            'r1',
          ]);
        }
        expect((await log.list('ten_b', { targetId: 'bkg_one' }, { limit: 10 })).items).toEqual([]);
      });
    });

    it('two completions at once: exactly one applies', async () => {
      await withLog(async (log) => {
        for (let i = 0; i < 5; i++) {
          const change = await log.begin(ctx('ten_race', `race-${i}`), 'updateStaff', []);
          const results = await Promise.all([
            log.complete(change, { outcome: 'succeeded', targetIds: ['stf_a'] }),
            log.complete(change, { outcome: 'failed', errorCode: 'NOT_FOUND' }),
          ]);
          expect(results.filter(Boolean)).toHaveLength(1);
          const record = (await log.list('ten_race', {}, { limit: 10 })).items.find((e) => e.requestId === `race-${i}`);
          // Target rows only with the completion that applied.
          const rows = (await log.list('ten_race', { targetId: 'stf_a' }, { limit: 10 })).items;
          expect(rows.some((e) => e.requestId === `race-${i}`)).toBe(record!.outcome === 'succeeded');
        }
      });
    });

    it('pages newest first by actor, by target and within a time window', async () => {
      await withLog(async (log, clock) => {
        for (let i = 0; i < 7; i++) {
          clock.now += 1_000;
          const actor = i % 2 === 0 ? 'usr_even' : 'usr_odd';
          const change = await log.begin(ctx('ten_p', `p${i}`, actor), 'updateStaff', ['stf_shared']);
          await log.complete(change, { outcome: 'succeeded', targetIds: [] });
        }
        const walk = async (filter: Parameters<AuditLog['list']>[1]) => {
          const seen: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await log.list('ten_p', filter, { limit: 2, cursor });
            seen.push(...page.items.map((e) => e.requestId));
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          return seen;
        };
        expect(await walk({})).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
        expect(await walk({ targetId: 'stf_shared' })).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
        expect(await walk({ actorId: 'usr_odd' })).toEqual(['p5', 'p3', 'p1']);
        expect(await walk({ actorId: 'usr_even', targetId: 'stf_shared' })).toEqual(['p6', 'p4', 'p2', 'p0']);
        const start = 1_800_000_000_000;
        expect(await walk({ fromMs: start + 2_000, toMs: start + 5_000 })).toEqual(['p3', 'p2', 'p1']);
        expect(await walk({ targetId: 'stf_shared', fromMs: start + 6_000 })).toEqual(['p6', 'p5']);
      });
    });

    it('a change that creates its tenant is recorded without one and completed with it', async () => {
      await withLog(async (log) => {
        const cli = { tenantId: '', actor: OPERATOR, surface: 'cli' as const, requestId: 'cli-1', clientAddress: null };
        await recordThroughService(log, cli, 'tenant:create', async () => ({ tenantId: 'ten_new', ownerUserId: 'usr_owner' }));
        expect((await log.list('', {}, { limit: 10 })).items).toEqual([]);
        expect((await log.list('ten_new', { targetId: 'usr_owner' }, { limit: 10 })).items).toEqual([
          expect.objectContaining({ operation: 'tenant:create', tenantId: 'ten_new', targetIds: ['usr_owner'] }),
        ]);
      });
    });

    it('marks pending records older than a minute unknown, and deletes what retention no longer keeps', async () => {
      await withLog(async (log, clock) => {
        await log.begin(ctx('ten_s', 'old'), 'updateStaff', ['stf_s']);
        clock.now += 30_000;
        await log.begin(ctx('ten_s', 'young'), 'updateStaff', ['stf_s']);
        clock.now += 40_000;
        expect(await log.markAbandoned()).toBe(1);
        const outcome = async (requestId: string) =>
          (await log.list('ten_s', {}, { limit: 10 })).items.find((e) => e.requestId === requestId)?.outcome;
        expect(await outcome('old')).toBe('unknown');
        expect(await outcome('young')).toBe('pending');

        expect(await log.sweepTenant('ten_s', 1_800_000_000_000 + 10_000)).toBe(1);
        expect((await log.list('ten_s', { targetId: 'stf_s' }, { limit: 10 })).items.map((e) => e.requestId)).toEqual([
          'young',
        ]);
        expect(await log.sweepTenant('ten_other', clock.now + 1)).toBe(0);
        expect(await outcome('young')).toBe('pending');
      });
    });
  });
}

auditStoreSuite('SQLite', () => openSqliteStore({ file: ':memory:' }));

// The distributed profile's adapter: MONGODB_URL when set, else the wire-protocol test server.
const mongo = mongoForSuites();
afterAll(() => mongo.stop());
if (mongo.runs) {
  auditStoreSuite('MongoDB', async () =>
    openMongoStore({
      url: await mongo.url(),
      dbName: `gateway_audit_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    }),
  );
}
